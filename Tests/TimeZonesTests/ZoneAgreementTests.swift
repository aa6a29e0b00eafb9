import CalendarModel
import TimeZones
import XCTest

/// What "agree" means when merging definitions of one TZID: the same offset at every instant of a
/// definition's stretch (just before its first transition to its last), against the kept definition
/// or against the tz database.
final class ZoneAgreementTests: XCTestCase {
    /// A VTIMEZONE with one observance per entry: (name, DTSTART, TZOFFSETFROM, TZOFFSETTO, RRULE).
    private static func zone(_ tzid: String, _ observances: [(String, String, String, String, String?)]) -> Component {
        Component(
            name: "VTIMEZONE", properties: [Property(name: "TZID", value: tzid)],
            components: observances.map { name, start, from, to, rule in
                Component(
                    name: name,
                    properties: [
                        Property(name: "DTSTART", value: start), Property(name: "TZOFFSETFROM", value: from),
                        Property(name: "TZOFFSETTO", value: to),
                    ] + (rule.map { [Property(name: "RRULE", value: $0)] } ?? []))
            })
    }

    /// khal writes the transition in force at an event and those up to its end: for January 2026
    /// the fall-back of October 2025, for July 2026 the spring-forward of March 2026.
    private let januaryBerlin = zone("Europe/Berlin", [("STANDARD", "20251026T030000", "+0200", "+0100", nil)])
    private let julyBerlin = zone("Europe/Berlin", [("DAYLIGHT", "20260329T020000", "+0100", "+0200", nil)])
    /// Apple's and Mozilla's form: both EU rules from 1981, though Berlin fell back in September until 1995.
    private let appleBerlin = zone(
        "Europe/Berlin",
        [
            ("DAYLIGHT", "19810329T020000", "+0100", "+0200", "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU"),
            ("STANDARD", "19961027T030000", "+0200", "+0100", "FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU"),
        ])

    func testPartialDefinitionsTheDatabaseAgreesWithShareOneBuiltFromIt() throws {
        let agreement = ZoneAgreement()
        XCTAssertFalse(agreement.covers(januaryBerlin, julyBerlin, at: nil), "January's definition says +0100 in July")
        let shared = try DefinedTimeZone(try XCTUnwrap(agreement.sharedDefinition(for: [(januaryBerlin, nil), (julyBerlin, nil)])))
        let berlin = try XCTUnwrap(SystemTimeZone(identifier: "Europe/Berlin"))
        for day in stride(
            from: CalendarDate(year: 2025, month: 1, day: 1).dayNumber, to: CalendarDate(year: 2028, month: 1, day: 1).dayNumber, by: 5)
        {
            XCTAssertEqual(shared.offset(atUTC: day * 86_400), berlin.offset(atUTC: day * 86_400))
        }
    }

    func testADefinitionCoversALaterOneThatSaysTheSameWhereTheLaterSpeaks() {
        XCTAssertTrue(ZoneAgreement().covers(appleBerlin, julyBerlin, at: nil))
        XCTAssertFalse(ZoneAgreement().covers(julyBerlin, appleBerlin, at: nil))
    }

    func testNoSharedDefinitionWhenTheDatabaseDisagreesOrDoesNotKnowTheZone() {
        let madeUp = Self.zone("Europe/Berlin", [("STANDARD", "20200101T000000", "+0300", "+0300", nil)])
        XCTAssertNil(ZoneAgreement().sharedDefinition(for: [(januaryBerlin, nil), (madeUp, nil)]))
        let mine = Self.zone("My Zone", [("STANDARD", "20200101T000000", "+0500", "+0500", nil)])
        XCTAssertNil(ZoneAgreement().sharedDefinition(for: [(mine, nil), (mine, nil)]), "not a zone of the tz database")
        // Over its stretch Apple's definition keeps summer time through the winters of 1981–1995.
        XCTAssertNil(ZoneAgreement().sharedDefinition(for: [(appleBerlin, nil), (julyBerlin, nil)]))
    }

    /// Google's form: both EU rules from 1970, though Germany had no summer time until 1980.
    private let googleBerlin = zone(
        "Europe/Berlin",
        [
            ("DAYLIGHT", "19700329T020000", "+0100", "+0200", "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU"),
            ("STANDARD", "19701025T030000", "+0200", "+0100", "FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU"),
        ])

    private static func time(_ year: Int, _ month: Int, _ day: Int, _ hour: Int) -> LocalDateTime {
        LocalDateTime(date: CalendarDate(year: year, month: month, day: day), hour: hour)
    }

    func testGoogleAndAppleBerlinAgreeAtTheTimesOfTodaysEventsThoughNotOverAllTheyDefine() {
        XCTAssertFalse(ZoneAgreement().covers(googleBerlin, appleBerlin, at: nil), "1981–1995 differ")
        XCTAssertTrue(ZoneAgreement().covers(googleBerlin, appleBerlin, at: Self.time(2026, 4, 15, 18)...Self.time(2026, 4, 25, 11)))
        XCTAssertTrue(ZoneAgreement().covers(appleBerlin, googleBerlin, at: Self.time(2026, 3, 3, 16)...ZoneAgreement.horizon))
        XCTAssertFalse(
            ZoneAgreement().covers(appleBerlin, googleBerlin, at: Self.time(1985, 12, 1, 12)...Self.time(1985, 12, 1, 13)),
            "Apple's definition keeps summer time through the winter of 1985, Google's falls back in October")
    }

    func testTheDatabaseIsJudgedAtTheTimesUsedWhereTheyAreKnown() throws {
        let summer = Self.time(2026, 7, 6, 10)...Self.time(2026, 8, 1, 19)
        XCTAssertNil(ZoneAgreement().sharedDefinition(for: [(appleBerlin, nil), (julyBerlin, summer)]))
        let shared = try XCTUnwrap(ZoneAgreement().sharedDefinition(for: [(appleBerlin, summer), (julyBerlin, summer)]))
        XCTAssertEqual(try DefinedTimeZone(shared).offset(atUTC: Self.time(2026, 7, 6, 8).secondsSinceEpoch), 7_200)
    }

    func testARuleWithACountLastsToItsLastInstanceAndOneWithoutEndHasNone() throws {
        let weekly = try XCTUnwrap(RecurrenceRuleReading("FREQ=WEEKLY;COUNT=4").rule)
        XCTAssertEqual(ZoneAgreement.lastInstance(of: weekly, from: Self.time(2026, 7, 6, 10)), Self.time(2026, 7, 27, 10))
        let endless = try XCTUnwrap(RecurrenceRuleReading("FREQ=MONTHLY;BYDAY=1TH").rule)
        XCTAssertNil(ZoneAgreement.lastInstance(of: endless, from: Self.time(2026, 3, 5, 20)))
        let everySecond = try XCTUnwrap(RecurrenceRuleReading("FREQ=SECONDLY;COUNT=2000000000").rule)
        XCTAssertNil(ZoneAgreement.lastInstance(of: everySecond, from: Self.time(2026, 3, 5, 20)), "too long to walk: no end")
        let never = try XCTUnwrap(RecurrenceRuleReading("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30;COUNT=3").rule)
        XCTAssertNil(ZoneAgreement.lastInstance(of: never, from: Self.time(2026, 3, 5, 20)), "instances run out before the COUNT")
    }
}
