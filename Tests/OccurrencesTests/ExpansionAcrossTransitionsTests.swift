import CalendarModel
import Occurrences
import XCTest

/// Series across daylight-saving changes: the wall-clock time stays, the offset follows the zone,
/// times in a gap move forward by the gap and times in an overlap take their first occurrence.
final class ExpansionAcrossTransitionsTests: XCTestCase {
    /// A calendar from content lines (`NAME;PARAM=V:VALUE`), `BEGIN:`/`END:` nesting components.
    private func calendar(_ lines: [String]) -> Component {
        var stack = [Component(name: "VCALENDAR")]
        for line in lines {
            if line.hasPrefix("BEGIN:") { stack.append(Component(name: String(line.dropFirst(6)))); continue }
            if line.hasPrefix("END:") { let done = stack.removeLast(); stack[stack.count - 1].components.append(done); continue }
            let colon = line.firstIndex(of: ":")!
            let head = line[..<colon].split(separator: ";")
            let parameters = head.dropFirst().map { part -> Parameter in
                let pair = part.split(separator: "=", maxSplits: 1)
                return Parameter(String(pair[0]), String(pair[1]))
            }
            stack[stack.count - 1].properties.append(
                Property(name: String(head[0]), parameters: parameters, value: String(line[line.index(after: colon)...])))
        }
        return stack[0]
    }

    private func starts(_ lines: [String], from: String, to: String) throws -> [String] {
        try expand(lines, from: from, to: to).map(\.start.isoText)
    }

    private func expand(_ lines: [String], from: String, to: String) throws -> [Occurrence] {
        var expansion = CalendarExpansion(calendar: calendar(["BEGIN:VEVENT", "UID:test"] + lines + ["END:VEVENT"]))
        return try expansion.occurrences(from: DateValue(icalendar: from)!.local, to: DateValue(icalendar: to)!.local, in: nil)
    }

    func testWeeklyRuleAcrossSpringForwardKeepsLocalTime() throws {
        let found = try starts(
            [
                "DTSTART;TZID=Europe/Berlin:20260323T090000", "DTEND;TZID=Europe/Berlin:20260323T100000",
                "RRULE:FREQ=WEEKLY;COUNT=3",
            ], from: "20260301", to: "20260501")
        XCTAssertEqual(found, ["2026-03-23T09:00:00+01:00", "2026-03-30T09:00:00+02:00", "2026-04-06T09:00:00+02:00"])
    }

    func testDailyRuleAcrossFallBackKeepsLocalTimeInNewYork() throws {
        let found = try expand(
            [
                "DTSTART;TZID=America/New_York:20261031T083000", "DTEND;TZID=America/New_York:20261031T093000",
                "RRULE:FREQ=DAILY;COUNT=3",
            ], from: "20261001", to: "20261201")
        XCTAssertEqual(found.map(\.start.isoText), ["2026-10-31T08:30:00-04:00", "2026-11-01T08:30:00-05:00", "2026-11-02T08:30:00-05:00"])
        XCTAssertEqual(found.map(\.end.isoText), ["2026-10-31T09:30:00-04:00", "2026-11-01T09:30:00-05:00", "2026-11-02T09:30:00-05:00"])
    }

    func testEventInsideTheSpringForwardGapMovesForwardByTheGap() throws {
        let found = try expand(
            ["DTSTART;TZID=Europe/Berlin:20260329T023000", "DTEND;TZID=Europe/Berlin:20260329T063000"],
            from: "20260328", to: "20260330")
        XCTAssertEqual(found.map(\.start.isoText), ["2026-03-29T03:30:00+02:00"])
        XCTAssertEqual(found.map(\.end.isoText), ["2026-03-29T06:30:00+02:00"], "the end is counted from the written 02:30")
    }

    func testEventInTheFallBackOverlapTakesTheFirstOccurrence() throws {
        let found = try starts(["DTSTART;TZID=Europe/Berlin:20261025T023000", "DURATION:PT30M"], from: "20261024", to: "20261026")
        XCTAssertEqual(found, ["2026-10-25T02:30:00+02:00"])
    }

    func testLordHoweHalfHourShiftInBothDirections() throws {
        let spring = try starts(
            ["DTSTART;TZID=Australia/Lord_Howe:20261003T021500", "DURATION:PT1H", "RRULE:FREQ=DAILY;COUNT=3"],
            from: "20261001", to: "20261010")
        XCTAssertEqual(spring, ["2026-10-03T02:15:00+10:30", "2026-10-04T02:45:00+11:00", "2026-10-05T02:15:00+11:00"])
        let autumn = try starts(
            ["DTSTART;TZID=Australia/Lord_Howe:20260404T014500", "DURATION:PT15M", "RRULE:FREQ=DAILY;COUNT=3"],
            from: "20260401", to: "20260410")
        XCTAssertEqual(autumn, ["2026-04-04T01:45:00+11:00", "2026-04-05T01:45:00+11:00", "2026-04-06T01:45:00+10:30"])
    }

