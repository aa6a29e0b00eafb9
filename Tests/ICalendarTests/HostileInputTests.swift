import CalendarModel
import ICalendar
import XCTest

/// Inputs that break readers: each must end with a clear diagnostic naming its line, not a crash,
/// a hang or memory that grows with the attack.
final class HostileInputTests: XCTestCase {
    private func errors(_ bytes: [UInt8]) throws -> [Diagnostic] {
        try readCalendar(path: temporaryFile(bytes: bytes)).1.filter { $0.severity == .error }
    }

    func testTruncatedFileNamesTheUnfinishedComponent() throws {
        let text = crlf(["BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:1", "DTSTAMP:20260101T000000Z", "BEGIN:VALARM", "ACTION:DISPLAY"])
        let found = try errors(Array(text.utf8))
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found[0].location?.line, 6)
        XCTAssertTrue(found[0].message.contains("truncated"))
        XCTAssertTrue(found[0].message.contains("END:VALARM, END:VEVENT"), found[0].message)
    }

    func testBinaryGarbageIsNotACalendar() throws {
        var generator = SystemRandomNumberGenerator()
        let garbage = (0..<100_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let found = try errors(garbage)
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found[0].message.contains("not an iCalendar file"))
    }

    func testTenMegabyteLineIsRefusedAtItsLine() throws {
        var bytes = Array(crlf(["BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:1"]).utf8)
        bytes += Array("DESCRIPTION:".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 10 << 20) + [13, 10]
        bytes += Array(crlf(["END:VEVENT", "END:VCALENDAR"]).utf8)
        let found = try errors(bytes)
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found[0].location?.line, 4)
        XCTAssertTrue(found[0].message.contains("longer than"))
    }

    func testHundredThousandNestedBeginsStopAtTheDepthLimit() throws {
        var text = "BEGIN:VCALENDAR\r\n"
        text += String(repeating: "BEGIN:VEVENT\r\n", count: 100_000)
        let found = try errors(Array(text.utf8))
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found[0].message.contains("nested deeper"))
        XCTAssertEqual(found[0].location?.line, CalendarScanner.maximumDepth + 2)
    }

    func testMissingEndBeforeEndOfCalendarIsNamed() throws {
        let text = crlf(["BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:1", "DTSTAMP:20260101T000000Z", "END:VCALENDAR"])
        let found = try errors(Array(text.utf8))
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found[0].location?.line, 5)
        XCTAssertTrue(found[0].message.contains("(missing END:VEVENT)"), found[0].message)
        XCTAssertEqual(found[0].repair, "closes it there")
    }

    func testMismatchedEndInsideAComponentIsReported() throws {
        let text = crlf(["BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:1", "BEGIN:VALARM", "END:VEVENT", "END:VALARM", "END:VCALENDAR"])
        let found = try errors(Array(text.utf8))
        XCTAssertEqual(found.first?.location?.line, 5)
    }

    func testInvalidUTF8IsReportedWithItsColumn() throws {
        var bytes = Array(crlf(["BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:1", "DTSTAMP:20260101T000000Z"]).utf8)
        bytes += Array("SUMMARY:Caf".utf8) + [0xE9] + [13, 10]
        bytes += Array(crlf(["END:VEVENT", "END:VCALENDAR"]).utf8)
        let found = try errors(bytes)
        XCTAssertEqual(found.map(\.location), [SourceLocation(line: 5, column: 12)])
        XCTAssertTrue(found[0].message.contains("not UTF-8"))
    }
}
