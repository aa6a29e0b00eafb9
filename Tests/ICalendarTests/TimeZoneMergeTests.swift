import CalendarModel
import ICalendar
import Platform
import XCTest

/// Calendars merged by one reader keep one VTIMEZONE per TZID and every event's meaning: a later
/// definition that differs is renamed with the TZID parameters of its own calendar, those before
/// its VTIMEZONE too when the input was looked ahead at.
final class TimeZoneMergeTests: XCTestCase {
    private static func zone(_ offset: String, lastModified: String = "20260101T000000Z") -> [String] {
        [
            "BEGIN:VTIMEZONE", "TZID:My Zone", "LAST-MODIFIED:\(lastModified)", "BEGIN:STANDARD", "DTSTART:20200101T000000",
            "TZOFFSETFROM:\(offset)", "TZOFFSETTO:\(offset)", "END:STANDARD", "END:VTIMEZONE",
        ]
    }

    private static func event(_ uid: String) -> [String] {
        ["BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20260101T000000Z", "DTSTART;TZID=My Zone:20260715T100000", "END:VEVENT"]
    }

    private static func calendar(_ lines: [String]) -> [String] {
        ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//calbridge//tests//EN"] + lines + ["END:VCALENDAR"]
    }

    /// Reads the files with one reader, looking ahead at them first when `foresees`.
    private func merge(_ files: [[String]], foresees: Bool, zones: TimeZoneMerge = TimeZoneMerge()) throws -> ([Component], [Diagnostic]) {
        let paths = try files.enumerated().map { try temporaryFile(crlf($1), name: "input\($0).ics") }
        var reader = CalendarStreamReader()
        reader.zones = zones
        if foresees { try paths.forEach { path in try reader.foresee { try InputFile(path: path) } } }
        var components: [Component] = []
        for path in paths {
            try reader.read(try InputFile(path: path)) { event in
                if case .component(let read) = event, let component = read.component { components.append(component) }
            }
        }
        return (components, reader.diagnostics.filter { $0.message.contains("VTIMEZONE") })
    }

    private func tzids(_ components: [Component]) -> [String] {
        components.map { $0["TZID"]?.text ?? $0["DTSTART"]?[parameter: "TZID"] ?? "" }
    }

    func testALaterDifferentDefinitionIsRenamedInItsWholeCalendar() throws {
        let first = Self.calendar(Self.zone("+0500") + Self.event("a"))
        let later = Self.calendar(Self.event("b") + Self.zone("-0300") + Self.event("c"))
        let (merged, diagnostics) = try merge([first, later], foresees: true)
        XCTAssertEqual(tzids(merged), ["My Zone", "My Zone", "My Zone-2", "My Zone-2", "My Zone-2"])
        XCTAssertEqual(merged[3].components.first?["TZOFFSETTO"]?.value, "-0300")
        XCTAssertEqual(diagnostics.count, 1)
        XCTAssertEqual(diagnostics.first?.location?.line, 9, "the later VTIMEZONE's line")
        XCTAssertTrue(diagnostics.first?.message.contains("renamed My Zone-2") == true, "\(diagnostics)")
    }

    func testTheSameDefinitionIsLeftOutQuietly() throws {
        let first = Self.calendar(Self.zone("+0500") + Self.event("a"))
        let later = Self.calendar(Self.zone("+0500", lastModified: "20250101T000000Z") + Self.event("b"))
        let (merged, diagnostics) = try merge([first, later], foresees: true)
        XCTAssertEqual(merged.map(\.name), ["VTIMEZONE", "VEVENT", "VEVENT"])
        XCTAssertEqual(tzids(merged), ["My Zone", "My Zone", "My Zone"])
        XCTAssertEqual(diagnostics, [])
    }

