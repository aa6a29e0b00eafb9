import Foundation
import XCTest

final class ExpandCommandTests: XCTestCase {
    private let series = crlf([
        "BEGIN:VCALENDAR", "VERSION:2.0",
        "BEGIN:VEVENT", "UID:db", "DTSTAMP:20260101T000000Z", "DTSTART;TZID=Europe/Berlin:20261019T081500",
        "DTEND;TZID=Europe/Berlin:20261019T094500", "RRULE:FREQ=WEEKLY;COUNT=3", "EXDATE;TZID=Europe/Berlin:20261026T081500",
        "SUMMARY:Datenbanken, \\\"DB\\\"", "END:VEVENT",
        "BEGIN:VEVENT", "UID:holiday", "DTSTAMP:20260101T000000Z", "DTSTART;VALUE=DATE:20261031", "SUMMARY:Reformationstag",
        "STATUS:CONFIRMED", "END:VEVENT", "END:VCALENDAR",
    ])

    func testJSONLinesAreSortedAndShowEachZonesOffset() throws {
        let result = try Calbridge.run(["expand", "-", "--from", "2026-10-01", "--to", "2026-12-01"], input: series)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(
            result.standardOutput.split(separator: "\n"),
            [
                #"{"uid": "db", "recurrence_id": "2026-10-19T08:15:00+02:00", "start": "2026-10-19T08:15:00+02:00", "end": "2026-10-19T09:45:00+02:00", "all_day": false, "summary": "Datenbanken, \"DB\""}"#,
                #"{"uid": "holiday", "start": "2026-10-31", "end": "2026-11-01", "all_day": true, "summary": "Reformationstag", "status": "CONFIRMED"}"#,
                #"{"uid": "db", "recurrence_id": "2026-11-02T08:15:00+01:00", "start": "2026-11-02T08:15:00+01:00", "end": "2026-11-02T09:45:00+01:00", "all_day": false, "summary": "Datenbanken, \"DB\""}"#,
            ])
    }

    func testDisplayZoneAndCSV() throws {
        let result = try Calbridge.run(
            [
                "expand", "-", "--from", "2026-11-01", "--to", "2026-11-03", "--tz", "America/New_York",
                "--format", "csv",
            ], input: series)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(
            result.standardOutput,
            "uid,recurrence_id,start,end,all_day,summary,status\r\n"
                + "db,2026-11-02T02:15:00-05:00,2026-11-02T02:15:00-05:00,2026-11-02T03:45:00-05:00,false,\"Datenbanken, \"\"DB\"\"\",\r\n")
    }

