@testable import TimeZones
import CalendarModel
import Foundation
import XCTest

/// Offsets read from the system tz database, of zones whose rules have stood for years (the EU's since
/// 1996, the US's since 2007, Lord Howe's since 2008 with numeric abbreviations since tzdata 2017a), so
/// any later tzdata release gives them.
final class SystemTimeZoneTests: XCTestCase {
    private func zone(_ identifier: String, file: StaticString = #filePath, line: UInt = #line) throws -> SystemTimeZone {
        try XCTUnwrap(SystemTimeZone(identifier: identifier), "no zone \(identifier)", file: file, line: line)
    }

    private func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Int {
        LocalDateTime(date: CalendarDate(year: year, month: month, day: day), hour: hour, minute: minute, second: second)
            .secondsSinceEpoch
    }

    private func local(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int) -> LocalDateTime {
        LocalDateTime(date: CalendarDate(year: year, month: month, day: day), hour: hour, minute: minute)
    }

    func testBerlinSwitchesToSummerTimeAtOneUTCOnTheLastSundayOfMarch() throws {
        let berlin = try zone("Europe/Berlin")
        XCTAssertEqual(berlin.identifier, "Europe/Berlin")
        XCTAssertEqual(utc(2026, 3, 29, 1), 1_774_746_000)
        XCTAssertEqual(berlin.offset(atUTC: utc(2026, 3, 29, 0, 59, 59)), 3600)
        XCTAssertEqual(berlin.offset(atUTC: utc(2026, 3, 29, 1)), 7200)
        XCTAssertEqual(berlin.zoneType(atUTC: utc(2026, 3, 29, 1)), ZoneTimeType(utcOffset: 7200, isDST: true, abbreviation: "CEST"))
        XCTAssertEqual(berlin.offset(atUTC: utc(2026, 10, 25, 0, 59, 59)), 7200)
        XCTAssertEqual(berlin.offset(atUTC: utc(2026, 10, 25, 1)), 3600)
        XCTAssertEqual(berlin.zoneType(atUTC: utc(2026, 10, 25, 1)).abbreviation, "CET")
    }

    func testNewYorkChangesAtTwoLocalTimeOnUSRuleSundays() throws {
        let newYork = try zone("America/New_York")
        XCTAssertEqual(newYork.offset(atUTC: utc(2026, 3, 8, 6, 59, 59)), -18000)
        XCTAssertEqual(newYork.offset(atUTC: utc(2026, 3, 8, 7)), -14400)
        XCTAssertEqual(newYork.offset(atUTC: utc(2026, 11, 1, 5, 59, 59)), -14400)
        XCTAssertEqual(newYork.offset(atUTC: utc(2026, 11, 1, 6)), -18000)
    }

    func testLordHoweMovesByHalfAnHour() throws {
        let lordHowe = try zone("Australia/Lord_Howe")
        // 2026-04-05 02:00 +11 → 01:30 +1030, and 2026-10-04 02:00 +1030 → 02:30 +11.
        XCTAssertEqual(lordHowe.offset(atUTC: utc(2026, 4, 4, 14, 59, 59)), 39600)
        XCTAssertEqual(lordHowe.offset(atUTC: utc(2026, 4, 4, 15)), 37800)
        XCTAssertEqual(lordHowe.offset(atUTC: utc(2026, 10, 3, 15, 29, 59)), 37800)
        XCTAssertEqual(lordHowe.offset(atUTC: utc(2026, 10, 3, 15, 30)), 39600)
        XCTAssertEqual(lordHowe.zoneType(atUTC: utc(2026, 7, 1)).abbreviation, "+1030")
    }

