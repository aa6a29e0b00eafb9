import Foundation
import XCTest

final class ValidateCommandTests: XCTestCase {
    func testValidCalendarExitsZero() throws {
        let result = try Calbridge.run(["validate", "-"], input: sampleCalendar)
        XCTAssertEqual(result.status, 0, result.standardOutput + result.standardError)
        XCTAssertEqual(result.standardOutput, "")
    }

    func testEveryProblemIsListedWithLineAndColumn() throws {
        let broken = crlf([
            "BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "SUMMARY:no uid", "DTSTART:20260230T100000",
            "SEQUENCE:three", "END:VEVENT", "END:VCALENDAR",
        ])
        let result = try Calbridge.run(["validate", "-"], input: broken)
        XCTAssertEqual(result.status, 65)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 4, result.standardOutput)
        XCTAssertTrue(lines.contains { $0.hasPrefix("<stdin>:3:1: warning: VEVENT has no UID") })
        XCTAssertTrue(lines.contains { $0.hasPrefix("<stdin>:5:9: error: DTSTART:20260230T100000") })
        XCTAssertTrue(lines.contains { $0.hasPrefix("<stdin>:6:10: error: SEQUENCE:three") })
    }

    func testRepairAddsWhatGoogleAndOthersLeaveOut() throws {
        let directory = try scratchDirectory()
        let google = "BEGIN:VCALENDAR\nVERSION:2.0\nX-WR-TIMEZONE:Europe/Berlin\nBEGIN:VEVENT\nSUMMARY:Standup\n"
            + "DTSTART:20261012T091500\nDESCRIPTION:first half\nsecond half\nEND:VEVENT\nBEGIN:VEVENT\nUID:cut"
        try google.write(to: directory.appendingPathComponent("google.ics"), atomically: true, encoding: .utf8)
        let result = try Calbridge.run(["validate", "google.ics", "--repair", "-o", "fixed.ics"], directory: directory)
        XCTAssertEqual(result.status, 0, result.standardOutput + result.standardError)
        let fixed = try String(contentsOf: directory.appendingPathComponent("fixed.ics"), encoding: .utf8)
        XCTAssertTrue(fixed.contains("DTSTART;TZID=Europe/Berlin:20261012T091500\r\n"))
        XCTAssertTrue(fixed.contains("DESCRIPTION:first halfsecond half\r\n"))
        XCTAssertTrue(fixed.contains("\r\nUID:calbridge-"))
        XCTAssertTrue(fixed.contains("\r\nDTSTAMP:"))
        XCTAssertFalse(fixed.contains("UID:cut"), "the truncated event is dropped")
        XCTAssertTrue(fixed.contains("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n"), "the zone it now names gets its VTIMEZONE")
        XCTAssertTrue(fixed.hasSuffix("END:VTIMEZONE\r\nEND:VCALENDAR\r\n"))
        let recheck = try Calbridge.run(["validate", "fixed.ics"], directory: directory)
        XCTAssertEqual(recheck.status, 0, recheck.standardOutput)
    }

    func testRepairRefusesWhenDataWouldBeLost() throws {
        let broken = crlf(["BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:1", "DTSTAMP:20260101T000000Z", "DTSTART:20261399", "END:VEVENT", "END:VCALENDAR"])
        let directory = try scratchDirectory()
        let result = try Calbridge.run(["validate", "-", "--repair", "-o", "out.ics"], input: broken, directory: directory)
        XCTAssertEqual(result.status, 65)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.ics").path))
    }
}
