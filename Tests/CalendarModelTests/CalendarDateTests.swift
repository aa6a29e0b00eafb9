import CalendarModel
import XCTest

final class CalendarDateTests: XCTestCase {
    func testDatesAndTimesAreWrittenZeroPaddedInBothFormsAndWholeBeyondTheirWidths() {
        let day = CalendarDate(year: 1997, month: 9, day: 2)
        XCTAssertEqual(day.basicFormat, "19970902")
        XCTAssertEqual(day.isoFormat, "1997-09-02")
        XCTAssertEqual(CalendarDate(year: 5, month: 3, day: 9).basicFormat, "00050309")
        let time = LocalDateTime(date: day, hour: 9, minute: 5, second: 0)
        XCTAssertEqual(time.basicFormat, "19970902T090500")
        XCTAssertEqual(time.isoFormat, "1997-09-02T09:05:00")
        XCTAssertEqual(DateValue.utc(time).icalendarText, "19970902T090500Z")
        let late = LocalDateTime(date: CalendarDate(year: 12345, month: 1, day: 2), hour: 23, minute: 59, second: 60)
        XCTAssertEqual(late.basicFormat, "123450102T235960")
        XCTAssertEqual(late.isoFormat, "12345-01-02T23:59:60")
        XCTAssertEqual(LocalDateTime(date: day, hour: 100, minute: 7, second: 8).isoFormat, "1997-09-02T100:07:08")
        XCTAssertEqual(CalendarDate(year: -44, month: 3, day: 15).isoFormat, "-44-03-15")
    }

    func testDayNumberRoundTripsAcrossCenturiesAndLeapDays() {
        for dayNumber in stride(from: -800_000, through: 800_000, by: 997) {
            XCTAssertEqual(CalendarDate(dayNumber: dayNumber).dayNumber, dayNumber)
        }
        XCTAssertEqual(CalendarDate(year: 1970, month: 1, day: 1).dayNumber, 0)
        XCTAssertEqual(CalendarDate(year: 2000, month: 3, day: 1).dayNumber - CalendarDate(year: 2000, month: 2, day: 28).dayNumber, 2)
        XCTAssertEqual(CalendarDate(year: 1900, month: 3, day: 1).dayNumber - CalendarDate(year: 1900, month: 2, day: 28).dayNumber, 1)
    }

    func testWeekdayIsNumberedFromMondayAsOne() {
        XCTAssertEqual(CalendarDate(year: 2026, month: 3, day: 29).weekday, .sunday)
        XCTAssertEqual(CalendarDate(year: 2026, month: 3, day: 29).weekday.rawValue, 7)
        XCTAssertEqual(CalendarDate(year: 1997, month: 9, day: 2).weekday, .tuesday)
        XCTAssertEqual(CalendarDate(year: 2026, month: 11, day: 23).weekday.rawValue, 1)
    }

    func testImpossibleDatesAreInvalid() {
        XCTAssertFalse(CalendarDate(year: 1985, month: 2, day: 30).isValid)
        XCTAssertFalse(CalendarDate(year: 2026, month: 13, day: 1).isValid)
        XCTAssertFalse(CalendarDate(year: 2100, month: 2, day: 29).isValid)
        XCTAssertTrue(CalendarDate(year: 2000, month: 2, day: 29).isValid)
        XCTAssertTrue(CalendarDate(year: 2024, month: 2, day: 29).isValid)
    }
}
