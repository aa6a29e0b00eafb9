import Birthdays
import CalendarModel
import Occurrences
import XCTest

final class BirthdayCalendarTests: XCTestCase {
    private let stamp = LocalDateTime(date: CalendarDate(year: 2026, month: 11, day: 22))
    private let ada = ContactCard(
        uid: "urn:uuid:ADA-1", displayName: "Ada Lovelace",
        dates: [
            ContactDate(kind: .birthday, year: 1985, month: 4, day: 12),
            ContactDate(kind: .anniversary, year: 2010, month: 6, day: 5),
        ])
    private let leapling = ContactCard(
        uid: "leap", displayName: "Lea Sprung", dates: [ContactDate(kind: .birthday, year: 1988, month: 2, day: 29)])

    private func calendar(_ cards: [ContactCard], _ options: BirthdayOptions = BirthdayOptions()) -> Component {
        BirthdayCalendar(options: options, timestamp: stamp).calendar(for: cards)
    }

    private func days(_ calendar: Component, from: Int, to: Int) throws -> [String] {
        var expansion = CalendarExpansion(calendar: calendar)
        return try expansion.occurrences(
            from: LocalDateTime(date: CalendarDate(year: from, month: 1, day: 1)),
            to: LocalDateTime(date: CalendarDate(year: to, month: 1, day: 1)), in: nil
        )
        .map(\.start.isoText)
    }

    func testOneYearlyAllDayEventPerDateWithStableUIDsAndTheContactNamed() {
        let first = calendar([ada]), second = calendar([ada])
        XCTAssertEqual(first, second, "a re-run writes the same calendar")
        let events = first.components.map(Event.init(component:))
        XCTAssertEqual(events.map(\.uid), ["birthday-urn-uuid-ada-1@calbridge", "anniversary-urn-uuid-ada-1@calbridge"])
        XCTAssertEqual(events.map(\.summary), ["Ada Lovelace's birthday", "Ada Lovelace's anniversary"])
        XCTAssertEqual(
            events.map(\.start), [.date(CalendarDate(year: 1985, month: 4, day: 12)), .date(CalendarDate(year: 2010, month: 6, day: 5))])
        XCTAssertEqual(events.map(\.notes), ["Born in 1985", "Since 2010"])
        XCTAssertEqual(events.map { $0.component["RRULE"]?.value }, ["FREQ=YEARLY", "FREQ=YEARLY"])
        XCTAssertEqual(events.map(\.birthdayContact), ["urn:uuid:ADA-1", "urn:uuid:ADA-1"])
        XCTAssertEqual(EventCalendar(component: first).name, "Birthdays")
    }

    func testTitlesInDutchAndGerman() {
        let dutch = calendar([ada], BirthdayOptions(language: .nl)).components.map { Event(component: $0).summary }
        XCTAssertEqual(dutch, ["Verjaardag van Ada Lovelace", "Trouwdag van Ada Lovelace"])
        let german = calendar([ada], BirthdayOptions(language: .de)).components.map { Event(component: $0).summary }
        XCTAssertEqual(german, ["Geburtstag von Ada Lovelace", "Hochzeitstag von Ada Lovelace"])
    }

    func testUnknownYearStartsInALeapYearWithoutADescription() {
        let card = ContactCard(uid: "x", displayName: "Max", dates: [ContactDate(kind: .birthday, year: nil, month: 2, day: 29)])
        let event = Event(component: calendar([card]).components[0])
        XCTAssertEqual(event.start, .date(CalendarDate(year: 1604, month: 2, day: 29)))
        XCTAssertNil(event.notes)
    }

    func testFebruary29FollowsTheChosenRuleForTenYears() throws {
        XCTAssertEqual(
            try days(calendar([leapling], BirthdayOptions(february29: .leapOnly)), from: 2024, to: 2034),
            ["2024-02-29", "2028-02-29", "2032-02-29"])
        XCTAssertEqual(
            try days(calendar([leapling], BirthdayOptions(february29: .feb28)), from: 2024, to: 2034),
            [
                "2024-02-29", "2025-02-28", "2026-02-28", "2027-02-28", "2028-02-29", "2029-02-28", "2030-02-28",
                "2031-02-28", "2032-02-29", "2033-02-28",
            ])
        XCTAssertEqual(
            try days(calendar([leapling], BirthdayOptions(february29: .mar1)), from: 2024, to: 2034),
            [
                "2024-02-29", "2025-03-01", "2026-03-01", "2027-03-01", "2028-02-29", "2029-03-01", "2030-03-01",
                "2031-03-01", "2032-02-29", "2033-03-01",
            ])
    }

    func testAgesWriteOneTitledEventAYear() {
        let events = calendar([leapling], BirthdayOptions(language: .de, february29: .mar1, ages: 36...38)).components.map(
            Event.init(component:))
        XCTAssertEqual(
            events.map(\.summary), ["36. Geburtstag von Lea Sprung", "37. Geburtstag von Lea Sprung", "38. Geburtstag von Lea Sprung"])
        XCTAssertEqual(
            events.map(\.start),
            [
                .date(CalendarDate(year: 2024, month: 2, day: 29)), .date(CalendarDate(year: 2025, month: 3, day: 1)),
                .date(CalendarDate(year: 2026, month: 3, day: 1)),
            ])
        XCTAssertTrue(events.allSatisfy { $0.component["RRULE"] == nil })
        XCTAssertEqual(Set(events.compactMap(\.uid)).count, 3)
    }

    func testNoBirthdayAfterTheDeathDateAndAlarmsWhenAskedFor() throws {
        var card = ada
        card.deathDate = ContactDate(kind: .birthday, year: 2027, month: 1, day: 1)
        let made = calendar([card], BirthdayOptions(alarm: "-PT15H"))
        XCTAssertEqual(try days(made, from: 2026, to: 2030).filter { $0.hasSuffix("04-12") }, ["2026-04-12"])
        XCTAssertEqual(made.components[0].components.first?["TRIGGER"]?.value, "-PT15H")
        XCTAssertEqual(made.components[0].components.first?["ACTION"]?.value, "DISPLAY")
    }
}
