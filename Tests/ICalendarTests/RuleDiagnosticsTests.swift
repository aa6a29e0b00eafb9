import CalendarModel
import ICalendar
import XCTest

/// validate and expand read rules alike: each RRULE or EXRULE problem a reader reports is the one
/// `RecurrenceRuleReading` meets, saying what expand does with it.
final class RuleDiagnosticsTests: XCTestCase {
    func testEachRuleProblemIsReportedAsTheLenientReadingMeetsIt() throws {
        let rules = ["FREQ=WEEKLY;COUNT=-3", "", "FREQ=WEEKLY;UNTL=20191023", "FREQ=WEEKLY;BYDAY= TU"]
        let events = rules.enumerated().flatMap { index, rule in
            [
                "BEGIN:VEVENT", "UID:\(index)", "DTSTAMP:20260101T000000Z", "DTSTART:20260101T090000Z", "RRULE:" + rule,
                index == 0 ? "EXRULE:FREQ=DAILY;COUNT=0" : "SUMMARY:x", "END:VEVENT",
            ]
        }
        let path = try temporaryFile(crlf(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN"] + events + ["END:VCALENDAR"]))
        let (_, diagnostics) = try readCalendar(path: path)
        let ruleProblems = diagnostics.filter { $0.message.contains("RULE: ") }
        XCTAssertEqual(
            ruleProblems.map(\.message),
            [
                "RRULE: COUNT=-3 is not a positive number; COUNT is dropped",
                "EXRULE: COUNT=0 is not a positive number; COUNT is dropped",
                "RRULE: the rule has no FREQ; the rule is ignored",
                "RRULE: UNTL is not a rule part of RFC 5545 or RFC 7529; the rule is ignored",
                "RRULE: BYDAY=' TU' has blanks around its value; read as BYDAY=TU",
            ])
        XCTAssertTrue(ruleProblems.allSatisfy { $0.severity == .error })
    }
}
