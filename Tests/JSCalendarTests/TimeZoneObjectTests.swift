import CalendarModel
import ICalendar
@testable import JSCalendar
import JSONReading
import XCTest

/// A VTIMEZONE whose TZID the tz database does not name becomes a TimeZone in the Group's
/// `timeZones`, keyed by the TZID after a `/`, which is the `timeZone` of the events said in it
/// (draft-ietf-calext-jscalendar-icalendar-08 §2.1.4, ical-comp-vtimezone), and comes back as
/// written. The sample is the form Outlook and Exchange publish a zone they cannot name in:
/// `TZID:Customized Time Zone` with yearly STANDARD and DAYLIGHT rules and an `X-LIC-LOCATION`
/// (as the feeds other projects' tests quote do), here with a past rule whose UTC UNTIL the
/// TimeZoneRule cannot say.
final class TimeZoneObjectTests: XCTestCase {
    private static let custom = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN\r
        BEGIN:VTIMEZONE\r
        TZID:Customized Time Zone\r
        TZURL:http://tzurl.org/zoneinfo-outlook/Australia/Sydney\r
        X-LIC-LOCATION:Customized Time Zone\r
        BEGIN:STANDARD\r
        TZOFFSETFROM:+1100\r
        TZOFFSETTO:+1000\r
        TZNAME:AEST\r
        DTSTART:19700405T030000\r
        RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU\r
        END:STANDARD\r
        BEGIN:DAYLIGHT\r
        TZOFFSETFROM:+1000\r
        TZOFFSETTO:+1100\r
        TZNAME:AEDT\r
        DTSTART:19701004T020000\r
        RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=1SU\r
        END:DAYLIGHT\r
        BEGIN:DAYLIGHT\r
        TZOFFSETFROM:+1000\r
        TZOFFSETTO:+1100\r
        DTSTART:19601030T020000\r
        RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU;UNTIL=19691025T160000Z\r
        COMMENT:before 1970\r
        END:DAYLIGHT\r
        END:VTIMEZONE\r
        BEGIN:VEVENT\r
        UID:custom-zone@example.com\r
        DTSTAMP:20200907T032724Z\r
        DTSTART;TZID=Customized Time Zone:20210611T110000\r
        DTEND;TZID=Customized Time Zone:20210611T113000\r
        SUMMARY:customized time zone\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    func testAZoneTheDatabaseDoesNotNameIsATimeZoneKeyedBySlashTZIDAndComesBackAsWritten() throws {
        let original = try DraftNotation.read(Self.custom)
        let json = JSCalendarDocument.object(for: original)
        let zone = try XCTUnwrap(json["timeZones"]?["/Customized Time Zone"])
        XCTAssertEqual(zone["tzId"], .string("Customized Time Zone"))
        XCTAssertEqual(zone["url"], .string("http://tzurl.org/zoneinfo-outlook/Australia/Sydney"))
        let standard = ZoneLines.items(zone["standard"]), daylight = ZoneLines.items(zone["daylight"])
        XCTAssertEqual(standard.map { $0["names"]?["AEST"] }, [.bool(true)])
        XCTAssertEqual(standard.map { $0["start"] }, [.string("1970-04-05T03:00:00")])
        XCTAssertEqual(daylight.map { $0["offsetTo"] }, [.string("+1100"), .string("+1100")])
        XCTAssertEqual(ZoneLines.items(daylight.first?["recurrenceRules"]).map { $0["byMonth"] }, [.array([.string("10")])])
        // The UTC UNTIL is no floating time: the RRULE rides in the rule's iCalComponent, the COMMENT converts.
        XCTAssertEqual(daylight.last?["comments"], .array([.string("before 1970")]))
        XCTAssertNil(daylight.last?["recurrenceRules"])
        XCTAssertNil(json["iCalComponent"]?["components"])
        guard case .array(let entries)? = json["entries"] else { return XCTFail(JSONText.compact(json)) }
        XCTAssertEqual(entries[0]["timeZone"], .string("/Customized Time Zone"))
        let back = try JSCalendarDocument.calendar(for: json).calendar
        XCTAssertEqual(back.losslessForm, original.losslessForm)
        XCTAssertEqual(back.components.first { $0.name == "VEVENT" }?["DTSTART"]?[parameter: "TZID"], "Customized Time Zone")
    }

    func testAVTimeZoneWhoseRulesSayNothingElseComesBackByteForByte() throws {
        // -08's ical-comp-vtimezone figure, whose every line its TimeZone says.
        let text = """
            BEGIN:VTIMEZONE\r
            TZID:CustomTz\r
            TZID-ALIAS-OF:Puerto_Rico\r
            TZID-ALIAS-OF:America/Anguilla\r
            LAST-MODIFIED:20240909T122233Z\r
            TZUNTIL:20080709T000000Z\r
            TZURL:https://example.com/tz/CustomTz.ics\r
            BEGIN:DAYLIGHT\r
            TZNAME:AWT\r
            TZOFFSETFROM:-0400\r
            TZOFFSETTO:-0300\r
            DTSTART:19420503T000000\r
            END:DAYLIGHT\r
            BEGIN:STANDARD\r
            TZNAME:AST\r
            TZOFFSETFROM:-0300\r
            TZOFFSETTO:-0400\r
            DTSTART:19450930T020000\r
            END:STANDARD\r
            END:VTIMEZONE\r

            """
        let original = try DraftNotation.read("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + text + "END:VCALENDAR\r\n")
        let json = JSCalendarDocument.object(for: original)
        XCTAssertNil(json["timeZones"]?["/CustomTz"]?["iCalComponent"])
        let back = try JSCalendarDocument.calendar(for: json).calendar
        var writer = ICalendarWriter()
        writer.write(try XCTUnwrap(back.components.first))
        XCTAssertEqual(String(decoding: writer.bytes, as: UTF8.self), text)
    }

    func testATimeZoneThatSaysNoVTimeZoneIsCarriedAndTheGroupStillRead() throws {
        // A TimeZone whose iCalComponent is no ICalComponent: the member travels as a JSPROP line.
        let json = try JSONReader.value(
            of: Array(
                #"""
                {"@type": "Group", "entries": [{"@type": "Event", "uid": "u", "start": "2026-01-05T09:00:00", "timeZone": "/Mine"}],
                 "timeZones": {"/Mine": {"@type": "TimeZone", "tzId": "Mine", "iCalComponent": {"properties": [[3]]}}}}
                """#.utf8))
        let calendar = try JSCalendarDocument.calendar(for: json).calendar
        XCTAssertEqual(calendar.all("JSPROP").map { $0[parameter: "JSPTR"] }, ["timeZones"])
        XCTAssertEqual(calendar.components.map(\.name), ["VEVENT"])
    }
}
