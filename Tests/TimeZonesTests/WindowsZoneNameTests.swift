import CalendarModel
import TimeZones
import XCTest

/// The TZIDs Outlook and Exchange write without a VTIMEZONE: each must put a local time at the right
/// UTC instant in winter and in summer. Expected instants are worked out by hand from each zone's
/// real offsets, for 10:00 local on 2026-01-15 and on 2026-07-15.
final class WindowsZoneNameTests: XCTestCase {
    private static func local(_ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0) -> LocalDateTime {
        LocalDateTime(date: CalendarDate(year: 2026, month: month, day: day), hour: hour, minute: minute)
    }

    private static let winter = local(1, 15, 10), summer = local(7, 15, 10)

    /// TZID, then the UTC wall time of 10:00 local in winter and in summer.
    private static let cases: [(tzid: String, winterUTC: LocalDateTime, summerUTC: LocalDateTime)] = [
        // Outlook desktop's display names, in today's and the XP-era forms and as files spell them.
        ("(UTC-05:00) Eastern Time (US & Canada)", local(1, 15, 15), local(7, 15, 14)),
        ("(GMT-05:00) Eastern Time (US & Canada)", local(1, 15, 15), local(7, 15, 14)),
        ("(UTC-05:00) Eastern Time (US and Canada)", local(1, 15, 15), local(7, 15, 14)),
        ("(GMT -05:00) Eastern Time (US & Canada)", local(1, 15, 15), local(7, 15, 14)),
        ("(utc-05:00)  eastern time  (us &  canada) ", local(1, 15, 15), local(7, 15, 14)),
        ("(UTC-08:00) Pacific Time (US & Canada)", local(1, 15, 18), local(7, 15, 17)),
        ("(GMT-08:00) Pacific Time (US & Canada); Tijuana", local(1, 15, 18), local(7, 15, 17)),
        ("(UTC-08:00)Baja California", local(1, 15, 18), local(7, 15, 17)),
        ("(UTC-06:00) Central Time (US & Canada)", local(1, 15, 16), local(7, 15, 15)),
        ("(GMT-06:00) Central Time (US & Canada)", local(1, 15, 16), local(7, 15, 15)),
        ("(UTC-07:00) Mountain Time (US & Canada)", local(1, 15, 17), local(7, 15, 16)),
        ("(UTC-03:00) Brasilia", local(1, 15, 13), local(7, 15, 13)),
        ("(UTC-03:00) Brasília", local(1, 15, 13), local(7, 15, 13)),
        ("(GMT+10:00) Canberra, Melbourne, Sydney", local(1, 14, 23), local(7, 15, 0)),
        ("(UTC+10:00) Canberra, Melbourne, Sydney", local(1, 14, 23), local(7, 15, 0)),
        ("(UTC+09:30) Adelaide", local(1, 14, 23, 30), local(7, 15, 0, 30)),
        ("(UTC+12:00) Auckland, Wellington", local(1, 14, 21), local(7, 14, 22)),
        ("(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna", local(1, 15, 9), local(7, 15, 8)),
        ("(GMT+01:00) Brussels, Copenhagen, Madrid, Paris", local(1, 15, 9), local(7, 15, 8)),
        ("(UTC+00:00) Dublin, Edinburgh, Lisbon, London", local(1, 15, 10), local(7, 15, 9)),
        ("(UTC) Dublin, Edinburgh, Lisbon, London", local(1, 15, 10), local(7, 15, 9)),
        ("(GMT) Greenwich Mean Time : Dublin, Edinburgh, Lisbon, London", local(1, 15, 10), local(7, 15, 9)),
        ("(UTC+05:30) Chennai, Kolkata, Mumbai, New Delhi", local(1, 15, 4, 30), local(7, 15, 4, 30)),
        // Renamed zones: the offset in the name is not the zone's today, the zone is.
        ("(UTC-04:30) Caracas", local(1, 15, 14), local(7, 15, 14)),
        ("(GMT-04:30) Caracas", local(1, 15, 14), local(7, 15, 14)),
        ("(UTC+04:00) Moscow, St. Petersburg, Volgograd", local(1, 15, 7), local(7, 15, 7)),
        ("(UTC+06:00) Astana", local(1, 15, 5), local(7, 15, 5)),
        // Windows in English (United Kingdom).
        ("(UTC) Co-ordinated Universal Time", local(1, 15, 10), local(7, 15, 10)),
        ("(UTC+03:00) Moscow, St Petersburg", local(1, 15, 7), local(7, 15, 7)),
        // The Russian zones as Windows named them in 2014–2016.
        ("(UTC+03:00) Moscow, St. Petersburg, Volgograd (RTZ 2)", local(1, 15, 7), local(7, 15, 7)),
        ("(UTC+02:00) Kaliningrad (RTZ 1)", local(1, 15, 8), local(7, 15, 8)),
        ("(UTC+10:00) Vladivostok, Magadan (RTZ 9)", local(1, 15, 0), local(7, 15, 0)),
        // Windows zone IDs, as Exchange writes them.
        ("Eastern Standard Time", local(1, 15, 15), local(7, 15, 14)),
        ("Pacific Standard Time", local(1, 15, 18), local(7, 15, 17)),
        ("Central Standard Time", local(1, 15, 16), local(7, 15, 15)),
        ("AUS Eastern Standard Time", local(1, 14, 23), local(7, 15, 0)),
        ("W. Europe Standard Time", local(1, 15, 9), local(7, 15, 8)),
        ("GMT Standard Time", local(1, 15, 10), local(7, 15, 9)),
        ("Russian Standard Time", local(1, 15, 7), local(7, 15, 7)),
        // Bishkek keeps +06:00; CLDR 41's Almaty moved to +05:00 in 2024.
        ("Central Asia Standard Time", local(1, 15, 4), local(7, 15, 4)),
        // Mazatlan keeps -07:00 all year; CLDR 41's Chihuahua moved to -06:00 in 2022.
        ("Mountain Standard Time (Mexico)", local(1, 15, 17), local(7, 15, 17)),
        // A display name in another language, found by the first tz database city it lists.
        ("(UTC+01:00) Amsterdam, Berlin, Bern, Rom, Stockholm, Wien", local(1, 15, 9), local(7, 15, 8)),
    ]