    func testFarFutureComesFromTheFooterRule() throws {
        let berlin = try zone("Europe/Berlin")
        let springForward = utc(2100, 3, 28, 1)
        XCTAssertGreaterThan(springForward, try XCTUnwrap(berlin.transitionTimes.last), "must be past the table")
        XCTAssertNotNil(berlin.footerRule)
        XCTAssertEqual(berlin.offset(atUTC: springForward - 1), 3600)
        XCTAssertEqual(berlin.offset(atUTC: springForward), 7200)
        XCTAssertEqual(berlin.offset(atUTC: utc(2100, 10, 31, 0, 59, 59)), 7200)
        XCTAssertEqual(berlin.offset(atUTC: utc(2100, 10, 31, 1)), 3600)
        // Last Sundays of March and October 9999 are the 28th and 31st.
        XCTAssertEqual(berlin.offset(atUTC: utc(9999, 3, 28, 0, 59, 59)), 3600)
        XCTAssertEqual(berlin.offset(atUTC: utc(9999, 3, 28, 1)), 7200)
        XCTAssertEqual(berlin.offset(atUTC: utc(9999, 10, 31, 1)), 3600)
        let lordHowe = try zone("Australia/Lord_Howe")
        XCTAssertEqual(lordHowe.offset(atUTC: utc(2100, 10, 2, 15, 29, 59)), 37800)
        XCTAssertEqual(lordHowe.offset(atUTC: utc(2100, 10, 2, 15, 30)), 39600)
    }

    func testTimesBefore1900UseTheFirstTypeLocalMeanTime() throws {
        XCTAssertEqual(try zone("Europe/Berlin").offset(atUTC: utc(1850, 6, 1)), 3208)
        XCTAssertEqual(try zone("America/New_York").offset(atUTC: utc(1850, 6, 1)), -17762)
        XCTAssertEqual(try zone("Australia/Lord_Howe").offset(atUTC: utc(1850, 6, 1)), 38180)
        XCTAssertEqual(try zone("Europe/Berlin").zoneType(atUTC: Int.min).abbreviation, "LMT")
    }

    func testExtremeInstantsDoNotTrap() throws {
        let berlin = try zone("Europe/Berlin")
        _ = berlin.offset(atUTC: Int.max)
        _ = berlin.offset(atUTC: Int.min)
        XCTAssertEqual(berlin.transitions(from: Int.min, to: Int.min + 10).count, 0)
        _ = berlin.transitions(from: Int.max - 86_400 * 400, to: Int.max)
        XCTAssertEqual(berlin.transitions(from: utc(9999, 1, 1), to: utc(10000, 1, 1)).count, 2)
    }

    func testUnknownOrEscapingIdentifiersGiveNil() {
        XCTAssertNil(SystemTimeZone(identifier: "Mars/Olympus_Mons"))
        XCTAssertNil(SystemTimeZone(identifier: "../etc/passwd"))
        XCTAssertNil(SystemTimeZone(identifier: "Europe/../../etc/passwd"))
        XCTAssertNil(SystemTimeZone(identifier: "/etc/passwd"))
        XCTAssertNil(SystemTimeZone(identifier: ""))
        XCTAssertNil(SystemTimeZone(identifier: "America"), "a directory is not a zone")
        XCTAssertNil(SystemTimeZone(identifier: "zone.tab"), "a file that is not TZif is not a zone")
    }

    func testEveryTZifFileOnTheSystemLoads() throws {
        let root = "/usr/share/zoneinfo"
        let paths = try XCTUnwrap(FileManager.default.enumerator(atPath: root)?.allObjects as? [String])
        var loaded = 0
        for path in paths {
            guard let handle = FileHandle(forReadingAtPath: root + "/" + path),
                let magic = try? handle.read(upToCount: 4), magic == Data("TZif".utf8)
            else { continue }
            try? handle.close()
            XCTAssertNotNil(SystemTimeZone(identifier: path), path)
            loaded += 1
        }
        XCTAssertGreaterThan(loaded, 300)
    }

