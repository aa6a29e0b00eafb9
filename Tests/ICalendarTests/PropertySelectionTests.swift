import CalendarModel
import Foundation
@testable import ICalendar
import Platform
import XCTest

/// A reader given a `PropertySelection` builds only those properties (and the ones calbridge checks),
/// yet reads and checks every line as before: the diagnostics never change.
final class PropertySelectionTests: XCTestCase {
    private let expansionNames = [
        "UID", "DTSTART", "DTEND", "DURATION", "DUE", "RRULE", "RDATE", "EXDATE", "EXRULE",
        "RECURRENCE-ID", "SUMMARY", "STATUS",
    ]

    func testOnlySelectedAndCheckedPropertiesAreBuiltOutsideTimeZones() throws {
        let path = try temporaryFile(
            crlf([
                "BEGIN:VCALENDAR", "BEGIN:VTIMEZONE", "TZID:Test/Zone", "X-LIC-LOCATION:Test", "BEGIN:STANDARD",
                "DTSTART:19700101T000000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0100", "TZNAME:TST", "END:STANDARD", "END:VTIMEZONE",
                "BEGIN:VEVENT", "UID:1", "DTSTAMP:20260101T000000Z", "DTSTART;TZID=Test/Zone:20260105T100000", "SUMMARY:Lecture",
                "DESCRIPTION:Long text", "ATTENDEE;CN=\"Doe, J\";PARTSTAT=ACCEPTED:mailto:j@example.com", "x-custom:1",
                "SEQUENCE:2", "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT15M", "DESCRIPTION:Soon", "END:VALARM",
                "END:VEVENT", "END:VCALENDAR",
            ]))
        let (calendar, _) = try read(path, selecting: ["SUMMARY"])
        let zone = try XCTUnwrap(calendar.components.first)
        XCTAssertEqual(zone.properties.map(\.name), ["TZID", "X-LIC-LOCATION"])
        XCTAssertEqual(zone.components.first?.properties.map(\.name), ["DTSTART", "TZOFFSETFROM", "TZOFFSETTO", "TZNAME"])
        let event = try XCTUnwrap(calendar.components.last)
        // SEQUENCE has a value check (INTEGER), so it is built to be checked; UID and DTSTAMP are looked for.
        XCTAssertEqual(event.properties.map(\.name), ["UID", "DTSTAMP", "DTSTART", "SUMMARY", "SEQUENCE"])
        XCTAssertEqual(event.properties.first { $0.name == "DTSTART" }?[parameter: "TZID"], "Test/Zone")
        XCTAssertEqual(event.components.first?.properties.map(\.name), ["ACTION", "TRIGGER"])
    }

    func testLinesLeftOutStillReportTheirProblemsWhereTheyAre() throws {
        let lines = [
            "BEGIN:VCALENDAR", "BEGIN:VEVENT", "DESCRIPTION:first line", "without a leading space", "UID:1",
            "DTSTAMP:20260101T000000Z", "ATTENDEE;CN=\"Doe, J:mailto:j@example.com", "LOCATION;X-A=1;X-B:room",
            "COMMENT:bell \u{07} here", "X-NOTE;X-LANG=d\"e:text", "END:VEVENT", "END:VCALENDAR",
        ]
        var bytes = Array(crlf(lines).utf8)
        // A Windows-1252 'ä' in a line the selection leaves out.
        bytes.insert(0xE4, at: bytes.firstRange(of: Array("room".utf8))!.lowerBound)
        let path = try temporaryFile(bytes: bytes)
        let all = try read(path, selecting: nil).diagnostics
        let selected = try read(path, selecting: expansionNames).diagnostics
        XCTAssertEqual(selected.map(\.description), all.map(\.description))
        XCTAssertEqual(selected.compactMap(\.location).map(\.line), [4, 7, 8, 9, 10])
        XCTAssertTrue(selected[0].message.contains("without the leading space a fold needs"), selected[0].message)
        XCTAssertTrue(selected[1].message.contains("quoted parameter value is not closed"), selected[1].message)
        XCTAssertTrue(selected[2].message.contains("parameter X-B has no '=value'"), selected[2].message)
        XCTAssertTrue(selected[3].message.contains("control character"), selected[3].message)
        XCTAssertTrue(selected[4].message.contains("'\"' inside an unquoted parameter value"), selected[4].message)
    }

    /// On the corpus and the samples: the same diagnostics, and each component is the fully read one
    /// less exactly the properties neither selected nor checked.
    func testRealCalendarsReadTheSameLessTheLeftOutProperties() throws {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folders = [Bundle.module.resourceURL!.appendingPathComponent("Corpus"), package.appendingPathComponent("Samples")]
        let files = try folders.flatMap { folder in
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".ics") }.map {
                folder.appendingPathComponent($0).path
            }
        }
        XCTAssertGreaterThanOrEqual(files.count, 60)
        var leftOut = 0
        for path in files {
            let full = try read(path, selecting: nil)
            let selected = try read(path, selecting: expansionNames)
            XCTAssertEqual(selected.diagnostics.map(\.description), full.diagnostics.map(\.description), path)
            let expected = full.calendar.components.map { $0.name == "VTIMEZONE" ? $0 : keepingBuilt($0) }
            leftOut += full.calendar.components.map(propertyCount).reduce(0, +) - expected.map(propertyCount).reduce(0, +)
            XCTAssertEqual(selected.calendar.components.map(text), expected.map(text), path)
        }
        XCTAssertGreaterThan(leftOut, 500, "the corpus should have properties a selection leaves out")
    }

    private func keepingBuilt(_ component: Component) -> Component {
        let built = Set(expansionNames + ComponentChecks.namesLookedFor + PropertyValueCheck.kindsByName.keys)
        var kept = component
        kept.properties.removeAll { !built.contains($0.name) }
        kept.components = component.components.map(keepingBuilt)
        return kept
    }

    private func propertyCount(_ component: Component) -> Int {
        component.properties.count + component.components.map(propertyCount).reduce(0, +)
    }

    private func text(_ component: Component) -> String {
        var writer = ICalendarWriter()
        writer.write(component)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    private func read(_ path: String, selecting names: [String]?) throws -> (calendar: Component, diagnostics: [Diagnostic]) {
        var calendar = Component(name: "VCALENDAR")
        var reader = CalendarStreamReader()
        reader.checksWithLibical = false
        reader.selection = names.map { PropertySelection(names: $0) }
        try reader.read(try InputFile(path: path)) { event in
            if case .component(let read) = event, let component = read.component { calendar.components.append(component) }
        }
        return (calendar, reader.diagnostics)
    }
}
