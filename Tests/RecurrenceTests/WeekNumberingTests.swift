@testable import Recurrence
import CalendarModel
import XCTest

final class WeekNumberingTests: XCTestCase {
    func testISOWeekYearsHave52Or53Weeks() {
        let iso = WeekNumbering(weekStart: .monday)
        XCTAssertEqual(iso.weeks(in: 2015), 53)
        XCTAssertEqual(iso.weeks(in: 2020), 53)
        XCTAssertEqual(iso.weeks(in: 2026), 53)
        XCTAssertEqual(iso.weeks(in: 2024), 52)
        XCTAssertEqual(CalendarDate(dayNumber: iso.firstDayOfWeekOne(2025)), CalendarDate(year: 2024, month: 12, day: 30))
    }

    func testDaysAtTheYearsEdgeBelongToTheNeighbouringWeekYear() {
        let iso = WeekNumbering(weekStart: .monday)
        XCTAssertEqual(iso.weekYear(of: CalendarDate(year: 2027, month: 1, day: 3).dayNumber), 2026)
        XCTAssertEqual(iso.weekYear(of: CalendarDate(year: 2024, month: 12, day: 31).dayNumber), 2025)
        XCTAssertEqual(iso.weekYear(of: CalendarDate(year: 2026, month: 6, day: 1).dayNumber), 2026)
        XCTAssertEqual(iso.week(of: CalendarDate(year: 2027, month: 1, day: 3)), 53)
        XCTAssertEqual(iso.week(of: CalendarDate(year: 2024, month: 12, day: 31)), 1)
        XCTAssertEqual(iso.week(of: CalendarDate(year: 2026, month: 10, day: 12)), 42)
    }

    func testWeekStartChangesWhereWeekOneBegins() {
        let friday = WeekNumbering(weekStart: .friday)
        XCTAssertEqual(CalendarDate(dayNumber: friday.firstDayOfWeekOne(2013)), CalendarDate(year: 2013, month: 1, day: 4))
        let sunday = WeekNumbering(weekStart: .sunday)
        XCTAssertEqual(CalendarDate(dayNumber: sunday.firstDayOfWeekOne(2014)), CalendarDate(year: 2013, month: 12, day: 29))
    }
}