    func testEveryTruncationOfAZoneFileThrows() throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/Europe/Berlin")))
        XCTAssertNoThrow(try TZifFile(bytes: bytes))
        for length in 0..<bytes.count {
            XCTAssertThrowsError(try TZifFile(bytes: Array(bytes[..<length])), "length \(length)")
        }
        XCTAssertThrowsError(try SystemTimeZone(identifier: "Europe/Berlin", tzif: Array(bytes[..<100]))) { error in
            XCTAssertTrue(String(describing: error).contains("truncated"), "\(error)")
        }
    }

    func testTransitionsListOffsetChangesFromTableAndRule() throws {
        let berlin = try zone("Europe/Berlin")
        let year2026 = berlin.transitions(from: utc(2026, 1, 1), to: utc(2027, 1, 1))
        XCTAssertEqual(year2026.count, 2)
        XCTAssertEqual(year2026.first?.utcSecond, utc(2026, 3, 29, 1))
        XCTAssertEqual(year2026.first?.offsetBefore, 3600)
        XCTAssertEqual(year2026.first?.offsetAfter, 7200)
        XCTAssertEqual(year2026.first?.isDST, true)
        XCTAssertEqual(year2026.first?.abbreviation, "CEST")
        XCTAssertEqual(year2026.last?.utcSecond, utc(2026, 10, 25, 1))
        XCTAssertEqual(year2026.last?.abbreviation, "CET")
        XCTAssertEqual(year2026.last?.isDST, false)

        // Across the end of the listed transitions the rule continues without a gap or a duplicate.
        let newYork = try zone("America/New_York")
        let decade = newYork.transitions(from: utc(2030, 1, 1), to: utc(2050, 1, 1))
        XCTAssertEqual(decade.count, 40)
        XCTAssertEqual(decade.map(\.offsetAfter), Array(repeating: [-14400, -18000], count: 20).flatMap { $0 })
        XCTAssertEqual(Set(decade.map { LocalDateTime(secondsSinceEpoch: $0.utcSecond).date.year }).count, 20)

        let lordHowe = try zone("Australia/Lord_Howe")
        let year2100 = lordHowe.transitions(from: utc(2100, 1, 1), to: utc(2101, 1, 1))
        XCTAssertEqual(year2100.map(\.utcSecond), [utc(2100, 4, 3, 15), utc(2100, 10, 2, 15, 30)])
        XCTAssertEqual(year2100.map(\.offsetAfter), [37800, 39600])
        // The range is half-open.
        XCTAssertEqual(berlin.transitions(from: utc(2026, 3, 29, 1), to: utc(2026, 10, 25, 1)).count, 1)
    }

    func testSkippedLocalTimesMoveForwardAndRepeatedOnesTakeTheFirst() throws {
        let berlin = try zone("Europe/Berlin")
        XCTAssertEqual(berlin.utcSecond(forLocal: local(2026, 3, 29, 2, 30)), utc(2026, 3, 29, 1, 30))
        XCTAssertEqual(berlin.local(atUTC: utc(2026, 3, 29, 1, 30)), local(2026, 3, 29, 3, 30))
        XCTAssertEqual(berlin.utcSecond(forLocal: local(2026, 10, 25, 2, 30)), utc(2026, 10, 25, 0, 30))
        XCTAssertEqual(try zone("America/New_York").utcSecond(forLocal: local(2026, 3, 8, 2, 30)), utc(2026, 3, 8, 7, 30))
        let lordHowe = try zone("Australia/Lord_Howe")
        // 02:15 does not exist on 2026-10-04; it is read as 02:45 +11.
        let skipped = lordHowe.utcSecond(forLocal: local(2026, 10, 4, 2, 15))
        XCTAssertEqual(skipped, utc(2026, 10, 3, 15, 45))
        XCTAssertEqual(lordHowe.local(atUTC: skipped), local(2026, 10, 4, 2, 45))
        // 01:45 happens twice on 2026-04-05; the first is at +11.
        XCTAssertEqual(lordHowe.utcSecond(forLocal: local(2026, 4, 5, 1, 45)), utc(2026, 4, 4, 14, 45))
    }
}

