import CalendarModel
import XCTest

final class CalendarDateTests: XCTestCase {
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
