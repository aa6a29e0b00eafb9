import CalendarModel
import Occurrences
import XCTest

/// A rule with COUNT is counted from its DTSTART, so the instances before the window are walked: they
/// spend the expansion's budget, and one begun long before the window ends with the budget's error
/// instead of walking for hours (found by fuzzing).
final class CountedRuleBudgetTests: XCTestCase {
    private func event(start: String, rule: String) -> Component {
        Component(
            name: "VCALENDAR",
            components: [
                Component(
                    name: "VEVENT",
                    properties: [
                        Property(name: "UID", value: "counted"), Property(name: "DTSTART", value: start),
                        Property(name: "DURATION", value: "PT1S"), Property(name: "RRULE", value: rule),
                    ])
            ])
    }

    private func occurrences(_ calendar: Component, budget: Int, from: String, to: String) throws -> [Occurrence] {
        var expansion = CalendarExpansion(calendar: calendar)
        expansion.budget = budget
        return try expansion.occurrences(from: DateValue(icalendar: from)!.local, to: DateValue(icalendar: to)!.local, in: nil)
    }

    func testInstancesBeforeTheWindowSpendTheBudget() {
        // Every second since 1900: about 3.9 billion instances before 2026, out of a budget of 10,000.
        let ancient = event(start: "19000101T000000Z", rule: "FREQ=SECONDLY;COUNT=2000000000")
        XCTAssertThrowsError(try occurrences(ancient, budget: 10_000, from: "20260101", to: "20260102"))
    }

    func testACountedRuleStillGivesItsInstancesInTheWindow() throws {
        // Weekly from 2026-01-05, ten of them: the window holds the 9th and 10th.
        let weekly = event(start: "20260105T090000Z", rule: "FREQ=WEEKLY;COUNT=10")
        let found = try occurrences(weekly, budget: 10, from: "20260301", to: "20260401")
        XCTAssertEqual(found.map(\.start.isoText), ["2026-03-02T09:00:00Z", "2026-03-09T09:00:00Z"])
        XCTAssertThrowsError(try occurrences(weekly, budget: 8, from: "20260301", to: "20260401"))
    }
}
