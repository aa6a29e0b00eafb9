import CalendarModel
import XCTest

final class DateValueTests: XCTestCase {
    func testTheFourKindsOfDateStayApart() throws {
        XCTAssertEqual(DateValue(icalendar: "20260329"), .date(CalendarDate(year: 2026, month: 3, day: 29)))
        let local = LocalDateTime(date: CalendarDate(year: 2026, month: 3, day: 29), hour: 2, minute: 30)
        XCTAssertEqual(DateValue(icalendar: "20260329T023000"), .floating(local))
        XCTAssertEqual(DateValue(icalendar: "20260329T023000Z"), .utc(local))
        XCTAssertEqual(DateValue(icalendar: "20260329T023000", tzid: "Europe/Berlin"), .zoned(local, tzid: "Europe/Berlin"))
    }

    func testPropertyFormKeepsValueDateAndTzid() {
        let zoned = DateValue(icalendar: "20260329T023000", tzid: "Europe/Berlin")!
        XCTAssertEqual(zoned.property(named: "DTSTART"),
                       Property(name: "DTSTART", parameters: [Parameter("TZID", "Europe/Berlin")], value: "20260329T023000"))
        XCTAssertEqual(DateValue(icalendar: "20260329")!.property(named: "DTSTART")[parameter: "VALUE"], "DATE")
    }

    func testNonexistentTimesAndMalformedTextAreRejected() {
        XCTAssertNil(DateValue(icalendar: "20260230"))
        XCTAssertNil(DateValue(icalendar: "20261345"))
        XCTAssertNil(DateValue(icalendar: "20260101T250000"))
        XCTAssertNil(DateValue(icalendar: "2026-01-01"))
        XCTAssertNil(DateValue(icalendar: "20260101T1000"))
        XCTAssertNil(DateValue(icalendar: "20260101X100000"))
    }

    func testDurationReadsWeeksDaysAndNegativeTimes() {
        XCTAssertEqual(CalendarDuration(icalendar: "-PT15M")?.totalSeconds, -900)
        XCTAssertEqual(CalendarDuration(icalendar: "P1W")?.totalSeconds, 604_800)
        XCTAssertEqual(CalendarDuration(icalendar: "P1DT2H3M4S")?.totalSeconds, 93_784)
        XCTAssertNil(CalendarDuration(icalendar: "1H"))
        XCTAssertNil(CalendarDuration(icalendar: "PT"))
        XCTAssertNil(CalendarDuration(icalendar: "P1H"))
    }
}
