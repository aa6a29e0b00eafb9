import CalendarModel
@testable import ICalendar
import XCTest

/// What a component must hold comes from the design table's cardinality: a time zone its TZID, an
/// alarm its ACTION and TRIGGER; an item's UID and DTSTAMP are the reader's to make, and the
/// calendar's own properties the calendar-wide checks'.
final class ComponentChecksTests: XCTestCase {
    private func messages(_ component: Component, placesOccurrencesOnly: Bool = false) -> [String] {
        ComponentChecks.diagnostics(for: component, file: "test.ics", placesOccurrencesOnly: placesOccurrencesOnly).map(\.message)
    }

    private func event(_ properties: [Property], alarms: [Component] = []) -> Component {
        Component(
            name: "VEVENT",
            properties: [Property(name: "UID", value: "1"), Property(name: "DTSTAMP", value: "20260101T000000Z")]
                + properties, components: alarms)
    }

    func testAnAlarmWithoutItsTriggerIsToldBothItNeeds() {
        let alarm = Component(name: "VALARM", properties: [Property(name: "ACTION", value: "DISPLAY")])
        XCTAssertEqual(messages(event([], alarms: [alarm])), ["VALARM needs both ACTION and TRIGGER"])
        XCTAssertEqual(messages(event([], alarms: [alarm]), placesOccurrencesOnly: true), [], "no occurrence depends on an alarm")
    }

    func testATimeZoneWithoutItsTZIDIsKeptUnused() {
        let zone = Component(name: "VTIMEZONE", properties: [Property(name: "TZURL", value: "https://example.com/zone")])
        let found = ComponentChecks.diagnostics(for: zone, file: "test.ics")
        XCTAssertEqual(found.map(\.message), ["VTIMEZONE has no TZID, so nothing can refer to it"])
        XCTAssertEqual(found.map(\.severity), [.error])
        XCTAssertEqual(found.map(\.repair), ["keeps it as written, unused"])
    }

    func testRequiredPropertiesOthersJudgeAreNotReportedHere() {
        XCTAssertEqual(
            messages(Component(name: "VEVENT", properties: [Property(name: "SUMMARY", value: "No UID")])), [],
            "ItemIdentity makes UID and DTSTAMP")
        XCTAssertEqual(messages(Component(name: "VCALENDAR")), [], "CalendarWideChecks judges PRODID and VERSION")
    }

    /// The table says a VEVENT holds DTSTART at most once, but no check reports a second one yet
    /// (validate never has): this pins today's output, so that adding that finding is a decision.
    func testTheTableSaysAnEventHasAtMostOneStart() {
        XCTAssertEqual(PropertyDesignTable.design(for: "DTSTART")?.cardinality["VEVENT"], .atMostOnce)
    }

    func testTheItemsGivenAnIdentityAreThoseTheTableRequiresAUIDOf() {
        XCTAssertEqual(ItemIdentity.identified, ["VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY"])
        XCTAssertTrue(
            Set(ComponentChecks.namesLookedFor).isSuperset(of: ["TZID", "ACTION", "TRIGGER", "DTSTART", "DTEND", "DURATION", "STATUS"]))
    }
}
