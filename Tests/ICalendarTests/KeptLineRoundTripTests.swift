import CalendarModel
import ICalendar
import XCTest

/// Lines the reader keeps as written come back the same when the calendar is written and read again,
/// even where writing them verbatim would make them something else (cases fuzzing found).
final class KeptLineRoundTripTests: XCTestCase {
    private func readTwice(_ lines: [String]) throws -> (first: Component, text: String, second: Component) {
        let (first, _) = try readCalendar(path: try temporaryFile(crlf(lines)))
        let text = String(decoding: written(first), as: UTF8.self)
        let (second, _) = try readCalendar(path: try temporaryFile(text))
        return (first, text, second)
    }

    private func keptLines(_ calendar: Component) -> [String] {
        calendar.properties.filter(\.isUnreadableLine).map(\.value)
    }

    func testKeptLinesBeyondTheBoundariesToStandAfterAreWrittenAsTheirProperty() throws {
        // Two lone words after two ENDs the reader skipped: once written, only one BEGIN is left above them.
        let (first, text, second) = try readTwice([
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//tests//EN", "END:VTODO", "FIRSTWORD", "END:VJOURNAL", "SECONDWORD",
            "END:VCALENDAR",
        ])
        XCTAssertEqual(keptLines(first), ["FIRSTWORD", "SECONDWORD"])
        XCTAssertTrue(text.contains("BEGIN:VCALENDAR\r\nFIRSTWORD\r\n"), text)
        XCTAssertTrue(text.contains("X-CALBRIDGE-UNREADABLE-LINE:SECONDWORD\r\n"), text)
        XCTAssertEqual(keptLines(second), ["FIRSTWORD", "SECONDWORD"])
    }

    func testAnEndJoinedFromALostFoldIsKeptAndDoesNotEndTheCalendarOnceWritten() throws {
        // `END` / `:VCALENDAR` after a component: the fold that lost its space makes `END:VCALENDAR`
        // as one logical line, which is neither the calendar's end nor a property.
        let (first, text, second) = try readTwice([
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//tests//EN", "BEGIN:VEVENT", "UID:1", "DTSTAMP:20260101T000000Z",
            "END:VEVENT", "END", ":VCALENDAR", "BEGIN:VEVENT", "UID:2", "DTSTAMP:20260101T000000Z", "END:VEVENT", "END:VCALENDAR",
        ])
        XCTAssertEqual(keptLines(first), ["END:VCALENDAR"])
        XCTAssertEqual(first.components.count, 2)
        XCTAssertTrue(text.contains("\r\nX-CALBRIDGE-UNREADABLE-LINE:END:VCALENDAR\r\n"), text)
        XCTAssertEqual(second.canonicalForm, first.canonicalForm)
    }

    func testALongComponentNameIsWrittenOnOneLine() throws {
        let name = "X-" + String(repeating: "LONGNAME", count: 12)
        let (first, text, second) = try readTwice([
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//tests//EN", "BEGIN:\(name)", "X-A:1", "END:\(name)", "END:VCALENDAR",
        ])
        XCTAssertEqual(first.components.map(\.name), [name])
        XCTAssertTrue(text.contains("\r\nBEGIN:\(name)\r\n"), text)
        XCTAssertEqual(second.canonicalForm, first.canonicalForm)
    }
}