/// The footer rule parser on its own, on strings from the tz database and RFC 8536. (Extensions of one
/// class, so that `--filter SystemTimeZoneTests` runs all of it.)
extension SystemTimeZoneTests {
    /// Asserts the offset is `before` one second ahead of `instant` and `after` from it on.
    private func assertChange(
        _ rule: PosixTimeZoneRule, at instant: Int, from before: Int, to after: Int,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(rule.offset(atUTC: instant - 1), before, file: file, line: line)
        XCTAssertEqual(rule.offset(atUTC: instant), after, file: file, line: line)
    }

    func testPosixCentralEuropeanRuleParsesAndEvaluates() throws {
        let rule = try PosixTimeZoneRule("CET-1CEST,M3.5.0,M10.5.0/3")
        XCTAssertEqual(rule.standard, ZoneTimeType(utcOffset: 3600, isDST: false, abbreviation: "CET"))
        XCTAssertEqual(rule.daylight?.type, ZoneTimeType(utcOffset: 7200, isDST: true, abbreviation: "CEST"))
        XCTAssertEqual(rule.daylight?.start, .init(day: .monthWeekDay(month: 3, week: 5, weekday: 0), time: 7200))
        XCTAssertEqual(rule.daylight?.end, .init(day: .monthWeekDay(month: 10, week: 5, weekday: 0), time: 10800))
        assertChange(rule, at: utc(2026, 3, 29, 1), from: 3600, to: 7200)
        assertChange(rule, at: utc(2026, 10, 25, 1), from: 7200, to: 3600)
    }

    func testPosixUSRuleAndTheDefaultWhenDaylightHasNoRule() throws {
        for string in ["EST5EDT,M3.2.0,M11.1.0", "EST5EDT"] {
            let rule = try PosixTimeZoneRule(string)
            XCTAssertEqual(rule.standard.utcOffset, -18000)
            assertChange(rule, at: utc(2026, 3, 8, 7), from: -18000, to: -14400)
            assertChange(rule, at: utc(2026, 11, 1, 6), from: -14400, to: -18000)
        }
    }

    func testPosixQuotedNamesAndHalfHourDaylightSaving() throws {
        let rule = try PosixTimeZoneRule("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0")
        XCTAssertEqual(rule.standard, ZoneTimeType(utcOffset: 37800, isDST: false, abbreviation: "+1030"))
        XCTAssertEqual(rule.daylight?.type, ZoneTimeType(utcOffset: 39600, isDST: true, abbreviation: "+11"))
        assertChange(rule, at: utc(2026, 4, 4, 15), from: 39600, to: 37800)
        assertChange(rule, at: utc(2026, 10, 3, 15, 30), from: 37800, to: 39600)
    }

    func testPosixFixedOffsetWithoutDaylightSaving() throws {
        let rule = try PosixTimeZoneRule("<+0330>-3:30")
        XCTAssertNil(rule.daylight)
        XCTAssertEqual(rule.offset(atUTC: utc(2026, 6, 1)), 12600)
        XCTAssertEqual(rule.changeInstants(from: 0, to: utc(2100, 1, 1)), [])
        XCTAssertEqual(try PosixTimeZoneRule("UTC0").offset(atUTC: 0), 0)
    }

    func testPosixSouthernDaylightSavingSpansTheNewYear() throws {
        let rule = try PosixTimeZoneRule("AEST-10AEDT,M10.1.0,M4.1.0/3")
        XCTAssertEqual(rule.offset(atUTC: utc(2026, 1, 1)), 39600)
        XCTAssertEqual(rule.offset(atUTC: utc(2026, 7, 1)), 36000)
        XCTAssertEqual(rule.offset(atUTC: utc(2026, 12, 31, 23)), 39600)
        assertChange(rule, at: utc(2026, 4, 4, 16), from: 39600, to: 36000)
        assertChange(rule, at: utc(2026, 10, 3, 16), from: 36000, to: 39600)
        XCTAssertEqual(
            rule.changeInstants(from: utc(2026, 1, 1), to: utc(2027, 1, 1)),
            [utc(2026, 4, 4, 16), utc(2026, 10, 3, 16)])
    }

