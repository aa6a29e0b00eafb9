import CalendarModel
import CalendarRouter
import XCTest

/// The router sends each component to the handler its name calls for, and nothing else anywhere.
final class CalendarRouterTests: XCTestCase {
    func testZonesGoToTheZoneRulesEventsAndTodosToTheRecurrenceEngineTheRestNowhere() {
        let handlers = ["VTIMEZONE", "VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY", "X-PARTY"].map {
            CalendarRouter.handler(for: Component(name: $0))
        }
        XCTAssertEqual(handlers, [.zoneRules, .recurrenceEngine, .recurrenceEngine, .none, .none, .none])
    }

    func testContactCardsBecomeTheirBirthdayCalendarWithTheGivenStamp() {
        let card = ContactCard(uid: "ada", displayName: "Ada Lovelace", dates: [ContactDate(kind: .birthday, year: 1815, month: 12, day: 10)])
        let calendar = CalendarRouter.calendar(for: [card], now: LocalDateTime(secondsSinceEpoch: 0))
        XCTAssertEqual(calendar.components.map { $0["DTSTART"]?.value }, ["18151210"])
        XCTAssertEqual(calendar.components.map { $0["DTSTAMP"]?.value }, ["19700101T000000Z"])
    }
}
