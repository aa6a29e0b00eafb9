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
        XCTAssertEqual(
            zoned.property(named: "DTSTART"),
            Property(name: "DTSTART", parameters: [Parameter("TZID", "Europe/Berlin")], value: "20260329T023000"))
        XCTAssertEqual(DateValue(icalendar: "20260329")!.property(named: "DTSTART")[parameter: "VALUE"], "DATE")
    }

    /// A property's date is read with its TZID, blanks after it taken off, as it stands in its
    /// component (the first of that name), and a component says whether it has a property at all.
    func testAPropertysDateIsReadInPlaceWithItsZone() {
        let local = LocalDateTime(date: CalendarDate(year: 2026, month: 3, day: 29), hour: 2, minute: 30)
        let event = Component(
            name: "VEVENT",
            properties: [
                Property(name: "DTSTART", parameters: [Parameter("TZID", "Europe/Berlin")], value: "20260329T023000 \t"),
                Property(name: "DTSTART", value: "20260401"),
                Property(name: "DTEND", value: "2026-03-29"),
            ])
        XCTAssertEqual(DateValue(property: event.properties[0]), .zoned(local, tzid: "Europe/Berlin"))
        XCTAssertEqual(event.date(named: "DTSTART"), .zoned(local, tzid: "Europe/Berlin"))
        XCTAssertNil(event.date(named: "DTEND"), "a value that is not a date reads as none")
        XCTAssertNil(event.date(named: "DUE"))
        XCTAssertEqual(event.firstIndex(named: "DTEND"), 2)
        XCTAssertTrue(event.has("DTSTART"))
        XCTAssertFalse(event.has("DTSTAMP"))
        XCTAssertNil(DateValue(property: Property(name: "DTSTART", value: " 20260329")), "only blanks after the value are taken off")
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

    /// python icalendar's invalid_duration.ics: a length no two dates lie apart, which added to a
    /// start overflowed and stopped `expand` with a trap.
    func testDurationLongerThanAnyTwoDatesApartIsNotRead() {
        XCTAssertNil(CalendarDuration(icalendar: "P999999999999999999W"))
        XCTAssertNil(CalendarDuration(reading: "pt999999999999999999h"))
        XCTAssertNil(CalendarDuration(icalendar: "P1653440W"))
        XCTAssertEqual(CalendarDuration(icalendar: "P1653439W")?.weeks, 1_653_439)
        XCTAssertEqual(CalendarDuration(icalendar: "P520000W")?.weeks, 520_000)
        XCTAssertEqual(CalendarDuration(icalendar: "PT999999S")?.totalSeconds, 999_999)
    }
}
