import CalendarModel
import TimeZones
@testable import CalendarViews
import XCTest

/// The month grid: whole weeks from the week start, each day listing its occurrences, all-day ones
/// first and then by start, an occurrence over several days on each of them.
final class MonthLayoutTests: XCTestCase {
    let berlin = TimeZoneResolver(definitions: [:]).zone(for: "Europe/Berlin")!
    let blue = ViewColour(red: 0, green: 0, blue: 255)

    func testEachDayListsItsOccurrencesAllDayFirstThenByStart() {
        let october = { (day: Int) in CalendarDate(year: 2026, month: 10, day: day) }
        let at = { (day: Int, hour: Int) in self.berlin.utcSecond(forLocal: LocalDateTime(date: october(day), hour: hour)) }
        let events = [
            ViewEvent(uid: "late", title: "late", timing: .timed(start: at(12, 18), end: at(12, 19)), colour: blue),
            ViewEvent(uid: "early", title: "early", timing: .timed(start: at(12, 8), end: at(12, 9)), colour: blue),
            ViewEvent(uid: "trip", title: "trip", timing: .allDay(first: october(11), end: october(14)), colour: blue),
            ViewEvent(uid: "night", title: "night", timing: .timed(start: at(31, 22), end: at(31, 22) + 4 * 3_600), colour: blue),
        ]
        let layout = MonthLayout(events: events, span: ViewSpan(month: "2026-10")!, zone: berlin)
        XCTAssertEqual(layout.weeks.count, 5)
        XCTAssertEqual(layout.weeks.map { $0.count }, [7, 7, 7, 7, 7])
        let cells = layout.weeks.flatMap { $0 }
        XCTAssertEqual(cells.first?.date, CalendarDate(year: 2026, month: 9, day: 28))
        XCTAssertEqual(cells.filter(\.isInMonth).count, 31)
        let byDay = Dictionary(uniqueKeysWithValues: cells.map { ($0.date, $0.items.map { layout.events[$0].uid }) })
        XCTAssertEqual(byDay[october(11)], ["trip"])
        XCTAssertEqual(byDay[october(12)], ["trip", "early", "late"])
        XCTAssertEqual(byDay[october(13)], ["trip"])
        XCTAssertEqual(byDay[october(14)], [])
        // 31 October 22:00 to 1 November 02:00: listed on both days.
        XCTAssertEqual(byDay[october(31)], ["night"])
        XCTAssertEqual(byDay[CalendarDate(year: 2026, month: 11, day: 1)], ["night"])
    }
}
