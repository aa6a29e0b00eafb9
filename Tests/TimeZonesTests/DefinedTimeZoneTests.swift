import CalendarModel
import TimeZones
import XCTest

/// A zone defined in the file answers every instant with the offset its observances give, at and
/// around each transition, before the first and after the last.
final class DefinedTimeZoneTests: XCTestCase {
    /// Outlook writes the EU rule as observances starting in 1601.
    private let outlookBerlin = DefinedTimeZoneTests.zone(
        "W. Europe Standard Time",
        [
            DefinedTimeZoneTests.observance("STANDARD", start: "16010101T030000", from: "+0200", to: "+0100", month: 10),
            DefinedTimeZoneTests.observance("DAYLIGHT", start: "16010101T020000", from: "+0100", to: "+0200", month: 3),
        ])

    private static func zone(_ tzid: String, _ observances: [Component]) -> Component {
        Component(name: "VTIMEZONE", properties: [Property(name: "TZID", value: tzid)], components: observances)
    }

    /// An observance starting at `start` and again on the last Sunday of `month` every year.
    private static func observance(_ name: String, start: String, from: String, to: String, month: Int) -> Component {
        Component(
            name: name,
            properties: [
                Property(name: "DTSTART", value: start), Property(name: "TZOFFSETFROM", value: from),
                Property(name: "TZOFFSETTO", value: to), Property(name: "RRULE", value: "FREQ=YEARLY;BYDAY=-1SU;BYMONTH=\(month)"),
            ])
    }

    func testOffsetsAtAndAroundEveryTransitionMatchTheTzDatabase() throws {
        let defined = try DefinedTimeZone(outlookBerlin)
        let system = try XCTUnwrap(SystemTimeZone(identifier: "Europe/Berlin"))
        // Berlin has followed the EU rule since 1996.
        let from = CalendarDate(year: 1996, month: 1, day: 1).dayNumber * 86_400
        let to = CalendarDate(year: 2100, month: 1, day: 1).dayNumber * 86_400
        let changes = system.transitions(from: from, to: to)
        XCTAssertEqual(changes.count, 2 * 104)
        for change in changes {
            for second in [change.utcSecond - 1, change.utcSecond, change.utcSecond + 1] {
                XCTAssertEqual(
                    defined.offset(atUTC: second), system.offset(atUTC: second),
                    "at \(LocalDateTime(secondsSinceEpoch: second).isoFormat)Z")
            }
        }
        // Spring forward 2026: 01:00 UTC on 29 March.
        let spring = LocalDateTime(date: CalendarDate(year: 2026, month: 3, day: 29), hour: 1).secondsSinceEpoch
        XCTAssertEqual(defined.offset(atUTC: spring - 1), 3600)
        XCTAssertEqual(defined.offset(atUTC: spring), 7200)
    }

    func testInstantsBeforeTheFirstAndAfterTheLastTransitionKeepTheirOffsets() throws {
        let defined = try DefinedTimeZone(
            Self.zone(
                "Europe/Berlin",
                [
                    Self.observance("DAYLIGHT", start: "19810329T020000", from: "+0100", to: "+0200", month: 3),
                    Self.observance("STANDARD", start: "19961027T030000", from: "+0200", to: "+0100", month: 10),
                ]))
        // Before the first onset (29 March 1981, 01:00 UTC): the offset that observance starts from.
        let firstOnset = LocalDateTime(date: CalendarDate(year: 1981, month: 3, day: 29), hour: 1).secondsSinceEpoch
        XCTAssertEqual(defined.offset(atUTC: firstOnset - 1), 3600)
        XCTAssertEqual(defined.offset(atUTC: LocalDateTime(date: CalendarDate(year: 1900, month: 7, day: 1)).secondsSinceEpoch), 3600)
        XCTAssertEqual(defined.offset(atUTC: firstOnset), 7200)
        // Summer time without an end until STANDARD begins in October 1996.
        XCTAssertEqual(defined.offset(atUTC: LocalDateTime(date: CalendarDate(year: 1990, month: 12, day: 1)).secondsSinceEpoch), 7200)
        XCTAssertEqual(defined.offset(atUTC: LocalDateTime(date: CalendarDate(year: 1996, month: 12, day: 1)).secondsSinceEpoch), 3600)
        // Past the horizon (2200) the last observance, October's STANDARD, stays.
        let summer2199 = LocalDateTime(date: CalendarDate(year: 2199, month: 7, day: 1)).secondsSinceEpoch
        XCTAssertEqual(defined.offset(atUTC: summer2199), 7200)
        XCTAssertEqual(defined.offset(atUTC: LocalDateTime(date: CalendarDate(year: 2400, month: 7, day: 1)).secondsSinceEpoch), 3600)
    }
}
