import CalendarModel
import ICalendar
import Platform
import XCTest

/// The RFC 5545 rules on STATUS values, the calendar's required properties and shared UIDs, as the
/// reader reports them: each at the line of what breaks it.
final class CalendarRuleTests: XCTestCase {
    private let header = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN"]

    private func event(_ uid: String, _ extra: [String] = [], kind: String = "VEVENT") -> [String] {
        ["BEGIN:\(kind)", "UID:\(uid)", "DTSTAMP:20260101T000000Z", "DTSTART:20260105T090000Z"] + extra + ["END:\(kind)"]
    }

    /// Reads `lines` with the whole-calendar checks on, as validate does; the file is named `input.ics`.
    private func problems(_ lines: [String]) throws -> [String] {
        var reader = CalendarStreamReader()
        reader.checksWholeCalendar = true
        try reader.read(try InputFile(path: try temporaryFile(crlf(lines)))) { _ in }
        try reader.finishWholeCalendarChecks()
        return reader.diagnostics.map {
            $0.description.replacingOccurrences(
                of: #"^.*/input\.ics"#, with: "input.ics",
                options: .regularExpression)
        }
    }

    func testAnEmptyCalendarLacksVersionAndProductIdentifierAtItsBeginLine() throws {
        XCTAssertEqual(
            try problems(["BEGIN:VCALENDAR", "END:VCALENDAR"]),
            [
                "input.ics:1:1: warning: VCALENDAR has no VERSION, which RFC 5545 §3.6 requires of every calendar (repair: adds VERSION:2.0)",
                "input.ics:1:1: warning: VCALENDAR has no PRODID, which RFC 5545 §3.6 requires of every calendar "
                    + "(repair: adds PRODID:-//calbridge//calbridge \(CalbridgeVersion.number)//EN)",
            ])
    }

    func testEachCalendarOfAFileNeedsItsOwnHeader() throws {
        let lines = header + ["END:VCALENDAR", "BEGIN:VCALENDAR", "PRODID:-//other//EN", "END:VCALENDAR"]
        XCTAssertEqual(
            try problems(lines),
            [
                "input.ics:5:1: warning: VCALENDAR has no VERSION, which RFC 5545 §3.6 requires of every calendar (repair: adds VERSION:2.0)"
            ])
    }

    func testTheHeaderChecksAreOffUnlessAskedFor() throws {
        let (_, diagnostics) = try readCalendar(path: try temporaryFile(crlf(["BEGIN:VCALENDAR", "END:VCALENDAR"])))
        XCTAssertEqual(diagnostics, [])
    }

    func testAStatusTheEventKindDoesNotAllowIsReportedAtItsLine() throws {
        let lines = header + event("a", ["STATUS:MAYBE"]) + ["END:VCALENDAR"]
        XCTAssertEqual(
            try problems(lines),
            [
                "input.ics:8:1: warning: STATUS:MAYBE is not a VEVENT status; RFC 5545 §3.8.1.11 allows TENTATIVE, CONFIRMED, "
                    + "CANCELLED: change it to one of them"
            ])
    }

    func testCompletedIsAToDoStatusButNotAnEventStatus() throws {
        let lines = header + event("t", ["STATUS:completed"], kind: "VTODO") + event("e", ["STATUS:COMPLETED"]) + ["END:VCALENDAR"]
        XCTAssertEqual(
            try problems(lines),
            [
                "input.ics:14:1: warning: STATUS:COMPLETED is not a VEVENT status; RFC 5545 §3.8.1.11 allows TENTATIVE, "
                    + "CONFIRMED, CANCELLED: change it to one of them"
            ])
    }

    func testBlanksAfterAStatusAreNotAnotherStatus() throws {
        XCTAssertEqual(try problems(header + event("a", ["STATUS:CONFIRMED  "]) + ["END:VCALENDAR"]), [])
    }

    func testAStatusCheckIsPartOfEveryReadNotOnlyValidate() throws {
        let path = try temporaryFile(crlf(header + event("j", ["STATUS:CONFIRMED"], kind: "VJOURNAL") + ["END:VCALENDAR"]))
        let (_, diagnostics) = try readCalendar(path: path)
        XCTAssertEqual(diagnostics.map(\.location), [SourceLocation(line: 8)])
        XCTAssertEqual(diagnostics.map(\.severity), [.violation])
    }

    func testTwoMastersWithOneUIDAreReportedAtTheSecondNamingTheFirst() throws {
        let lines = header + event("series") + event("series") + ["END:VCALENDAR"]
        XCTAssertEqual(
            try problems(lines),
            [
                "input.ics:9:1: warning: VEVENT has UID series as the component at line 4 does, and neither has a RECURRENCE-ID, "
                    + "so the series has two masters (RFC 5545 §3.8.4.7): give one of them another UID or a RECURRENCE-ID"
            ])
    }

    func testAMasterWithOverridesOfDistinctInstancesIsFine() throws {
        let lines =
            header + event("series", ["RRULE:FREQ=DAILY;COUNT=3"])
            + event("series", ["RECURRENCE-ID:20260106T090000Z"]) + event("series", ["RECURRENCE-ID:20260107T090000Z"])
            + ["END:VCALENDAR"]
        XCTAssertEqual(try problems(lines), [])
    }

    func testTwoOverridesOfOneInstanceAreReported() throws {
        let lines =
            header + event("series", ["RRULE:FREQ=DAILY;COUNT=3"])
            + event("series", ["RECURRENCE-ID:20260106T090000Z"]) + event("series", ["RECURRENCE-ID:20260106T090000Z"])
            + ["END:VCALENDAR"]
        XCTAssertEqual(
            try problems(lines),
            [
                "input.ics:16:1: warning: VEVENT overrides RECURRENCE-ID 20260106T090000Z of UID series a second time "
                    + "(first at line 10); RFC 5545 §3.8.4.7 allows one override per instance: remove one or correct its RECURRENCE-ID"
            ])
    }

    func testOverridesOfOneTimeInTwoZonesAreTwoInstances() throws {
        let lines =
            header + event("series", ["RRULE:FREQ=DAILY;COUNT=3"])
            + event("series", ["RECURRENCE-ID;TZID=Europe/Berlin:20260106T090000"])
            + event("series", ["RECURRENCE-ID;TZID=Europe/London:20260106T090000"]) + ["END:VCALENDAR"]
        XCTAssertEqual(try problems(lines).filter { $0.contains("RECURRENCE-ID") }, [])
    }

    func testAUIDSharedAcrossInputsNamesTheInputWhereItWasFirst() throws {
        let text = crlf(header + event("once") + ["END:VCALENDAR"])
        var reader = CalendarStreamReader()
        reader.checksWholeCalendar = true
        try reader.read(try InputFile(path: try temporaryFile(text, name: "first.ics"))) { _ in }
        try reader.read(try InputFile(path: try temporaryFile(text, name: "second.ics"))) { _ in }
        try reader.finishWholeCalendarChecks()
        XCTAssertEqual(reader.diagnostics.count, 1)
        XCTAssertTrue(reader.diagnostics[0].file.hasSuffix("/second.ics"))
        XCTAssertEqual(reader.diagnostics[0].location, SourceLocation(line: 4))
        XCTAssertTrue(reader.diagnostics[0].message.contains("/first.ics line 4 does"), reader.diagnostics[0].message)
    }
}