    func testPosixJulianDaysSkipFebruary29AndZeroBasedDaysCountIt() throws {
        let julian = try PosixTimeZoneRule("XXX3YYY,J60/2,J300/2")
        // J60 is 1 March in leap and common years alike.
        assertChange(julian, at: utc(2024, 3, 1, 5), from: -10800, to: -7200)
        assertChange(julian, at: utc(2025, 3, 1, 5), from: -10800, to: -7200)
        let zeroBased = try PosixTimeZoneRule("XXX3YYY,59/2,300/2")
        // Day 59 is 29 February in a leap year and 1 March otherwise.
        assertChange(zeroBased, at: utc(2024, 2, 29, 5), from: -10800, to: -7200)
        assertChange(zeroBased, at: utc(2025, 3, 1, 5), from: -10800, to: -7200)
        XCTAssertEqual(zeroBased.daylight?.end.day, .zeroBased(300))
    }

    func testPosixTransitionHoursBeyondADayOrNegative() throws {
        // Israel: 26:00 on the fourth Thursday of March is 02:00 on the Friday.
        let israel = try PosixTimeZoneRule("IST-2IDT,M3.4.4/26,M10.5.0")
        XCTAssertEqual(israel.daylight?.start.time, 26 * 3600)
        assertChange(israel, at: utc(2026, 3, 27, 0), from: 7200, to: 10800)
        assertChange(israel, at: utc(2026, 10, 24, 23), from: 10800, to: 7200)
        // Greenland: -1:00 on the last Sunday of March is 23:00 on the Saturday.
        let nuuk = try PosixTimeZoneRule("<-02>2<-01>,M3.5.0/-1,M10.5.0/0")
        XCTAssertEqual(nuuk.daylight?.start.time, -3600)
        assertChange(nuuk, at: utc(2026, 3, 29, 1), from: -7200, to: -3600)
        assertChange(nuuk, at: utc(2026, 10, 25, 1), from: -3600, to: -7200)
        XCTAssertNoThrow(try PosixTimeZoneRule("XXX3YYY,M3.2.0/167,M11.1.0/-167"))
    }

    func testPosixDaylightSavingAllYear() throws {
        // RFC 8536 §3.3.1: starts 1 January 00:00 and ends 31 December 24:00 plus the DST shift.
        let rule = try PosixTimeZoneRule("EST5EDT4,0/0,J365/25")
        for instant in [utc(2025, 12, 31, 23), utc(2026, 1, 1, 4, 59, 59), utc(2026, 1, 1, 5), utc(2026, 7, 1)] {
            XCTAssertEqual(rule.offset(atUTC: instant), -14400)
        }
    }

    func testPosixMalformedStringsThrow() {
        for string in [
            "", "CET", "-1", "CET-1CEST,M3.5.0", "CET-1CEST,M13.5.0,M10.5.0", "CET-1CEST,M3.6.0,M10.5.0",
            "CET-1CEST,M3.5.7,M10.5.0", "CET-1CEST,J0,J300", "CET-1CEST,366,300", "<+1030-10:30",
            "CET-1CEST,M3.5.0/168,M10.5.0", "CET-25", "CET-1:60", "CET-1CEST,M3.5.0,M10.5.0/3x",
            "CET-1,M3.5.0,M10.5.0", "C3T-1", "CE-1",
        ] {
            XCTAssertThrowsError(try PosixTimeZoneRule(string), string)
        }
    }
}

