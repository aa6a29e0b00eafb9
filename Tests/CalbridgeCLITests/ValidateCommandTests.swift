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
        XCTAssertEqual(lines.count, 5, result.standardOutput)
        XCTAssertTrue(lines.contains { $0.hasPrefix("<stdin>:1:1: warning: VCALENDAR has no PRODID") })
        XCTAssertTrue(lines.contains { $0.hasPrefix("<stdin>:3:1: warning: VEVENT has no UID") })
        XCTAssertTrue(lines.contains { $0.hasPrefix("<stdin>:5:9: error: DTSTART:20260230T100000") })
        XCTAssertTrue(lines.contains { $0.hasPrefix("<stdin>:6:10: error: SEQUENCE:three") })
    }

    func testAnRSVPOtherThanTrueOrFalseFailsValidationAsOneWarning() throws {
        let calendar = crlf([
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//tests//EN", "BEGIN:VEVENT", "UID:1", "DTSTAMP:20260101T000000Z",
            "DTSTART:20260101T100000Z", "ATTENDEE;RSVP=MAYBE:mailto:a@example.com", "END:VEVENT", "END:VCALENDAR",
        ])
        // A warning alone leaves the exit code 0 (SPEC); --strict counts it.
        let result = try Calbridge.run(["validate", "-"], input: calendar)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(
            result.standardOutput,
            "<stdin>:8:10: warning: ATTENDEE;RSVP=MAYBE: RFC 5545 allows only TRUE or FALSE "
                + "(repair: keeps it as written; nothing in calbridge reads it)\n")
        XCTAssertEqual(result.standardError, "standard input: valid (1 components, 1 warning)\n")
        let strict = try Calbridge.run(["validate", "-", "--strict"], input: calendar)
        XCTAssertEqual(strict.status, 65)
        XCTAssertTrue(strict.standardError.contains("0 errors, 1 warning; "), strict.standardError)
    }

    func testRepairAddsWhatGoogleAndOthersLeaveOut() throws {
        let directory = try scratchDirectory()
        let google =
            "BEGIN:VCALENDAR\nVERSION:2.0\nX-WR-TIMEZONE:Europe/Berlin\nBEGIN:VEVENT\nSUMMARY:Standup\n"
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

    func testRepairWritesTheLenientReadingKeepingAnImpossibleDateAsWritten() throws {
        let broken = crlf([
            "BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:1", "DTSTAMP:20260101T000000Z", "DTSTART:20261399", "END:VEVENT", "END:VCALENDAR",
        ])
        let directory = try scratchDirectory()
        let report = try Calbridge.run(["validate", "-"], input: broken, directory: directory)
        XCTAssertEqual(report.status, 65)
        XCTAssertTrue(
            report.standardOutput.contains("<stdin>:5:9: error: DTSTART:20261399 is not a date that exists"), report.standardOutput)
        let result = try Calbridge.run(["validate", "-", "--repair", "-o", "out.ics"], input: broken, directory: directory)
        XCTAssertEqual(result.status, 0, result.standardError)
        let repaired = try String(contentsOf: directory.appendingPathComponent("out.ics"), encoding: .utf8)
        XCTAssertTrue(repaired.contains("DTSTART:20261399\r\n"), repaired)
    }

    func testRepairRefusesAnInputWithNoCalendarInIt() throws {
        let directory = try scratchDirectory()
        let result = try Calbridge.run(
            ["validate", "-", "--repair", "-o", "out.ics"], input: "Page not found\nPlease try again later\n", directory: directory)
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(result.standardOutput.contains("this is not an iCalendar file"), result.standardOutput)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.ics").path))
    }

    func testAnEmptyCalendarLacksVersionAndProductIdentifierAndRepairAddsBoth() throws {
        let directory = try scratchDirectory()
        let empty = crlf(["BEGIN:VCALENDAR", "END:VCALENDAR"])
        // Warnings alone: valid enough to use, so 0; --strict makes them count.
        let check = try Calbridge.run(["validate", "-"], input: empty)
        XCTAssertEqual(check.status, 0)
        XCTAssertEqual(try Calbridge.run(["validate", "--strict", "-"], input: empty).status, 65)
        XCTAssertEqual(
            check.standardOutput,
            """
            <stdin>:1:1: warning: VCALENDAR has no VERSION, which RFC 5545 §3.6 requires of every calendar (repair: adds VERSION:2.0)
            <stdin>:1:1: warning: VCALENDAR has no PRODID, which RFC 5545 §3.6 requires of every calendar \
            (repair: adds PRODID:-//calbridge//calbridge 0.9.0//EN)

            """)
        let repair = try Calbridge.run(["validate", "-", "--repair", "-o", "fixed.ics"], input: empty, directory: directory)
        XCTAssertEqual(repair.status, 0, repair.standardError)
        let fixed = try String(contentsOf: directory.appendingPathComponent("fixed.ics"), encoding: .utf8)
        XCTAssertEqual(fixed, crlf(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//calbridge//calbridge 0.9.0//EN", "END:VCALENDAR"]))
        let recheck = try Calbridge.run(["validate", "fixed.ics"], directory: directory)
        XCTAssertEqual(recheck.status, 0, recheck.standardOutput)
        XCTAssertEqual(recheck.standardOutput, "")
    }

    func testRepairOfAnotherProblemAlsoGivesTheCalendarItsHeader() throws {
        let directory = try scratchDirectory()
        let noStamp = crlf(["BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:1", "DTSTART:20260105T090000Z", "END:VEVENT", "END:VCALENDAR"])
        let repair = try Calbridge.run(["validate", "-", "--repair", "-o", "fixed.ics"], input: noStamp, directory: directory)
        XCTAssertEqual(repair.status, 0, repair.standardError)
        XCTAssertEqual(repair.standardError, "repaired 3 problems\n")
        let fixed = try String(contentsOf: directory.appendingPathComponent("fixed.ics"), encoding: .utf8)
        XCTAssertTrue(
            fixed.hasPrefix(crlf(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//calbridge//calbridge 0.9.0//EN", "BEGIN:VEVENT"])))
        XCTAssertEqual(try Calbridge.run(["validate", "fixed.ics"], directory: directory).status, 0)
    }

    func testAnEventStatusOutsideRFC5545IsAWarningAtItsLineWithNoRepair() throws {
        let event = crlf([
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VEVENT", "UID:1",
            "DTSTAMP:20260101T000000Z", "DTSTART:20260105T090000Z", "STATUS:MAYBE", "END:VEVENT", "END:VCALENDAR",
        ])
        let result = try Calbridge.run(["validate", "-"], input: event)
        XCTAssertEqual(result.status, 0, "a warning alone")
        XCTAssertEqual(
            result.standardOutput,
            "<stdin>:8:1: warning: STATUS:MAYBE is not a VEVENT status; RFC 5545 §3.8.1.11 "
                + "allows TENTATIVE, CONFIRMED, CANCELLED: change it to one of them\n")
        let convert = try Calbridge.run(["convert", "-"], input: event)
        XCTAssertEqual(convert.status, 0, "a violation never stops convert")
        XCTAssertEqual(convert.standardOutput, event)
    }

    func testTwoMastersOfOneUIDAreAWarningInValidateButConvertKeepsThemSilently() throws {
        let master = ["BEGIN:VEVENT", "UID:series", "DTSTAMP:20260101T000000Z", "DTSTART:20260105T090000Z", "END:VEVENT"]
        let twice = crlf(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN"] + master + master + ["END:VCALENDAR"])
        let result = try Calbridge.run(["validate", "-"], input: twice)
        XCTAssertEqual(result.status, 0, "a warning alone")
        XCTAssertEqual(
            result.standardOutput,
            "<stdin>:9:1: warning: VEVENT has UID series as the component at line 4 does, "
                + "and neither has a RECURRENCE-ID, so the series has two masters (RFC 5545 §3.8.4.7): "
                + "give one of them another UID or a RECURRENCE-ID\n")
        let convert = try Calbridge.run(["convert", "-"], input: twice)
        XCTAssertEqual(convert.status, 0)
        XCTAssertEqual(convert.standardError, "")
        XCTAssertEqual(convert.standardOutput, twice)
    }

    func testMergingOneCalendarWithItselfGivesDuplicateUIDsThatValidateReports() throws {
        let directory = try scratchDirectory()
        try sampleCalendar.write(to: directory.appendingPathComponent("a.ics"), atomically: true, encoding: .utf8)
        let merge = try Calbridge.run(["convert", "a.ics", "a.ics", "-o", "both.ics"], directory: directory)
        XCTAssertEqual(merge.status, 0, merge.standardError)
        let result = try Calbridge.run(["validate", "both.ics"], directory: directory)
        XCTAssertEqual(result.status, 0, "a warning alone")
        XCTAssertTrue(
            result.standardOutput.hasPrefix("both.ics:32:1: warning: VEVENT has UID db-v@hs.example.org as the component at line 22 does"),
            result.standardOutput)
    }

    /// A second master and a second override thousands of events apart (megabytes: other chunks of
    /// the scan, other batches of the workers) are found once the whole file is read, and each is
    /// listed where it stands: after the component's own finding at the same place, as when it was
    /// reported the moment the component was handed on.
    func testRepeatsOfASeriesChunksApartAreListedAfterTheirComponentsOwnFindings() throws {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//calbridge tests//EN"]
        var starts: [Int: Int] = [:]
        for number in 0..<5_000 {
            starts[number] = lines.count + 1
            let uid =
                [0, 4_999].contains(number) ? "shared@example.org" : [2, 4_990].contains(number) ? "series@example.org" : "event-\(number)"
            lines += ["BEGIN:VEVENT", "UID:" + uid]
            // The last event lacks DTSTAMP: a finding of its own at its first line.
            if number != 4_999 { lines.append("DTSTAMP:20260101T000000Z") }
            if uid == "series@example.org" { lines.append("RECURRENCE-ID;TZID=Europe/Berlin:20260302T090000") }
            lines += ["DTSTART:20260301T090000Z", "DESCRIPTION:" + String(repeating: "agenda ", count: 60), "END:VEVENT"]
        }
        lines.append("END:VCALENDAR")
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = crlf(lines)
        XCTAssertGreaterThan(text.utf8.count, 2 << 20, "the repeats stand in different chunks of the scan")
        try text.write(to: directory.appendingPathComponent("far.ics"), atomically: true, encoding: .utf8)
        let result = try Calbridge.run(["validate", "far.ics"], directory: directory)
        XCTAssertEqual(result.status, 0, result.standardError)
        let (override, master, last) = (try XCTUnwrap(starts[4_990]), try XCTUnwrap(starts[4_999]), try XCTUnwrap(starts[0]))
        XCTAssertEqual(
            result.standardOutput.split(separator: "\n").filter { !$0.contains("TZID Europe/Berlin") }.map(String.init),
            [
                "far.ics:\(override):1: warning: VEVENT overrides RECURRENCE-ID Europe/Berlin:20260302T090000 of UID series@example.org "
                    + "a second time (first at line \(try XCTUnwrap(starts[2]))); RFC 5545 §3.8.4.7 allows one override per instance: "
                    + "remove one or correct its RECURRENCE-ID",
                "far.ics:\(master):1: warning: VEVENT has no DTSTAMP (repair: adds DTSTAMP:19700101T000000Z, the earliest time, "
                    + "as it has no LAST-MODIFIED or CREATED to tell when it was written)",
                "far.ics:\(master):1: warning: VEVENT has UID shared@example.org as the component at line \(last) does, and neither "
                    + "has a RECURRENCE-ID, so the series has two masters (RFC 5545 §3.8.4.7): give one of them another UID or a RECURRENCE-ID",
            ])
    }
}