    func testICalendarOutputHasOneEventPerOccurrence() throws {
        let result = try Calbridge.run(["expand", "-", "--from", "2026-10-01", "--to", "2026-12-01", "--format", "ics"], input: series)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardOutput.components(separatedBy: "BEGIN:VEVENT").count - 1, 3)
        XCTAssertTrue(result.standardOutput.contains("RECURRENCE-ID;TZID=Europe/Berlin:20261102T081500\r\n"))
        XCTAssertFalse(result.standardOutput.contains("RRULE"))
    }

    func testBadWindowsAndZonesAreUsageErrors() throws {
        XCTAssertEqual(try Calbridge.run(["expand", "-", "--from", "2026-13-01", "--to", "2027-01-01"], input: series).status, 64)
        XCTAssertEqual(try Calbridge.run(["expand", "-", "--from", "2027-01-01", "--to", "2026-01-01"], input: series).status, 64)
        XCTAssertEqual(
            try Calbridge.run(["expand", "-", "--from", "2026-01-01", "--to", "2027-01-01", "--tz", "Mars/Base"], input: series).status, 64)
        XCTAssertEqual(try Calbridge.run(["expand", "/nonexistent.ics", "--from", "2026-01-01", "--to", "2027-01-01"]).status, 66)
    }

    func testBudgetStopsARuleThatWouldFillMemory() throws {
        let flood = crlf([
            "BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:s", "DTSTAMP:20260101T000000Z", "DTSTART:20260101T000000Z",
            "RRULE:FREQ=SECONDLY", "END:VEVENT", "END:VCALENDAR",
        ])
        let result = try Calbridge.run(
            ["expand", "-", "--from", "2026-01-01", "--to", "2026-02-01", "--max-instances", "1000"], input: flood)
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.standardError.contains("--max-instances"))
    }

    /// A Europe/Berlin the file defines itself: always +03:00, unlike the tz database's.
    private static let ownBerlin = [
        "BEGIN:VTIMEZONE", "TZID:Europe/Berlin", "BEGIN:STANDARD", "DTSTART:19700101T000000",
        "TZOFFSETFROM:+0300", "TZOFFSETTO:+0300", "END:STANDARD", "END:VTIMEZONE",
    ]
    private static let weekly = [
        "BEGIN:VEVENT", "UID:w", "DTSTAMP:20260101T000000Z", "DTSTART;TZID=Europe/Berlin:20261005T100000",
        "DTEND;TZID=Europe/Berlin:20261005T110000", "RRULE:FREQ=WEEKLY;COUNT=3", "SUMMARY:Weekly", "END:VEVENT",
    ]
    private static let moved = [
        "BEGIN:VEVENT", "UID:w", "DTSTAMP:20260101T000000Z", "RECURRENCE-ID;TZID=Europe/Berlin:20261012T100000",
        "DTSTART;TZID=Europe/Berlin:20261013T120000", "DTEND;TZID=Europe/Berlin:20261013T130000",
        "SUMMARY:Moved", "END:VEVENT",
    ]

    private func expand(_ components: [[String]], _ extra: [String] = []) throws -> [String] {
        let input = crlf(["BEGIN:VCALENDAR", "VERSION:2.0"] + components.flatMap { $0 } + ["END:VCALENDAR"])
        let result = try Calbridge.run(["expand", "-", "--from", "2026-10-01", "--to", "2026-11-01"] + extra, input: input)
        XCTAssertEqual(result.status, 0, result.standardError)
        return result.standardOutput.split(separator: "\n").map(String.init)
    }

    func testAZoneDefinedAfterTheEventsThatUseItIsStillTheFilesOwn() throws {
        let late = try expand([Self.weekly, Self.ownBerlin])
        XCTAssertEqual(late, try expand([Self.ownBerlin, Self.weekly]))
        XCTAssertEqual(
            late.first,
            #"{"uid": "w", "recurrence_id": "2026-10-05T10:00:00+03:00", "start": "2026-10-05T10:00:00+03:00", "end": "2026-10-05T11:00:00+03:00", "all_day": false, "summary": "Weekly"}"#
        )
    }

    func testADisplayZoneDefinedLateInTheFileIsTheFilesOwn() throws {
        let lines = try expand([Self.weekly, Self.ownBerlin], ["--tz", "Europe/Berlin"])
        XCTAssertEqual(lines.count, 3)
        XCTAssertTrue(lines[0].contains(#""start": "2026-10-05T10:00:00+03:00""#), lines[0])
    }

    func testAnOverrideBeforeItsMasterReplacesTheSameInstance() throws {
        let overrideFirst = try expand([Self.ownBerlin, Self.moved, Self.weekly])
        XCTAssertEqual(overrideFirst, try expand([Self.ownBerlin, Self.weekly, Self.moved]))
        XCTAssertEqual(overrideFirst.count, 3)
        XCTAssertEqual(
            overrideFirst[1],
            #"{"uid": "w", "recurrence_id": "2026-10-12T10:00:00+03:00", "start": "2026-10-13T12:00:00+03:00", "end": "2026-10-13T13:00:00+03:00", "all_day": false, "summary": "Moved"}"#
        )
    }

    func testSeriesFarApartInTheFileStillMeetAcrossBatches() throws {
        let fillers = (0..<600).map { n in
            ["BEGIN:VEVENT", "UID:f\(n)", "DTSTAMP:20260101T000000Z", "DTSTART:20250101T000000Z", "END:VEVENT"]
        }
        let lines = try expand([Self.ownBerlin, Self.weekly] + fillers + [Self.moved])
        XCTAssertEqual(lines, try expand([Self.ownBerlin, Self.weekly, Self.moved]))
    }

    func testTheBudgetCountsTheInstancesOfEverySeriesTogether() throws {
        func hourly(_ series: Int) -> String {
            crlf(
                ["BEGIN:VCALENDAR"]
                    + (0..<series).flatMap { n in
                        [
                            "BEGIN:VEVENT", "UID:h\(n)", "DTSTAMP:20260101T000000Z", "DTSTART:20260101T000000Z",
                            "RRULE:FREQ=HOURLY;COUNT=300",
                            "END:VEVENT",
                        ]
                    } + ["END:VCALENDAR"])
        }
        let arguments = ["expand", "-", "--from", "2026-01-01", "--to", "2026-02-01", "--max-instances", "1000"]
        let fits = try Calbridge.run(arguments, input: hourly(3))
        XCTAssertEqual(fits.status, 0, fits.standardError)
        XCTAssertEqual(fits.standardOutput.split(separator: "\n").count, 900)
        let over = try Calbridge.run(arguments, input: hourly(4))
        XCTAssertEqual(over.status, 64)
        XCTAssertTrue(over.standardError.contains("--max-instances"))
    }

    /// Streamed, series are still a type and a UID, and of two masters the newer one counts, however
    /// far apart in the file and whichever comes first.
    func testAToDoSharingAnEventsUIDAndAnOlderMasterStayApartWhenStreamed() throws {
        let todo = [
            "BEGIN:VTODO", "UID:w", "DTSTAMP:20260101T000000Z", "DTSTART;TZID=Europe/Berlin:20261006T090000",
            "SUMMARY:Todo", "END:VTODO",
        ]
        let older = [
            "BEGIN:VEVENT", "UID:w", "DTSTAMP:20250101T000000Z", "SEQUENCE:0", "DTSTART;TZID=Europe/Berlin:20261001T100000",
            "RRULE:FREQ=DAILY;COUNT=30", "SUMMARY:Old", "END:VEVENT",
        ]
        let newer = Self.weekly.map { $0 == "SUMMARY:Weekly" ? "SEQUENCE:1" : $0 }
        let fillers = (0..<300).map { n in
            ["BEGIN:VEVENT", "UID:f\(n)", "DTSTAMP:20260101T000000Z", "DTSTART:20250101T000000Z", "END:VEVENT"]
        }
        for order in [[todo, older] + fillers + [newer], [newer, todo] + fillers + [older]] {
            let lines = try expand([Self.ownBerlin] + order + [Self.moved])
            XCTAssertEqual(
                lines.map { $0.components(separatedBy: "\"start\": \"")[1].prefix(16) },
                ["2026-10-05T10:00", "2026-10-06T09:00", "2026-10-13T12:00", "2026-10-19T10:00"])
        }
    }

    /// ical4android's test data has overrides whose DTSTART reads `20131010T170000T`: their instances
    /// must not vanish with them.
    func testAnOverrideWithAnUnusableStartLeavesItsInstanceAsTheSeriesHasItAndIsNamed() throws {
        let input = crlf([
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN",
            "BEGIN:VEVENT", "UID:s", "DTSTAMP:20260101T000000Z", "DTSTART:20261005T100000Z", "RRULE:FREQ=DAILY;COUNT=3", "END:VEVENT",
            "BEGIN:VEVENT", "UID:s", "DTSTAMP:20260101T000000Z", "RECURRENCE-ID:20261006T100000Z",
            "DTSTART:20261006T170000T", "END:VEVENT", "END:VCALENDAR",
        ])
        let result = try Calbridge.run(["expand", "-", "--from", "2026-10-01", "--to", "2026-11-01"], input: input)
        XCTAssertEqual(result.status, 0, result.standardError)
        let starts = result.standardOutput.split(separator: "\n").map { $0.components(separatedBy: "\"start\": \"")[1].prefix(20) }
        XCTAssertEqual(starts, ["2026-10-05T10:00:00Z", "2026-10-06T10:00:00Z", "2026-10-07T10:00:00Z"])
        XCTAssertTrue(
            result.standardError.contains(
                "-:10:1: warning: VEVENT s has no usable DTSTART; the override is left out and its instance stays as the series has it"),
            result.standardError)
    }

    /// khal's test data names zones such as `FOO` (its `(GMT +01:00)` is now a fixed offset, see
    /// OutlookZoneNameTests): reading their times as floating is
    /// a guess, and convert and expand say so, as validate does.
    func testAnUnknownZoneReadAsFloatingIsNamedByExpandAndConvert() throws {
        let input = crlf([
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN", "BEGIN:VEVENT", "UID:1", "DTSTAMP:20260101T000000Z",
            "DTSTART;TZID=FOO:20260105T100000", "END:VEVENT", "END:VCALENDAR",
        ])
        let message =
            "TZID FOO is neither defined by a VTIMEZONE in the file nor a zone of the tz database or Windows; its times are read as floating"
        let expand = try Calbridge.run(["expand", "-", "--from", "2026-01-01", "--to", "2026-02-01"], input: input)
        XCTAssertEqual(expand.status, 0, expand.standardError)
        XCTAssertTrue(expand.standardOutput.contains(#""start": "2026-01-05T10:00:00""#), expand.standardOutput)
        XCTAssertEqual(expand.standardError, "-:7:1: warning: " + message + "\n")
        let convert = try Calbridge.run(["convert", "-"], input: input)
        XCTAssertEqual(convert.status, 0, convert.standardError)
        XCTAssertEqual(convert.standardError, "-:7:1: warning: " + message + "\n")
    }

    func testAnEventWithoutAUsableStartIsLeftOutAndNamed() throws {
        let input = crlf([
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN",
            "BEGIN:VEVENT", "UID:nostart", "DTSTAMP:20260101T000000Z", "SUMMARY:When?", "END:VEVENT",
            "BEGIN:VEVENT", "UID:ok", "DTSTAMP:20260101T000000Z", "DTSTART:20261005T100000Z", "END:VEVENT", "END:VCALENDAR",
        ])
        let result = try Calbridge.run(["expand", "-", "--from", "2026-10-01", "--to", "2026-11-01"], input: input)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardOutput.split(separator: "\n").count, 1)
        XCTAssertEqual(result.standardError, "-:4:1: warning: VEVENT nostart has no usable DTSTART; it is left out\n")
    }
}