/// Hand-built TZif files, for the versions and defects the system database does not contain.
extension SystemTimeZoneTests {
    private func be32(_ value: Int) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
    }

    private func be64(_ value: Int) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) }
    }

    /// A block with types UTC (0) and ABC (+1h, DST), switching to ABC at second 1000.
    private func block(version: UInt8, timeSize: Int, typeIndex: UInt8 = 1, designation: UInt8 = 4) -> [UInt8] {
        var bytes = Array("TZif".utf8) + [version] + Array(repeating: 0, count: 15)
        bytes += be32(0) + be32(0) + be32(0) + be32(1) + be32(2) + be32(8)
        bytes += timeSize == 4 ? be32(1000) : be64(1000)
        bytes += [typeIndex]
        bytes += be32(0) + [0, 0] + be32(3600) + [1, designation]
        bytes += Array("UTC\0ABC\0".utf8)
        return bytes
    }

    func testTZifVersionOneFileUsesItsThirtyTwoBitBlock() throws {
        let file = try TZifFile(bytes: block(version: 0, timeSize: 4))
        XCTAssertEqual(file.version, 1)
        XCTAssertNil(file.footer)
        XCTAssertEqual(file.transitions, [.init(utcSecond: 1000, typeIndex: 1)])
        let zone = try SystemTimeZone(identifier: "Test/V1", tzif: block(version: 0, timeSize: 4))
        XCTAssertEqual(zone.offset(atUTC: 999), 0)
        XCTAssertEqual(zone.zoneType(atUTC: 1000), ZoneTimeType(utcOffset: 3600, isDST: true, abbreviation: "ABC"))
        XCTAssertEqual(zone.offset(atUTC: 1 << 40), 3600)
    }

    func testTZifVersionFourFileUsesItsSixtyFourBitBlockAndFooter() throws {
        let bytes =
            block(version: UInt8(ascii: "4"), timeSize: 4) + block(version: UInt8(ascii: "4"), timeSize: 8)
            + Array("\nCET-1CEST,M3.5.0,M10.5.0/3\n".utf8)
        let file = try TZifFile(bytes: bytes)
        XCTAssertEqual(file.version, 4)
        XCTAssertEqual(file.footer, "CET-1CEST,M3.5.0,M10.5.0/3")
        let zone = try SystemTimeZone(identifier: "Test/V4", tzif: bytes)
        XCTAssertEqual(zone.offset(atUTC: 1000), 3600)
        XCTAssertEqual(zone.offset(atUTC: utc(2026, 7, 1)), 7200)
    }

    func testTZifDefectsAreThrownErrors() {
        let v2Tail = block(version: UInt8(ascii: "2"), timeSize: 8)
        let cases: [(String, [UInt8])] = [
            ("bad magic", Array("TZiF".utf8) + block(version: 0, timeSize: 4).dropFirst(4)),
            ("bad version", block(version: UInt8(ascii: "x"), timeSize: 4)),
            ("type index out of range", block(version: 0, timeSize: 4, typeIndex: 2)),
            ("designation out of range", block(version: 0, timeSize: 4, designation: 8)),
            ("no footer", block(version: UInt8(ascii: "2"), timeSize: 4) + v2Tail),
            ("footer without closing newline", block(version: UInt8(ascii: "2"), timeSize: 4) + v2Tail + Array("\nUTC0".utf8)),
            ("bad footer rule", block(version: UInt8(ascii: "2"), timeSize: 4) + v2Tail + Array("\nCET-1CEST,M3\n".utf8)),
        ]
        for (name, bytes) in cases {
            XCTAssertThrowsError(try SystemTimeZone(identifier: "Test/Bad", tzif: bytes), name)
        }
        var hugeCount = block(version: 0, timeSize: 4)
        hugeCount.replaceSubrange(32..<36, with: [0xFF, 0xFF, 0xFF, 0xFF])
        XCTAssertThrowsError(try TZifFile(bytes: hugeCount)) { error in
            XCTAssertTrue(String(describing: error).contains("truncated"), "\(error)")
        }
    }
}