    func testZoneDefinedOnlyByTheFilesVTimezone() throws {
        let zone = [
            "BEGIN:VTIMEZONE", "TZID:Office Time", "BEGIN:STANDARD", "DTSTART:19701025T030000",
            "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "END:STANDARD",
            "BEGIN:DAYLIGHT", "DTSTART:19700329T020000", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
            "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "END:DAYLIGHT", "END:VTIMEZONE",
        ]
        var expansion = CalendarExpansion(
            calendar: calendar(
                zone + [
                    "BEGIN:VEVENT", "UID:office",
                    "DTSTART;TZID=Office Time:20261019T100000", "DURATION:PT1H", "RRULE:FREQ=WEEKLY;COUNT=3", "END:VEVENT",
                ]))
        let found = try expansion.occurrences(
            from: DateValue(icalendar: "20261001")!.local, to: DateValue(icalendar: "20261201")!.local, in: nil)
        XCTAssertEqual(found.map(\.start.isoText), ["2026-10-19T10:00:00+02:00", "2026-10-26T10:00:00+01:00", "2026-11-02T10:00:00+01:00"])
    }

    func testUntilInUTCAgainstAZonedStartIsInclusive() throws {
        let rule = ["DTSTART;TZID=America/New_York:20260305T090000", "DURATION:PT1H"]
        let inclusive = try starts(rule + ["RRULE:FREQ=DAILY;UNTIL=20260310T130000Z"], from: "20260301", to: "20260401")
        XCTAssertEqual(inclusive.last, "2026-03-10T09:00:00-04:00", "09:00 EDT on 10 March is 13:00Z, after the change on the 8th")
        XCTAssertEqual(inclusive.count, 6)
        let exclusive = try starts(rule + ["RRULE:FREQ=DAILY;UNTIL=20260310T125959Z"], from: "20260301", to: "20260401")
        XCTAssertEqual(exclusive.last, "2026-03-09T09:00:00-04:00")
    }

    func testOverrideMatchedByInstantWhateverZoneItIsWrittenIn() throws {
        var expansion = CalendarExpansion(
            calendar: calendar([
                "BEGIN:VEVENT", "UID:series", "DTSTART;TZID=Europe/Berlin:20261012T081500", "DTEND;TZID=Europe/Berlin:20261012T094500",
                "RRULE:FREQ=WEEKLY;COUNT=4", "SUMMARY:Datenbanken", "END:VEVENT",
                // 2026-10-19 08:15 Berlin is 06:15Z; the override names it in UTC and moves it an hour later.
                "BEGIN:VEVENT", "UID:series", "RECURRENCE-ID:20261019T061500Z", "DTSTART;TZID=Europe/Berlin:20261019T091500",
                "DTEND;TZID=Europe/Berlin:20261019T104500", "SUMMARY:Datenbanken (verlegt)", "END:VEVENT",
                "BEGIN:VEVENT", "UID:series", "RECURRENCE-ID;TZID=Europe/Berlin;RANGE=THISANDFUTURE:20261026T081500",
                "DTSTART;TZID=Europe/Berlin:20261026T101500", "DTEND;TZID=Europe/Berlin:20261026T114500", "SUMMARY:Datenbanken (neu)",
                "END:VEVENT",
            ]))
        let found = try expansion.occurrences(
            from: DateValue(icalendar: "20261001")!.local, to: DateValue(icalendar: "20261201")!.local, in: nil)
        XCTAssertEqual(
            found.map(\.start.isoText),
            [
                "2026-10-12T08:15:00+02:00", "2026-10-19T09:15:00+02:00",
                "2026-10-26T10:15:00+01:00", "2026-11-02T10:15:00+01:00",
            ])
        XCTAssertEqual(found.map { $0.summary ?? "" }, ["Datenbanken", "Datenbanken (verlegt)", "Datenbanken (neu)", "Datenbanken (neu)"])
        XCTAssertEqual(found[1].recurrenceID?.isoText, "2026-10-19T06:15:00Z")
        XCTAssertEqual(found[3].recurrenceID?.isoText, "2026-11-02T08:15:00+01:00")
    }

    func testRuleWithNoEndExpandsOnlyTheWindowAskedFor() throws {
        var expansion = CalendarExpansion(
            calendar: calendar([
                "BEGIN:VEVENT", "UID:forever", "DTSTART:19970101T090000Z",
                "RRULE:FREQ=MINUTELY", "END:VEVENT",
            ]))
        expansion.budget = 10_000
        let found = try expansion.occurrences(
            from: DateValue(icalendar: "20990101T000000")!.local,
            to: DateValue(icalendar: "20990101T010000")!.local, in: nil)
        XCTAssertEqual(found.count, 60)
        XCTAssertEqual(found.first?.start.isoText, "2099-01-01T00:00:00Z")
    }
}
