import CalendarModel
import ICalendar
import XCTest

/// When a calendar uses a TZID: from the earliest time written with it to the end of its last
/// occurrence, as the look-ahead gathers it for judging a later definition.
final class TimeZoneUseTests: XCTestCase {
    private static func time(_ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0) -> LocalDateTime {
        LocalDateTime(date: CalendarDate(year: 2026, month: month, day: day), hour: hour, minute: minute)
    }

    private static func event(_ lines: [String]) -> Component {
        Component(
            name: "VEVENT",
            properties: lines.map { line in
                let (head, value) = (line.prefix { $0 != ":" }, line.drop { $0 != ":" }.dropFirst())
                let parts = head.split(separator: ";")
                let parameters = parts.dropFirst().map { part in
                    Parameter(String(part.prefix { $0 != "=" }), String(part.drop { $0 != "=" }.dropFirst()))
                }
                return Property(name: String(parts[0]), parameters: parameters, value: String(value))
            })
    }

    func testAnRDateAfterTheStartLastsAsLongAsTheEventAndAPeriodToItsEnd() {
        var uses = CalendarZoneUses(lastInstance: { _, _ in nil })
        uses.record(
            Self.event([
                "DTSTART;TZID=Europe/Berlin:20260302T090000", "DURATION:PT1H30M",
                "RDATE;TZID=Europe/Berlin:20260310T090000,20260320T090000",
            ]))
        uses.record(
            Self.event([
                "DTSTART;TZID=America/New_York:20260302T090000",
                "RDATE;TZID=America/New_York;VALUE=PERIOD:20260401T090000/PT2H",
            ]))
        XCTAssertEqual(uses.uses["Europe/Berlin"], TimeZoneUse(earliest: Self.time(3, 2, 9), latest: Self.time(3, 20, 10, 30)))
        XCTAssertEqual(uses.uses["America/New_York"], TimeZoneUse(earliest: Self.time(3, 2, 9), latest: Self.time(4, 1, 11)))
    }

    func testARuleWithoutEndUsesTheZoneWithoutEndAndOtherZonesOnlyAtTheirTimes() {
        var uses = CalendarZoneUses(lastInstance: { rule, _ in rule.count == nil ? nil : Self.time(6, 1, 9) })
        uses.record(
            Self.event([
                "DTSTART;TZID=Europe/Berlin:20260302T090000", "DTEND;TZID=Europe/London:20260302T100000",
                "RRULE:FREQ=WEEKLY",
            ]))
        uses.record(
            Self.event([
                "DTSTART;TZID=Europe/Paris:20260302T090000", "DTEND;TZID=Europe/Paris:20260302T100000",
                "RRULE:FREQ=WEEKLY;COUNT=14",
            ]))
        XCTAssertEqual(uses.uses["Europe/Berlin"], TimeZoneUse(earliest: Self.time(3, 2, 9), latest: nil))
        XCTAssertEqual(uses.uses["Europe/London"], TimeZoneUse(earliest: Self.time(3, 2, 10), latest: Self.time(3, 2, 10)))
        XCTAssertEqual(uses.uses["Europe/Paris"], TimeZoneUse(earliest: Self.time(3, 2, 9), latest: Self.time(6, 1, 10)))
    }
}
