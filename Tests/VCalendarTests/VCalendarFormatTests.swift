import CalendarDocuments
import CalendarModel
import Foundation
import VCalendar
import XCTest

/// How a vCalendar 1.0 reaches its reader: by a `.vcs` name, by its content under an `.ics` name or
/// none, and never for an iCalendar 2.0 file.
final class VCalendarFormatTests: XCTestCase {
    private let vcs = CalendarFormat(rawValue: "vcs")

    private func sample(_ name: String) throws -> String {
        try XCTUnwrap(Bundle.module.url(forResource: "Resources/" + name, withExtension: nil)).path
    }

    func testAVersionOneFileIsReadAsVCalendarByItsNameOrItsContent() throws {
        XCTAssertEqual(CalendarFormat.of(input: try sample("samsung.vcs"), given: nil), vcs)
        XCTAssertEqual(CalendarFormat.of(input: try sample("version-one.ics"), given: nil), vcs)
        let head = Array(try Data(contentsOf: URL(fileURLWithPath: try sample("outlook-2003.vcs"))))
        XCTAssertEqual(CalendarFormat.of(input: "-", given: nil, head: head), vcs, "standard input, Outlook's PRODID first")
        let version2 = Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//EN\r\nEND:VCALENDAR\r\n".utf8)
        XCTAssertEqual(CalendarFormat.of(input: "-", given: nil, head: version2), .ics)
        XCTAssertEqual(CalendarFormat(path: "calendar.ics"), .ics, "an .ics name still names iCalendar")
    }

    func testAnIcsFileThatSaysVersionOneIsTranslatedWhenConverted() throws {
        let (calendar, diagnostics) = try CalendarInputs(paths: [try sample("version-one.ics")], format: nil).readCalendar()
        XCTAssertEqual(calendar["VERSION"]?.value, "2.0")
        XCTAssertEqual(calendar.components.first?["RRULE"]?.value, "FREQ=DAILY;COUNT=5")
        XCTAssertEqual(diagnostics.filter { $0.severity != .notice }.map(\.description), [])
    }

    func testAFileWithNoCalendarIsRefusedWithWhereItWentWrong() {
        XCTAssertThrowsError(try VCalendarReader.document(Array("VERSION:1.0\r\nSUMMARY:x\r\n".utf8), file: "x.vcs")) { error in
            let diagnostics = (error as? InvalidCalendarData)?.diagnostics ?? []
            XCTAssertEqual(diagnostics.first?.location, SourceLocation(line: 1, column: 1))
            XCTAssertTrue(diagnostics.last?.message.contains("no BEGIN:VCALENDAR") == true, "\(diagnostics)")
        }
    }
}
