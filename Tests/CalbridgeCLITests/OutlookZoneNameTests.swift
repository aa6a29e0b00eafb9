import Foundation
import XCTest

/// Calendars as Outlook desktop, Exchange/OWA and Outlook for Mac write them: their TZIDs must put
/// every occurrence at the right UTC instant in winter and in summer, expanded shown in UTC.
final class OutlookZoneNameTests: XCTestCase {
    private static let eastern = "(UTC-05:00) Eastern Time (US & Canada)"

    /// The UTC start of each occurrence `expand --tz UTC` writes for `calendar`, and what it warned.
    private func startsInUTC(of calendar: String, named name: String = "calendar.ics") throws -> (starts: [String], warnings: String) {
        let directory = try scratchDirectory()
        try calendar.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        let result = try Calbridge.run(
            [
                "expand", name, "--from", "2026-01-01", "--to", "2026-08-01", "--tz", "UTC",
                "--format", "jsonl",
            ], directory: directory)
        XCTAssertEqual(result.status, 0, result.standardError)
        let starts = try result.standardOutput.split(separator: "\n").map { line in
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return try XCTUnwrap(object["start"] as? String)
        }
        return (starts, result.standardError)
    }

    private static func outlookDesktopEvent(uid: String, tzid: String, start: String, rule: String? = nil) -> [String] {
        [
            "BEGIN:VEVENT", "CLASS:PUBLIC", "CREATED:20251201T120000Z",
            "DTEND;TZID=\"\(tzid)\":\(start.dropLast(6))110000", "DTSTAMP:20251201T120000Z",
            "DTSTART;TZID=\"\(tzid)\":\(start)",
        ] + (rule.map { ["RRULE:" + $0] } ?? [])
            + ["SEQUENCE:0", "SUMMARY;LANGUAGE=en-us:Budget review", "TRANSP:OPAQUE", "UID:\(uid)", "END:VEVENT"]
    }

    /// Outlook desktop's export: display-name TZIDs in quotes and no VTIMEZONE.
    private static let outlookDesktop = crlf(
        ["BEGIN:VCALENDAR", "PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN", "VERSION:2.0", "METHOD:PUBLISH"]
            + outlookDesktopEvent(
                uid: "040000008200E00074C5B7101A82E00800000000D1", tzid: eastern, start: "20260115T100000",
                rule: "FREQ=MONTHLY;COUNT=7;BYMONTHDAY=15")
            + outlookDesktopEvent(
                uid: "040000008200E00074C5B7101A82E00800000000D2", tzid: "(GMT-08:00) Pacific Time (US & Canada)",
                start: "20260716T100000")
            + outlookDesktopEvent(
                uid: "040000008200E00074C5B7101A82E00800000000D3", tzid: "(GMT+10:00) Canberra, Melbourne, Sydney",
                start: "20260120T100000")
            + ["END:VCALENDAR"])

    func testOutlookDesktopDisplayNamesPutEveryOccurrenceAtItsInstant() throws {
        let (starts, warnings) = try startsInUTC(of: Self.outlookDesktop)
        XCTAssertEqual(
            starts,
            [
                "2026-01-15T15:00:00+00:00", "2026-01-19T23:00:00+00:00", "2026-02-15T15:00:00+00:00",
                // New York's clocks go forward on 2026-03-08.
                "2026-03-15T14:00:00+00:00", "2026-04-15T14:00:00+00:00", "2026-05-15T14:00:00+00:00",
                "2026-06-15T14:00:00+00:00", "2026-07-15T14:00:00+00:00", "2026-07-16T17:00:00+00:00",
            ])
        XCTAssertFalse(warnings.contains("TZID"), warnings)
    }

    func testConvertGivesAnOutlookDisplayNameTheVTimezoneOfItsZone() throws {
        let result = try Calbridge.run(["convert", "-", "-o", "-"], input: Self.outlookDesktop)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertFalse(result.standardError.contains("TZID"), result.standardError)
        let zone = try XCTUnwrap(
            result.standardOutput.components(separatedBy: "BEGIN:VTIMEZONE\r\nTZID:\(Self.eastern)\r\n").dropFirst().first)
        let definition = try XCTUnwrap(zone.components(separatedBy: "END:VTIMEZONE").first)
        XCTAssertTrue(definition.contains("TZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400\r\n"), definition)
        XCTAssertTrue(definition.contains("TZOFFSETFROM:-0400\r\nTZOFFSETTO:-0500\r\n"), definition)
    }

