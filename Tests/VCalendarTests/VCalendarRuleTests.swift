import CalendarModel
import XCTest
@testable import VCalendar

/// vCalendar 1.0 rules (versit vCalendar 1.0 §3.2, "Recurrence Rule" grammar) written as RFC 5545 rules.
final class VCalendarRuleTests: XCTestCase {
    /// Tuesday 6 January 2026, 09:00, floating.
    private let start = DateValue.floating(LocalDateTime(date: CalendarDate(year: 2026, month: 1, day: 6), hour: 9))

    private func translated(_ rule: String, start: DateValue? = nil) -> String? {
        VCalendarRule.translate(rule, start: start ?? self.start, zone: nil)
    }

    func testEachFrequencyGetsItsByParts() {
        XCTAssertEqual(translated("D1 #10"), "FREQ=DAILY;COUNT=10")
        XCTAssertEqual(translated("W1 MO TH #10"), "FREQ=WEEKLY;COUNT=10;BYDAY=MO,TH")
        XCTAssertEqual(translated("MP1 1+ 2- MO #3"), "FREQ=MONTHLY;COUNT=3;BYDAY=1MO,-2MO")
        XCTAssertEqual(translated("MP1 1+ MO TU 3- FR #0"), "FREQ=MONTHLY;BYDAY=1MO,1TU,-3FR")
        XCTAssertEqual(translated("MD1 1 15 #0"), "FREQ=MONTHLY;BYMONTHDAY=1,15")
        XCTAssertEqual(translated("MD1 1- LD #0"), "FREQ=MONTHLY;BYMONTHDAY=-1")
        XCTAssertEqual(translated("YM1 6 7 #0"), "FREQ=YEARLY;BYMONTH=6,7")
        XCTAssertEqual(translated("YD1 1 100 #5"), "FREQ=YEARLY;COUNT=5;BYYEARDAY=1,100")
    }

    func testIntervalIsKeptAndAnEndDateBecomesUntilInTheStartsForm() {
        XCTAssertEqual(translated("W2 TU TH 20261231T000000"), "FREQ=WEEKLY;INTERVAL=2;UNTIL=20261231T000000;BYDAY=TU,TH")
        let utcStart = DateValue.utc(LocalDateTime(date: CalendarDate(year: 2026, month: 1, day: 6), hour: 9))
        XCTAssertEqual(
            translated("W2 TU TH 20261231T000000Z", start: utcStart), "FREQ=WEEKLY;INTERVAL=2;UNTIL=20261231T000000Z;BYDAY=TU,TH")
        // A date ends a timed series at that day's end, so the last day's occurrence is kept.
        XCTAssertEqual(translated("D1 20260110"), "FREQ=DAILY;UNTIL=20260110T235959")
        XCTAssertEqual(
            translated("D1 20260110T090000", start: .date(CalendarDate(year: 2026, month: 1, day: 6))),
            "FREQ=DAILY;UNTIL=20260110")
    }

    func testARepeatedPositionOrDayIsSaidOnceHoweverLongTheRule() {
        let positions = Array(repeating: "1+", count: 20_000).joined(separator: " ")
        let days = Array(repeating: "MO TU", count: 20_000).joined(separator: " ")
        XCTAssertEqual(translated("MP1 \(positions) 2- \(days) #0"), "FREQ=MONTHLY;BYDAY=1MO,-2MO,1TU,-2TU")
    }

    func testNoDurationMeansTwoOccurrencesAndHashZeroMeansForever() {
        XCTAssertEqual(translated("D2"), "FREQ=DAILY;INTERVAL=2;COUNT=2")
        XCTAssertEqual(translated("W1 FR #0"), "FREQ=WEEKLY;BYDAY=FR")
    }

    func testABareMonthlyByPositionRepeatsOnTheStartsWeekdayOfTheMonth() {
        // 6 January 2026 is the first Tuesday.
        XCTAssertEqual(translated("MP1 #4"), "FREQ=MONTHLY;COUNT=4;BYDAY=1TU")
    }

    func testWhatRFC5545CannotSayIsNotTranslated() {
        XCTAssertNil(translated("D1 0800 1200 #5"), "a daily time list has no RFC 5545 part")
        XCTAssertNil(translated("YM1 6 MP1 1+ SU #0"), "nested frequencies")
        XCTAssertNil(translated("W1 MO #5 20261231"), "a count and an end date")
        XCTAssertNil(translated("X1 MO"))
        XCTAssertNil(translated("W0 MO"))
        XCTAssertNil(translated("MD1 32"))
        XCTAssertNil(translated("MP1 MO"), "a weekday without a position")
    }
}