    func testARepeatedDefinitionInOneCalendarIsLeftOutAndOnlyADifferentOneIsReported() throws {
        let file = Self.calendar(Self.zone("+0500") + Self.event("a") + Self.zone("+0500") + Self.zone("-0300"))
        let (merged, diagnostics) = try merge([file], foresees: false)
        XCTAssertEqual(merged.map(\.name), ["VTIMEZONE", "VEVENT"])
        XCTAssertEqual(diagnostics.map(\.location?.line), [27])
    }

    func testWithoutLookingAheadTheRenameStartsAtTheVTimezoneAndSaysSo() throws {
        let first = Self.calendar(Self.zone("+0500") + Self.event("a"))
        let later = Self.calendar(Self.event("b") + Self.zone("-0300") + Self.event("c"))
        let (merged, diagnostics) = try merge([first, later], foresees: false)
        XCTAssertEqual(tzids(merged), ["My Zone", "My Zone", "My Zone", "My Zone-2", "My Zone-2"])
        XCTAssertTrue(
            diagnostics.first?.message.contains("before it that use the TZID went on with the earlier definition") == true,
            "\(diagnostics)")
    }

    func testEachCalendarOfOneFileIsAScopeOfItsOwn() throws {
        let file = Self.calendar(Self.zone("+0500") + Self.event("a")) + Self.calendar(Self.zone("-0300") + Self.event("b"))
        let (merged, _) = try merge([file], foresees: false)
        XCTAssertEqual(tzids(merged), ["My Zone", "My Zone", "My Zone-2", "My Zone-2"])
    }

    func testACalendarThatNeverUsesItsDifferentDefinitionLeavesItOutQuietly() throws {
        let first = Self.calendar(Self.zone("+0500") + Self.event("a"))
        let later = Self.calendar(Self.zone("-0300") + ["BEGIN:VTODO", "UID:t", "DTSTAMP:20260101T000000Z", "END:VTODO"])
        let (merged, diagnostics) = try merge([first, later], foresees: true)
        XCTAssertEqual(merged.map(\.name), ["VTIMEZONE", "VEVENT", "VTODO"])
        XCTAssertEqual(diagnostics, [])
    }

    func testTheJudgeIsToldTheTimesOfACalendarWhoseDefinitionIsContestedAndWhatItCoversGoesQuietly() throws {
        var told: [TimeZoneUse?] = []
        var zones = TimeZoneMerge()
        zones.reconcile = { _, merged, later in
            told = merged.map(\.use) + [later.use]
            return .covered
        }
        let weekly = [
            "BEGIN:VEVENT", "UID:w", "DTSTAMP:20260101T000000Z", "DTSTART;TZID=My Zone:20260105T090000",
            "DTEND;TZID=My Zone:20260105T100000", "RRULE:FREQ=WEEKLY;UNTIL=20260126T080000Z",
            "EXDATE;TZID=My Zone:20260112T090000,20260119T090000", "END:VEVENT",
        ]
        let first = Self.calendar(Self.zone("+0500") + Self.event("a"))
        let later = Self.calendar(weekly + Self.zone("-0300"))
        let (merged, diagnostics) = try merge([first, later], foresees: true, zones: zones)
        XCTAssertEqual(tzids(merged), ["My Zone", "My Zone", "My Zone"])
        XCTAssertEqual(diagnostics, [])
        func time(_ day: Int, _ hour: Int) -> LocalDateTime {
            LocalDateTime(date: CalendarDate(year: 2026, month: 1, day: day), hour: hour)
        }
        // The first calendar was planned when nothing contested its definition, so its times were not
        // looked for (nil: it speaks for all it defines); the later one's were, as its definition differs.
        // UNTIL is UTC: as a wall-clock time it is read a day on, and the last occurrence lasts an hour.
        XCTAssertEqual(told, [nil, TimeZoneUse(earliest: time(5, 9), latest: time(27, 9))])
    }

