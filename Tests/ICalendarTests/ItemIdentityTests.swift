import CalendarModel
import ICalendar
import XCTest

/// An item without UID or DTSTAMP (RFC 5545 requires both) gets them as it is read, made from its
/// content, and the warning names what it got.
final class ItemIdentityTests: XCTestCase {
    /// As a hand-written or script-made export has it: no UID, no DTSTAMP.
    private let standup = [
        "BEGIN:VEVENT", "SUMMARY:Standup", "DTSTART;TZID=Europe/Berlin:20260105T091500",
        "DTEND;TZID=Europe/Berlin:20260105T093000", "RRULE:FREQ=WEEKLY;BYDAY=MO", "END:VEVENT",
    ]

    private func calendar(_ items: [String]...) -> String {
        crlf(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Example Corp.//Planner 2.1//EN"] + items.flatMap { $0 } + ["END:VCALENDAR"])
    }

    func testAnEventWithoutUIDIsGivenOneMadeFromItsContentAndTheWarningNamesIt() throws {
        let (read, problems) = try readCalendar(path: try temporaryFile(calendar(standup)))
        let uid = try XCTUnwrap(read.components[0]["UID"]?.value)
        XCTAssertTrue(uid.hasPrefix("calbridge-"), uid)
        XCTAssertEqual(uid.count, "calbridge-".count + 16)
        let warning = try XCTUnwrap(problems.first { $0.message == "VEVENT has no UID, so calendars cannot tell its updates apart" })
        XCTAssertEqual(warning.location?.line, 4)
        XCTAssertEqual(warning.repair, "adds UID:\(uid), made from its content, the same on every run")
    }

    func testTheMadeUIDIsTheSameOnEveryReadAndIgnoresDTSTAMP() throws {
        let first = try readCalendar(path: try temporaryFile(calendar(standup))).0.components[0]["UID"]?.value
        let again = try readCalendar(path: try temporaryFile(calendar(standup))).0.components[0]["UID"]?.value
        // An exporter that stamps each export anew still names the same event.
        let stamped = standup.prefix(2) + ["DTSTAMP:20260301T120000Z"] + standup.dropFirst(2)
        let restamped = try readCalendar(path: try temporaryFile(calendar(Array(stamped)))).0.components[0]["UID"]?.value
        XCTAssertNotNil(first)
        XCTAssertEqual(first, again)
        XCTAssertEqual(first, restamped)
        let otherTime = standup.map { $0.replacingOccurrences(of: "T091500", with: "T100000") }
        XCTAssertNotEqual(first, try readCalendar(path: try temporaryFile(calendar(otherTime))).0.components[0]["UID"]?.value)
    }

    func testAMissingDTSTAMPIsTakenFromLastModifiedAndSaysSo() throws {
        let edited = standup.prefix(2) + ["CREATED:20251101T080000Z", "LAST-MODIFIED:20251203T141500Z"] + standup.dropFirst(2)
        let (read, problems) = try readCalendar(path: try temporaryFile(calendar(Array(edited))))
        XCTAssertEqual(read.components[0]["DTSTAMP"]?.value, "20251203T141500Z")
        let warning = try XCTUnwrap(problems.first { $0.message == "VEVENT has no DTSTAMP" })
        XCTAssertEqual(warning.repair, "adds DTSTAMP:20251203T141500Z, its LAST-MODIFIED")
    }

    func testAMissingDTSTAMPWithNothingToTakeItFromIsTheEarliestTime() throws {
        let (read, problems) = try readCalendar(path: try temporaryFile(calendar(standup)))
        XCTAssertEqual(read.components[0]["DTSTAMP"]?.value, "19700101T000000Z")
        XCTAssertEqual(
            problems.first { $0.message == "VEVENT has no DTSTAMP" }?.repair,
            "adds DTSTAMP:19700101T000000Z, the earliest time, as it has no LAST-MODIFIED or CREATED to tell when it was written")
    }

    func testTwoEventsOfEqualContentStayTwoEventsWithUIDsOfTheirOwn() throws {
        let (read, problems) = try readCalendar(path: try temporaryFile(calendar(standup, standup, standup)))
        let uids = read.components.compactMap { $0["UID"]?.value }
        XCTAssertEqual(uids.count, 3)
        XCTAssertEqual(uids[1], uids[0] + "-2")
        XCTAssertEqual(uids[2], uids[0] + "-3")
        let second = try XCTUnwrap(
            problems.first { $0.location?.line == 10 && $0.message.hasSuffix("has no UID, so calendars cannot tell its updates apart") })
        XCTAssertEqual(
            second.repair,
            "adds UID:\(uids[0])-2, made from its content, the same on every run; "
                + "the item at line 4 has the same content and is kept apart from it")
    }

    func testAToDoAndAJournalGetTheirUIDAndDTSTAMPTooButATimeZoneDoesNot() throws {
        let todo = ["BEGIN:VTODO", "SUMMARY:Submit report", "DUE:20260110T170000Z", "END:VTODO"]
        let journal = ["BEGIN:VJOURNAL", "SUMMARY:Minutes", "DTSTART;VALUE=DATE:20260105", "END:VJOURNAL"]
        let zone = [
            "BEGIN:VTIMEZONE", "TZID:Etc/UTC", "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:+0000",
            "TZOFFSETTO:+0000", "END:STANDARD", "END:VTIMEZONE",
        ]
        let (read, _) = try readCalendar(path: try temporaryFile(calendar(zone, todo, journal)))
        XCTAssertNil(read.components[0]["UID"])
        XCTAssertNil(read.components[0]["DTSTAMP"])
        for item in read.components.dropFirst() {
            XCTAssertTrue(item["UID"]?.value.hasPrefix("calbridge-") == true, item.name)
            XCTAssertEqual(item["DTSTAMP"]?.value, "19700101T000000Z", item.name)
        }
    }

    func testAnEmptyUIDIsReplacedByTheOneMadeForAnEventWithout() throws {
        let empty = standup.prefix(1) + ["UID:"] + standup.dropFirst()
        let (read, problems) = try readCalendar(path: try temporaryFile(calendar(Array(empty))))
        let made = try readCalendar(path: try temporaryFile(calendar(standup))).0.components[0]["UID"]?.value
        XCTAssertEqual(read.components[0].properties.filter { $0.name == "UID" }.map(\.value), [try XCTUnwrap(made)])
        XCTAssertTrue(
            problems.contains { $0.message == "VEVENT has an empty UID, so calendars cannot tell its updates apart" }, "\(problems)")
    }
}
