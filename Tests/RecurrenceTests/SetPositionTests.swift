@testable import Recurrence
import CalendarModel
import XCTest

/// BYSETPOS picks from a period's whole set of instances, days × times; the positions are found
/// without making that set (each figure here agrees with python-dateutil).
final class SetPositionTests: XCTestCase {
    private func instances(_ text: String, from start: String, count: Int) throws -> [String] {
        let rule = try RecurrenceRule(parsing: text)
        let first = try XCTUnwrap(DateValue(icalendar: start)).local
        return RecurrenceIterator(rule: rule, start: first, isDateOnly: false).prefix(count).map { DateValue.floating($0).icalendarText }
    }

    func testPositionsCountTimesWithinEachDayOfThePeriod() throws {
        XCTAssertEqual(
            try instances("FREQ=DAILY;BYHOUR=9,17;BYMINUTE=0,30;BYSETPOS=2,-1", from: "20260105T090000", count: 4),
            ["20260105T093000", "20260105T173000", "20260106T093000", "20260106T173000"])
        XCTAssertEqual(
            try instances("FREQ=YEARLY;BYMONTH=3;BYDAY=SU;BYHOUR=1,2;BYSETPOS=-1", from: "20260101T020000", count: 2),
            ["20260329T020000", "20270328T020000"])
    }

    func testAPeriodOfManyThousandTimesIsPickedFromWithoutBeingMade() throws {
        // 17 days × 16 hours × 16 minutes × 15 seconds: 65,280 candidates a month (a fuzzer's timeout).
        let rule =
            "FREQ=MONTHLY;BYMONTHDAY=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17;BYHOUR=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16;"
            + "BYMINUTE=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16;BYSECOND=0,1,2,3,4,5,6,7,8,9,12,13,14,15,16;BYSETPOS=1,-1"
        let found = try instances(rule, from: "20250101T010101", count: 2_000)
        XCTAssertEqual(Array(found.prefix(3)), ["20250117T161616", "20250201T010100", "20250217T161616"])
        XCTAssertEqual(found.count, 2_000)
        XCTAssertEqual(found.last, "21080501T010100")
    }
}

/// SECONDLY and MINUTELY rules go from one listed second (minute) to the next, not through every
/// period between them (BYSECOND=4,5 walked 58 empty periods a minute).
final class SparseSubDailyTests: XCTestCase {
    func testASecondlyRuleGoesFromOneListedSecondToTheNext() throws {
        let rule = try RecurrenceRule(parsing: "FREQ=SECONDLY;BYSECOND=4,5")
        let start = try XCTUnwrap(DateValue(icalendar: "20240229T140105")).local
        let found = RecurrenceIterator(rule: rule, start: start, isDateOnly: false).prefix(5).map { DateValue.floating($0).icalendarText }
        XCTAssertEqual(found, ["20240229T140105", "20240229T140204", "20240229T140205", "20240229T140304", "20240229T140305"])
        // No empty period is walked between them: with room for ten in a row (58 lie between
        // second 5 and the next minute's second 4), the rule still gives every instance.
        let tight = RecurrenceIterator(rule: rule, start: start, isDateOnly: false, emptyPeriodBudget: 10)
        XCTAssertEqual(Array(tight.prefix(5)).count, 5)
    }

    func testAMinutelyRuleGoesFromOneListedMinuteToTheNext() throws {
        let rule = try RecurrenceRule(parsing: "FREQ=MINUTELY;INTERVAL=2;BYMINUTE=10,50")
        let start = try XCTUnwrap(DateValue(icalendar: "20260105T090000")).local
        let found = RecurrenceIterator(rule: rule, start: start, isDateOnly: false).prefix(4).map { DateValue.floating($0).icalendarText }
        XCTAssertEqual(found, ["20260105T091000", "20260105T095000", "20260105T101000", "20260105T105000"])
    }
}