    func testATZIDParameterSplitByAFoldIsStillSeenAsAUse() throws {
        var told: [TimeZoneUse?] = []
        var zones = TimeZoneMerge()
        zones.reconcile = { _, _, later in
            told.append(later.use)
            return .covered
        }
        let folded = ["BEGIN:VEVENT", "UID:f", "DTSTAMP:20260101T000000Z", "DTSTART;TZ\r\n ID=My Zone:20260715T100000", "END:VEVENT"]
        let (_, diagnostics) = try merge(
            [Self.calendar(Self.zone("+0500") + Self.event("a")), Self.calendar(Self.zone("-0300") + folded)],
            foresees: true, zones: zones)
        let july = LocalDateTime(date: CalendarDate(year: 2026, month: 7, day: 15), hour: 10)
        XCTAssertEqual(told, [TimeZoneUse(earliest: july, latest: july)], "judged at its time, not left out as unused")
        XCTAssertEqual(diagnostics, [])
    }

    func testADefinitionTheDatabaseAgreesWithTakesTheTZIDAndTheKeptOnesCalendarsARenamed() throws {
        var database = Component(name: "VTIMEZONE", properties: [Property(name: "TZID", value: "My Zone")])
        database.components = [Component(name: "STANDARD", properties: [Property(name: "X-DATABASE", value: "yes")])]
        var zones = TimeZoneMerge()
        zones.reconcile = { _, _, _ in .database(database) }
        let first = Self.calendar(Self.event("a") + Self.zone("+0500") + Self.event("b"))
        let later = Self.calendar(Self.zone("-0300") + Self.event("c"))
        let (merged, diagnostics) = try merge([first, later], foresees: true, zones: zones)
        XCTAssertEqual(tzids(merged), ["My Zone-2", "My Zone-2", "My Zone-2", "My Zone", "My Zone"])
        XCTAssertEqual(merged[1].components.first?["TZOFFSETTO"]?.value, "+0500")
        XCTAssertEqual(merged[3].components, database.components)
        XCTAssertEqual(diagnostics.map(\.severity), [.violation])
        XCTAssertTrue(diagnostics.first?.message.contains("renamed My Zone-2, a name calbridge made up") == true, "\(diagnostics)")
    }

    func testWithoutLookingAheadTheDatabasesZoneCannotTakeATZIDAlreadyWritten() throws {
        var zones = TimeZoneMerge()
        zones.reconcile = { _, _, _ in .database(Component(name: "VTIMEZONE")) }
        let first = Self.calendar(Self.zone("+0500") + Self.event("a"))
        let later = Self.calendar(Self.zone("-0300") + Self.event("c"))
        let (merged, _) = try merge([first, later], foresees: false, zones: zones)
        XCTAssertEqual(tzids(merged), ["My Zone", "My Zone", "My Zone-2", "My Zone-2"])
    }

    func testASharedDefinitionReplacesTheKeptOneWhereItStands() throws {
        var shared = Component(name: "VTIMEZONE", properties: [Property(name: "TZID", value: "My Zone")])
        shared.components = [Component(name: "STANDARD", properties: [Property(name: "X-SHARED", value: "yes")])]
        var zones = TimeZoneMerge()
        zones.reconcile = { _, merged, _ in
            XCTAssertEqual(merged.count, 1)
            return .shared(shared)
        }
        let first = Self.calendar(Self.event("a") + Self.zone("+0500"))
        let later = Self.calendar(Self.zone("-0300") + Self.event("b"))
        let (merged, diagnostics) = try merge([first, later], foresees: true, zones: zones)
        XCTAssertEqual(merged.map(\.name), ["VEVENT", "VTIMEZONE", "VEVENT"])
        XCTAssertEqual(merged[1], shared)
        XCTAssertEqual(tzids(merged), ["My Zone", "My Zone", "My Zone"])
        XCTAssertTrue(diagnostics.first?.message.contains("one definition built from it replaces them") == true, "\(diagnostics)")
    }
}
