import CalendarModel
import TimeZones
import XCTest

final class TimeZoneResolverTests: XCTestCase {
    /// 2026-07-01T12:00:00Z, in summer on both hemispheres' terms.
    private let midsummer = CalendarDate(year: 2026, month: 7, day: 1).dayNumber * 86_400 + 43_200

    private func offset(_ tzid: String, definitions: [String: Component] = [:]) -> Int? {
        let resolver = TimeZoneResolver(definitions: definitions)
        return resolver.zone(for: tzid)?.offset(atUTC: midsummer)
    }

    func testIANANamesAlsoBehindVendorPrefixes() {
        XCTAssertEqual(offset("Europe/Berlin"), 7200)
        XCTAssertEqual(offset("/freeassociation.sourceforge.net/Europe/Berlin"), 7200)
        XCTAssertEqual(offset("/mozilla.org/20070129_1/America/New_York"), -14_400)
        XCTAssertEqual(offset("/freeassociation.sourceforge.net/Tzfile/Australia/Lord_Howe"), 37_800)
    }

    func testWindowsNamesAndOutlookDisplayNames() {
        XCTAssertEqual(offset("W. Europe Standard Time"), 7200)
        XCTAssertEqual(offset("Pacific Standard Time"), -25_200)
        XCTAssertEqual(offset("Tokyo Standard Time"), 32_400)
        XCTAssertEqual(offset("(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna"), 7200)
    }

    func testTheFilesOwnDefinitionWinsOverTheDatabase() {
        let odd = Component(
            name: "VTIMEZONE", properties: [Property(name: "TZID", value: "Europe/Berlin")],
            components: [
                Component(
                    name: "STANDARD",
                    properties: [
                        Property(name: "DTSTART", value: "19700101T000000"),
                        Property(name: "TZOFFSETFROM", value: "+0300"), Property(name: "TZOFFSETTO", value: "+0300"),
                    ])
            ])
        XCTAssertEqual(offset("Europe/Berlin", definitions: ["Europe/Berlin": odd]), 10_800)
    }

    func testUnknownZonesResolveToNothingAndAreListed() {
        XCTAssertNil(offset("Mars/Olympus_Mons"))
        XCTAssertNil(offset("../../etc/passwd"))
        let calendar = Component(
            name: "VCALENDAR",
            components: [
                Component(
                    name: "VEVENT",
                    properties: [
                        Property(
                            name: "DTSTART", parameters: [Parameter("TZID", "Mars/Olympus_Mons")], value: "20260101T100000",
                            location: SourceLocation(line: 7)),
                        Property(name: "DTEND", parameters: [Parameter("TZID", "Europe/Berlin")], value: "20260101T110000"),
                    ])
            ])
        let resolver = TimeZoneResolver(calendar: calendar)
        let unknown = resolver.unknownZones(in: calendar)
        XCTAssertEqual(unknown.map(\.tzid), ["Mars/Olympus_Mons"])
        XCTAssertEqual(unknown.first?.property.location?.line, 7)
    }
}
