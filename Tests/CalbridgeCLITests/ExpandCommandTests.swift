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
        XCTAssertEqual(result.standardOutput.split(separator: "\n"), [
            #"{"uid": "db", "recurrence_id": "2026-10-19T08:15:00+02:00", "start": "2026-10-19T08:15:00+02:00", "end": "2026-10-19T09:45:00+02:00", "all_day": false, "summary": "Datenbanken, \"DB\""}"#,
            #"{"uid": "holiday", "start": "2026-10-31", "end": "2026-11-01", "all_day": true, "summary": "Reformationstag", "status": "CONFIRMED"}"#,
            #"{"uid": "db", "recurrence_id": "2026-11-02T08:15:00+01:00", "start": "2026-11-02T08:15:00+01:00", "end": "2026-11-02T09:45:00+01:00", "all_day": false, "summary": "Datenbanken, \"DB\""}"#,
        ])
    }

    func testDisplayZoneAndCSV() throws {
        let result = try Calbridge.run(["expand", "-", "--from", "2026-11-01", "--to", "2026-11-03", "--tz", "America/New_York",
                                        "--format", "csv"], input: series)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardOutput, "uid,recurrence_id,start,end,all_day,summary,status\r\n"
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
        XCTAssertEqual(try Calbridge.run(["expand", "-", "--from", "2026-01-01", "--to", "2027-01-01", "--tz", "Mars/Base"], input: series).status, 64)
        XCTAssertEqual(try Calbridge.run(["expand", "/nonexistent.ics", "--from", "2026-01-01", "--to", "2027-01-01"]).status, 66)
    }

    func testBudgetStopsARuleThatWouldFillMemory() throws {
        let flood = crlf(["BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:s", "DTSTAMP:20260101T000000Z", "DTSTART:20260101T000000Z",
                          "RRULE:FREQ=SECONDLY", "END:VEVENT", "END:VCALENDAR"])
        let result = try Calbridge.run(["expand", "-", "--from", "2026-01-01", "--to", "2026-02-01", "--max-instances", "1000"], input: flood)
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.standardError.contains("--max-instances"))
    }
}
