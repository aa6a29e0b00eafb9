import CalendarDocuments
import CalendarModel
import Foundation
import XCTest

/// Opening and merging documents without starting a process: formats told by name and content,
/// inputs merged with the first calendar's properties, output formats by extension.
final class CalendarDocumentsTests: XCTestCase {
    private func format(_ path: String, _ head: String) -> CalendarFormat {
        CalendarFormat.of(input: path, given: nil, head: Array(head.utf8))
    }

    func testTheContentTellsFormatsThatShareAnExtension() throws {
        XCTAssertEqual(format("plan.json", #"{"calendar": {}, "lectures": []}"#), .timetable)
        XCTAssertEqual(format("model.json", #"{"components": []}"#), .json)
        XCTAssertEqual(format("cal.json", #"["vcalendar", [], []]"#), .jcal)
        XCTAssertEqual(format("report.xml", "<?xml version=\"1.0\"?><d:multistatus xmlns:d=\"DAV:\"/>"), .caldavXML)
        XCTAssertEqual(format("cal.xml", "<?xml version=\"1.0\"?><icalendar/>"), .xcal)
        XCTAssertEqual(format("lectures.csv", "id,title"), .csv, "read as a timetable, one lecture a row")
        XCTAssertEqual(format("-", "\u{FEFF}BEGIN:VCARD\r\n"), .vcf)
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
        func calendar(_ name: String, _ event: String, named calendarName: String = "Familie") throws -> String {
            let text =
                "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//\(name)//EN\r\nX-WR-CALNAME:\(calendarName)\r\n"
                + "X-APPLE-CALENDAR-COLOR:#\(name == "first" ? "FF0000" : "00FF00")\r\nBEGIN:VEVENT\r\nUID:\(event)\r\n"
                + "DTSTAMP:20260101T000000Z\r\nDTSTART:20260105T090000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            let path = folder.appendingPathComponent(name + ".ics").path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let paths = [try calendar("first", "a"), try calendar("second", "b")]
        let (merged, diagnostics) = try CalendarInputs(paths: paths, format: nil).readCalendar()
        XCTAssertEqual(
            merged.all("PRODID").map(\.value), ["-//calbridge//calbridge \(CalbridgeVersion.number)//EN"], "the merge is calbridge's")
        XCTAssertEqual(merged["X-APPLE-CALENDAR-COLOR"]?.value, "#FF0000")
        XCTAssertEqual(merged.components.map { $0["UID"]?.value }, ["a", "b"])
        XCTAssertEqual(diagnostics.map(\.message), [], "a merge asked for, of calendars of one name, has nothing to tell")
    }

    func testMergedCalendarsOfDifferentNamesGetOneNoteOnWhichNameTheOutputCarries() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("calendar-documents-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = try [("google", "Familie Brandt"), ("apple", "Zuhause"), ("outlook", "Kalender")].map { producer, name in
            let text =
                "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//\(producer)//EN\r\nX-WR-CALNAME:\(name)\r\nBEGIN:VEVENT\r\n"
                + "UID:\(producer)\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20260105T090000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            let path = folder.appendingPathComponent(producer + ".ics").path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let (merged, diagnostics) = try CalendarInputs(paths: paths, format: nil).readCalendar()
        XCTAssertEqual(merged.all("X-WR-CALNAME").map(\.value), ["Familie Brandt"])
        XCTAssertEqual(diagnostics.map(\.severity), [.notice])
        XCTAssertEqual(diagnostics.first?.file, paths[1])
        XCTAssertEqual(
            diagnostics.first?.message,
            "the merged calendar is named \"Familie Brandt\" after \(paths[0]); "
                + "this calendar's name \"Zuhause\" and those of any later inputs are left out")
    }
}
