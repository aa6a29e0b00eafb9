import CalendarDocuments
import CalendarModel
import Foundation
import XCTest

/// Opening and merging documents without starting a process: formats told by name and content,
/// inputs merged with the first calendar's properties, output formats by extension.
final class CalendarDocumentsTests: XCTestCase {
    private func format(_ path: String, _ head: String) throws -> CalendarFormat {
        try CalendarFormat.of(input: path, given: nil, head: Array(head.utf8))
    }

    func testTheContentTellsFormatsThatShareAnExtension() throws {
        XCTAssertEqual(try format("plan.json", #"{"calendar": {}, "lectures": []}"#), .timetable)
        XCTAssertEqual(try format("model.json", #"{"components": []}"#), .json)
        XCTAssertEqual(try format("cal.json", #"["vcalendar", [], []]"#), .jcal)
        XCTAssertEqual(try format("report.xml", "<?xml version=\"1.0\"?><d:multistatus xmlns:d=\"DAV:\"/>"), .caldavXML)
        XCTAssertEqual(try format("cal.xml", "<?xml version=\"1.0\"?><icalendar/>"), .xcal)
        XCTAssertEqual(try format("lectures.csv", "id,title"), .timetable)
        XCTAssertEqual(try format("-", "\u{FEFF}BEGIN:VCARD\r\n"), .vcf)
    }

    func testTheOutputExtensionNamesTheFormatAndAnUnknownOneIsRefused() throws {
        XCTAssertEqual(try CalendarConversion.format(ofOutput: nil), .ics)
        XCTAssertEqual(try CalendarConversion.format(ofOutput: "out.xcs"), .xcal)
        XCTAssertEqual(try CalendarConversion.format(ofOutput: "out.jcal"), .jcal)
        XCTAssertThrowsError(try CalendarConversion.format(ofOutput: "out.pdf")) { error in
            XCTAssertTrue((error as? UsageProblem)?.message.hasPrefix("out.pdf: no format calbridge writes ends in .pdf") == true)
        }
    }

    func testInputsMergeWithTheFirstCalendarsPropertiesAndEveryComponent() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("calendar-documents-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func calendar(_ name: String, _ event: String) throws -> String {
            let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//\(name)//EN\r\nBEGIN:VEVENT\r\nUID:\(event)\r\nDTSTAMP:20260101T000000Z\r\n"
                + "DTSTART:20260105T090000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            let path = folder.appendingPathComponent(name + ".ics").path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let paths = [try calendar("first", "a"), try calendar("second", "b")]
        let (merged, diagnostics) = try CalendarInputs(paths: paths, format: nil).readCalendar()
        XCTAssertEqual(merged["PRODID"]?.value, "-//first//EN")
        XCTAssertEqual(merged.components.map { $0["UID"]?.value }, ["a", "b"])
        XCTAssertEqual(diagnostics.map(\.message), ["PRODID of a later calendar is left out: the merged calendar keeps the first one's (line 3)"])
    }
}