    func testEveryOutlookAndExchangeFormPutsTimesAtTheRightInstantInWinterAndSummer() throws {
        let resolver = TimeZoneResolver(definitions: [:])
        for (tzid, winterUTC, summerUTC) in Self.cases {
            let zone = try XCTUnwrap(resolver.zone(for: tzid), tzid)
            XCTAssertEqual(LocalDateTime(secondsSinceEpoch: zone.utcSecond(forLocal: Self.winter)), winterUTC, "winter, \(tzid)")
            XCTAssertEqual(LocalDateTime(secondsSinceEpoch: zone.utcSecond(forLocal: Self.summer)), summerUTC, "summer, \(tzid)")
            XCTAssertFalse(resolver.guessesZone(for: tzid), tzid)
        }
    }

    func testAnOffsetWithoutAKnownPlaceIsThatFixedOffsetAndSaidToBeAGuess() throws {
        let resolver = TimeZoneResolver(definitions: [:])
        let stated = [
            ("(GMT +01:00)", 3600), ("(UTC-05:00)", -18_000), ("GMT+0100", 3600), ("UTC-5", -18_000),
            ("(UTC+05:30)", 19_800), ("(UTC-05:00) Nowhere In Particular", -18_000),
        ]
        for (tzid, seconds) in stated {
            let zone = try XCTUnwrap(resolver.zone(for: tzid), tzid)
            XCTAssertEqual(zone.offset(atUTC: Self.winter.secondsSinceEpoch), seconds, tzid)
            XCTAssertEqual(zone.offset(atUTC: Self.summer.secondsSinceEpoch), seconds, tzid)
            XCTAssertTrue(resolver.guessesZone(for: tzid), tzid)
            XCTAssertNil(resolver.databaseZone(for: tzid), tzid)
        }
        XCTAssertEqual(
            TimeZoneResolver.unknownZoneMessage("(GMT +01:00)"),
            "TZID (GMT +01:00) names no zone calbridge knows, only the UTC offset +01:00: its times are read at "
                + "that fixed offset, which is right in one season only where the clocks change for summer")
        XCTAssertNil(resolver.zone(for: "Eastern Time (US & Canada)"))
        XCTAssertNil(resolver.zone(for: "GMT Daylight Time"))
        XCTAssertNil(resolver.zone(for: "(UTC+25:00) Nowhere"))
    }

    func testTheFilesOwnVTimezoneWinsOverADisplayName() {
        let tzid = "(UTC-05:00) Eastern Time (US & Canada)"
        let own = Component(
            name: "VTIMEZONE", properties: [Property(name: "TZID", value: tzid)],
            components: [
                Component(
                    name: "STANDARD",
                    properties: [
                        Property(name: "DTSTART", value: "19700101T000000"),
                        Property(name: "TZOFFSETFROM", value: "-0300"), Property(name: "TZOFFSETTO", value: "-0300"),
                    ])
            ])
        let resolver = TimeZoneResolver(definitions: [tzid: own])
        XCTAssertEqual(resolver.zone(for: tzid)?.offset(atUTC: Self.summer.secondsSinceEpoch), -10_800)
        XCTAssertFalse(resolver.guessesZone(for: tzid))
    }

    /// Every display name of the generated table resolves to the zone CLDR gives its Windows ID, and
    /// that zone's standard offset is the one the ID's current name states: a typo'd or misfiled row fails.
    func testEveryDisplayNameInTheTableResolvesToItsZoneWithTheOffsetItsCurrentNameStates() throws {
        let resolver = TimeZoneResolver(definitions: [:])
        for (name, windowsName) in WindowsZoneNames.windowsNameByDisplayName.sorted(by: { $0.key < $1.key }) {
            XCTAssertEqual(resolver.databaseZone(for: name)?.identifier, WindowsZoneNames.ianaByWindowsName[windowsName], name)
        }
        for (windowsName, iana) in WindowsZoneNames.ianaByWindowsName.sorted(by: { $0.key < $1.key }) {
            let zone = try XCTUnwrap(resolver.databaseZone(for: windowsName), windowsName)
            let current = try XCTUnwrap(WindowsZoneNames.currentDisplayNameByWindowsName[windowsName], "\(windowsName) has no display name")
            let standard = min(zone.offset(atUTC: Self.winter.secondsSinceEpoch), zone.offset(atUTC: Self.summer.secondsSinceEpoch))
            XCTAssertEqual(standard, try Self.statedOffset(current), "\(windowsName): \(current) against \(iana)")
        }
    }

    /// The offset a display name states, `(UTC+05:30) …` → 19,800; `(UTC) …` → 0.
    private static func statedOffset(_ name: String) throws -> Int {
        guard name.hasPrefix("(UTC"), name.dropFirst(4).first != ")" else { return 0 }
        let sign = name.dropFirst(4).first == "-" ? -1 : 1
        let hours = try XCTUnwrap(Int(name.dropFirst(5).prefix(2))), minutes = try XCTUnwrap(Int(name.dropFirst(8).prefix(2)))
        return sign * (hours * 3600 + minutes * 60)
    }
}
