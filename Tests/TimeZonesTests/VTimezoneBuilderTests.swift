import CalendarModel
import TimeZones
import XCTest

final class VTimezoneBuilderTests: XCTestCase {
    /// The generated VTIMEZONE, read back as a `DefinedTimeZone`, gives the tz database's offset at
    /// every hour of the years it covers.
    private func assertFaithful(_ identifier: String, _ years: ClosedRange<Int>, file: StaticString = #filePath, line: UInt = #line) throws
    {
        let zone = try XCTUnwrap(SystemTimeZone(identifier: identifier))
        let vtimezone = VTimezoneBuilder().vtimezone(tzid: identifier, zone: zone, years: years)
        let defined = try DefinedTimeZone(vtimezone)
        let start = CalendarDate(year: years.lowerBound, month: 1, day: 1).dayNumber * 86_400
        let end = CalendarDate(year: years.upperBound + 1, month: 1, day: 1).dayNumber * 86_400
        for second in stride(from: start, to: end, by: 1800) where defined.offset(atUTC: second) != zone.offset(atUTC: second) {
            XCTFail("\(identifier): offsets differ at \(LocalDateTime(secondsSinceEpoch: second).isoFormat)Z", file: file, line: line)
            return
        }
    }

    func testBerlinIsTwoOpenEndedRules() throws {
        let zone = try XCTUnwrap(SystemTimeZone(identifier: "Europe/Berlin"))
        let vtimezone = VTimezoneBuilder().vtimezone(tzid: "Europe/Berlin", zone: zone, years: 2024...2027)
        XCTAssertEqual(vtimezone.components.map(\.name), ["DAYLIGHT", "STANDARD"])
        XCTAssertEqual(
            vtimezone.components.map { $0["RRULE"]?.value }, ["FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU"])
        XCTAssertEqual(vtimezone.components.map { $0["DTSTART"]?.value }, ["20240331T020000", "20241027T030000"])
        XCTAssertEqual(vtimezone.components.map { $0["TZOFFSETTO"]?.value }, ["+0200", "+0100"])
        try assertFaithful("Europe/Berlin", 2024...2027)
    }

    func testNewYorkAcrossThe2007RuleChangeClosesTheOldRule() throws {
        let zone = try XCTUnwrap(SystemTimeZone(identifier: "America/New_York"))
        let vtimezone = VTimezoneBuilder().vtimezone(tzid: "America/New_York", zone: zone, years: 2004...2009)
        let rules = vtimezone.components.compactMap { $0["RRULE"]?.value }
        XCTAssertTrue(rules.contains("FREQ=YEARLY;BYMONTH=4;BYDAY=1SU;UNTIL=20060402T070000Z"), "\(rules)")
        XCTAssertTrue(rules.contains("FREQ=YEARLY;BYMONTH=3;BYDAY=2SU"), "\(rules)")
        try assertFaithful("America/New_York", 2004...2009)
    }

    func testLordHoweHalfHourOffsetsAndZonesWithoutChanges() throws {
        try assertFaithful("Australia/Lord_Howe", 2025...2028)
        let zone = try XCTUnwrap(SystemTimeZone(identifier: "Asia/Tokyo"))
        let tokyo = VTimezoneBuilder().vtimezone(tzid: "Asia/Tokyo", zone: zone, years: 2026...2026)
        XCTAssertEqual(tokyo.components.count, 1)
        XCTAssertEqual(tokyo.components[0]["TZOFFSETTO"]?.value, "+0900")
        let lordHowe = VTimezoneBuilder().vtimezone(
            tzid: "Australia/Lord_Howe", zone: try XCTUnwrap(SystemTimeZone(identifier: "Australia/Lord_Howe")), years: 2026...2027)
        XCTAssertEqual(Set(lordHowe.components.compactMap { $0["TZOFFSETFROM"]?.value }), ["+1030", "+1100"])
    }
}
