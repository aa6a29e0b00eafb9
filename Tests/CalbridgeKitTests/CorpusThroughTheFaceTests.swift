@testable import CalbridgeKit
import CalendarDocuments
import CalendarWebFormats
import Foundation
import ICalendar
import Platform
import TimeZones
import XCTest

/// Round trips through the face lose nothing the CLI's engine keeps: every corpus file opened with
/// `EventCalendar(contentsOf:)` and written as ics, xCal, jCal and model JSON reads back as the
/// engine's own readers and writers give it back.
final class CorpusThroughTheFaceTests: XCTestCase {
    private var corpus: [URL] {
        let folder = samples.deletingLastPathComponent().appendingPathComponent("Tests/ICalendarTests/Corpus")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".ics") }.sorted().map { folder.appendingPathComponent($0) }
    }

    func testEveryCorpusFileRoundTripsThroughTheFaceInEveryFormat() throws {
        XCTAssertEqual(corpus.count, 64)
        XCTAssertEqual(try roundTrips(corpus), corpus.count * 4)
    }

    func testEveryReferenceCalendarPythonReadsRoundTripsThroughTheFace() throws {
        guard let python = ProcessInfo.processInfo.environment["CALBRIDGE_PYTHON"] else {
            if ProcessInfo.processInfo.environment["CI"] != nil { XCTFail("CALBRIDGE_PYTHON is not set; run Scripts/test") }
            throw XCTSkip("CALBRIDGE_PYTHON is not set; Scripts/test sets it to .venv/bin/python")
        }
        let files = try pythonReadableCalendars(python)
        // As ReferenceCalendarsTests counts them for the CLI: 248 of the 258 files python reads.
        XCTAssertEqual(files.count, 248)
        XCTAssertEqual(try roundTrips(files), files.count * 4)
    }

    /// Opens each file through the face and writes it in every format; counts the round trips that
    /// gave back what the engine gives back.
    private func roundTrips(_ files: [URL]) throws -> Int {
        var same = 0
        for url in files {
            let name = url.lastPathComponent
            let opened = try EventCalendar(contentsOf: url)
            let engine = try engineReading(url)
            XCTAssertEqual(opened.component.canonicalForm, engine.canonicalForm, name)
            let completed = ZoneUsage.completing(engine, resolver: TimeZoneResolver(definitions: [:]))
            var writer = ICalendarWriter()
            writer.write(completed)
            let expected: [CalendarFileFormat: Component] = [
                .ics: completed,
                .xCal: try XCalReader().calendars(from: XCalWriter().document(for: completed))[0],
                .jCal: try JCalReader().calendars(from: JCalWriter().document(for: completed))[0],
                .modelJSON: try JSONDecoder().decode(ModelJSON.self, from: JSONEncoder().encode(ModelJSON(completed))).component,
            ]
            for (format, engineBack) in expected {
                let back = try EventCalendar(data: opened.data(as: format), format: format, name: name)
                if back.component.canonicalForm == engineBack.canonicalForm {
                    same += 1
                } else {
                    XCTFail("\(name) through \(format.rawValue) differs from the engine's round trip")
                }
            }
        }
        return same
    }

    /// A file read by the engine's streaming reader, as the CLI reads one input.
    private func engineReading(_ url: URL) throws -> Component {
        var calendar = Component(name: "VCALENDAR")
        var reader = CalendarStreamReader()
        reader.zones = .judgedByDatabase()
        try reader.read(try InputFile(path: url.path)) { event in
            switch event {
            case .property(let property): calendar.properties.append(property)
            case .component(let read): if let component = read.component { calendar.components.append(component) }
            }
        }
        return calendar
    }

    /// The test calendars of python icalendar and recurring-ical-events that python icalendar reads.
    private func pythonReadableCalendars(_ python: String) throws -> [URL] {
        let script = """
            import glob, os, icalendar, recurring_ical_events
            folders = [os.path.dirname(icalendar.__file__), os.path.dirname(recurring_ical_events.__file__)]
            for path in sorted(f for d in folders for f in glob.glob(os.path.join(d, "**", "*.ics"), recursive=True)):
                try: icalendar.Calendar.from_ical(open(path, "rb").read())
                except Exception: continue
                print(path)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return output.split(separator: "\n").map { URL(fileURLWithPath: String($0)) }
    }
}
