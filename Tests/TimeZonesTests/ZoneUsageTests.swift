import CalendarModel
import TimeZones
import XCTest

final class ZoneUsageTests: XCTestCase {
    private func event(_ rule: String) -> Component {
        Component(
            name: "VEVENT",
            properties: [
                Property(name: "DTSTART", parameters: [Parameter("TZID", "Europe/Berlin")], value: "20260105T090000"),
                Property(name: "RRULE", value: rule),
            ])
    }

    func testAnUntilInAnyCaseWidensTheYearsAZoneIsNeededFor() {
        for rule in [
            "FREQ=WEEKLY;UNTIL=20300101T000000Z", "freq=weekly;until=20300101T000000Z",
            "FREQ=WEEKLY;Until=20300101T000000Z",
        ] {
            let usage = ZoneUsage(of: event(rule))
            XCTAssertEqual(usage.undefined.map(\.tzid), ["Europe/Berlin"], rule)
            XCTAssertEqual(usage.undefined.first?.years, 2026...2030, rule)
        }
    }

    func testARuleWithoutUntilKeepsTheYearsOfTheDatesWritten() {
        for rule in ["FREQ=WEEKLY;COUNT=300", "FREQ=DAILY;UNTI=20300101", "FREQ=WEEKLY"] {
            XCTAssertEqual(ZoneUsage(of: event(rule)).undefined.first?.years, 2026...2026, rule)
        }
    }

    func testAVTimezoneDefinesItsZone() {
        var usage = ZoneUsage(of: event("FREQ=WEEKLY"))
        usage.merge(ZoneUsage(of: Component(name: "VTIMEZONE", properties: [Property(name: "TZID", value: "Europe/Berlin")])))
        XCTAssertTrue(usage.undefined.isEmpty)
    }
}