    /// Exchange and OWA write Windows zone IDs, sometimes with no VTIMEZONE at all.
    func testExchangeWindowsZoneIDsWithoutVTimezone() throws {
        let calendar = crlf([
            "BEGIN:VCALENDAR", "METHOD:PUBLISH", "PRODID:Microsoft Exchange Server 2010", "VERSION:2.0",
            "BEGIN:VEVENT", "UID:040000008200E00074C5B7101A82E00800000000E1", "SUMMARY:Weekly sync",
            "DTSTART;TZID=Eastern Standard Time:20260113T100000", "DTEND;TZID=Eastern Standard Time:20260113T103000",
            "RRULE:FREQ=MONTHLY;COUNT=2;INTERVAL=6;BYDAY=2TU", "DTSTAMP:20251201T120000Z", "END:VEVENT",
            "BEGIN:VEVENT", "UID:040000008200E00074C5B7101A82E00800000000E2", "SUMMARY:Mazatlan office",
            "DTSTART;TZID=Mountain Standard Time (Mexico):20260714T100000",
            "DTEND;TZID=Mountain Standard Time (Mexico):20260714T110000", "DTSTAMP:20251201T120000Z", "END:VEVENT",
            "END:VCALENDAR",
        ])
        let (starts, warnings) = try startsInUTC(of: calendar)
        // Mazatlan keeps -07:00 all year (CLDR 41's Chihuahua has kept -06:00 since 2022).
        XCTAssertEqual(starts, ["2026-01-13T15:00:00+00:00", "2026-07-14T14:00:00+00:00", "2026-07-14T17:00:00+00:00"])
        XCTAssertFalse(warnings.contains("TZID"), warnings)
    }

    /// Outlook for Mac writes display-name TZIDs with a VTIMEZONE, which wins over the name: this one
    /// still has the US rules of before 2007 (daylight time from April's first Sunday).
    func testOutlookForMacVTimezoneWinsOverItsDisplayName() throws {
        let calendar = crlf([
            "BEGIN:VCALENDAR", "PRODID:-//Microsoft Corporation//Outlook for Mac MIMEDIR//EN", "VERSION:2.0",
            "BEGIN:VTIMEZONE", "TZID:\(Self.eastern)",
            "BEGIN:STANDARD", "DTSTART:16011028T020000", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10",
            "TZOFFSETFROM:-0400", "TZOFFSETTO:-0500", "END:STANDARD",
            "BEGIN:DAYLIGHT", "DTSTART:16010401T020000", "RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=4",
            "TZOFFSETFROM:-0500", "TZOFFSETTO:-0400", "END:DAYLIGHT", "END:VTIMEZONE",
            "BEGIN:VEVENT", "UID:mac-1", "DTSTAMP:20251201T120000Z", "SUMMARY:Quarterly",
            "DTSTART;TZID=\"\(Self.eastern)\":20260315T100000", "DTEND;TZID=\"\(Self.eastern)\":20260315T110000",
            "RRULE:FREQ=MONTHLY;INTERVAL=4;COUNT=2", "END:VEVENT",
            "BEGIN:VEVENT", "UID:mac-2", "DTSTAMP:20251201T120000Z", "SUMMARY:Sydney call",
            "DTSTART;TZID=\"(GMT+10:00) Canberra, Melbourne, Sydney\":20260615T100000",
            "DTEND;TZID=\"(GMT+10:00) Canberra, Melbourne, Sydney\":20260615T110000", "END:VEVENT",
            "END:VCALENDAR",
        ])
        let (starts, _) = try startsInUTC(of: calendar)
        // 2026-03-15 is standard time by the file's rules (the tz database's would say 14:00Z).
        XCTAssertEqual(starts, ["2026-03-15T15:00:00+00:00", "2026-06-15T00:00:00+00:00", "2026-07-15T14:00:00+00:00"])
    }

    func testAnOffsetOnlyNameIsThatFixedOffsetWithAWarningAtItsProperty() throws {
        let calendar = crlf([
            "BEGIN:VCALENDAR", "PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN", "VERSION:2.0",
            "BEGIN:VEVENT", "DTSTAMP:20251201T120000Z", "UID:offset-only",
            "DTSTART;TZID=\"(GMT +01:00)\":20260115T100000", "DTEND;TZID=\"(GMT +01:00)\":20260115T110000",
            "RRULE:FREQ=MONTHLY;INTERVAL=6;COUNT=2", "SUMMARY:Standup", "END:VEVENT", "END:VCALENDAR",
        ])
        let (starts, warnings) = try startsInUTC(of: calendar, named: "offset.ics")
        XCTAssertEqual(starts, ["2026-01-15T09:00:00+00:00", "2026-07-15T09:00:00+00:00"])
        XCTAssertTrue(
            warnings.contains(
                "offset.ics:7:1: warning: TZID (GMT +01:00) names no zone calbridge knows, only the UTC "
                    + "offset +01:00: its times are read at that fixed offset, which is right in one season only"),
            warnings)
    }
}
