@testable import CalendarWebFormats
import CalendarModel
import Foundation
import XCTest

final class XCalJCalRoundTripTests: XCTestCase {
    func testEveryCorpusFileSurvivesICalendarToXCalAndBack() throws {
        XCTAssertGreaterThanOrEqual(corpusFiles.count, 50)
        for url in corpusFiles {
            let original = try readICalendar(url)
            let back = try XCalReader().calendars(from: XCalWriter().document(for: original))
            XCTAssertEqual(back.count, 1, url.lastPathComponent)
            XCTAssertTrue(
                semantic(back[0]) == semantic(original), url.lastPathComponent + ": " + difference(semantic(back[0]), semantic(original)))
        }
    }

    func testEveryCorpusFileSurvivesICalendarToJCalAndBack() throws {
        for url in corpusFiles {
            let original = try readICalendar(url)
            let back = try JCalReader().calendars(from: JCalWriter().document(for: original))
            XCTAssertEqual(back.count, 1, url.lastPathComponent)
            XCTAssertTrue(
                semantic(back[0]) == semantic(original), url.lastPathComponent + ": " + difference(semantic(back[0]), semantic(original)))
        }
    }

    private let typed = Component(
        name: "VCALENDAR",
        components: [
            Component(
                name: "VEVENT",
                properties: [
                    Property(name: "DTSTART", parameters: [Parameter("VALUE", "DATE")], value: "20261012"),
                    Property(name: "DTEND", parameters: [Parameter("TZID", "Europe/Berlin")], value: "20261012T094500"),
                    Property(name: "RRULE", value: "FREQ=WEEKLY;UNTIL=20270205T225959Z;INTERVAL=2;BYDAY=MO,WE"),
                    Property(name: "GEO", value: "52.52;13.405"),
                    Property(name: "X-CUSTOM", value: "raw\\,kept"),
                    Property(name: "X-NUMBER", parameters: [Parameter("VALUE", "INTEGER")], value: "42"),
                    Property(name: "REQUEST-STATUS", value: "2.0;Success"),
                    Property(name: "CATEGORIES", value: "Work,Team\\, Berlin"),
                    Property(name: "FREEBUSY", value: "20261012T080000Z/PT1H,20261012T100000Z/20261012T110000Z"),
                ])
        ])

    func testXCalNamesValueTypesAndRestoresNonDefaultOnes() throws {
        let xml = String(decoding: XCalWriter().document(for: typed), as: UTF8.self)
        let compact = xml.replacingOccurrences(of: #">\s+<"#, with: "><", options: .regularExpression)
        for expected in [
            "<dtstart><date>2026-10-12</date></dtstart>",
            "<dtend><parameters><tzid><text>Europe/Berlin</text></tzid></parameters><date-time>2026-10-12T09:45:00</date-time></dtend>",
            "<recur><freq>WEEKLY</freq><until>2027-02-05T22:59:59Z</until><interval>2</interval><byday>MO</byday><byday>WE</byday></recur>",
            "<geo><latitude>52.52</latitude><longitude>13.405</longitude></geo>",
            "<x-custom><unknown>raw\\,kept</unknown></x-custom>", "<x-number><integer>42</integer></x-number>",
            "<request-status><code>2.0</code><description>Success</description></request-status>",
            "<categories><text>Work</text><text>Team, Berlin</text></categories>",
            "<period><start>2026-10-12T08:00:00Z</start><duration>PT1H</duration></period>",
        ] {
            XCTAssertTrue(compact.contains(expected), expected + " in " + compact)
        }
        let back = try XCalReader().calendars(from: Array(xml.utf8))[0]
        XCTAssertEqual(back.canonicalForm, typed.canonicalForm)
        XCTAssertEqual(back.components[0]["X-NUMBER"]?.parameters, [Parameter("VALUE", "INTEGER")])
    }

    func testJCalNamesValueTypesAndRestoresNonDefaultOnes() throws {
        let json = String(decoding: JCalWriter().document(for: typed), as: UTF8.self)
        for expected in [
            #"["dtstart",{},"date","2026-10-12"]"#,
            #"["rrule",{},"recur",{"freq":"WEEKLY","until":"2027-02-05T22:59:59Z","interval":2,"byday":["MO","WE"]}]"#,
            #"["geo",{},"float",[52.52,13.405]]"#, #"["categories",{},"text","Work","Team, Berlin"]"#,
            #"["x-number",{},"integer",42]"#, #"["x-custom",{},"unknown","raw\\,kept"]"#,
            // RFC 7265 §3.6.9: each period the array of its start and its end or duration.
            #"["freebusy",{},"period",["2026-10-12T08:00:00Z","PT1H"],["2026-10-12T10:00:00Z","2026-10-12T11:00:00Z"]]"#,
        ] {
            XCTAssertTrue(json.contains(expected), expected + " in " + json)
        }
        XCTAssertEqual(try JCalReader().calendars(from: Array(json.utf8))[0].canonicalForm, typed.canonicalForm)
    }

    func testRulePartsAreWrittenInTheOrderRFC6321Requires() throws {
        let rule = Component(
            name: "VCALENDAR",
            components: [
                Component(
                    name: "VEVENT",
                    properties: [
                        Property(name: "RRULE", value: "BYMONTH=3;BYDAY=-1SU;FREQ=YEARLY;WKST=SU")
                    ])
            ])
        let xml = String(decoding: XCalWriter().document(for: rule), as: UTF8.self)
            .replacingOccurrences(of: #">\s+<"#, with: "><", options: .regularExpression)
        XCTAssertTrue(xml.contains("<recur><freq>YEARLY</freq><byday>-1SU</byday><bymonth>3</bymonth><wkst>SU</wkst></recur>"), xml)
        XCTAssertEqual(
            try XCalReader().calendars(from: Array(xml.utf8))[0].components[0]["RRULE"]?.value,
            "FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3;WKST=SU")
    }

    func testDoctypeAndBrokenDocumentsAreRefusedWithTheirPlace() {
        let laughs = """
            <?xml version="1.0"?>
            <!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
            <icalendar xmlns="urn:ietf:params:xml:ns:icalendar-2.0"><vcalendar><properties><x-a><unknown>&lol2;</unknown></x-a></properties></vcalendar></icalendar>
            """
        XCTAssertThrowsError(try XCalReader().calendars(from: Array(laughs.utf8))) { error in
            XCTAssertEqual((error as? DocumentError)?.line, 2, "\(error)")
            XCTAssertTrue("\(error)".contains("DOCTYPE"), "\(error)")
        }
        let unclosed = "<icalendar xmlns=\"urn:ietf:params:xml:ns:icalendar-2.0\">\n<vcalendar>\n<properties>\n"
        XCTAssertThrowsError(try XCalReader().calendars(from: Array(unclosed.utf8))) { error in
            XCTAssertNotNil((error as? DocumentError)?.line, "\(error)")
        }
        XCTAssertThrowsError(try JCalReader().calendars(from: Array("[\"vcalendar\", [], [\n  [\"vevent\", [], ]".utf8))) { error in
            XCTAssertEqual((error as? DocumentError)?.line, 2, "\(error)")
        }
    }

    func testDeepNestingEndsQuickly() {
        let deepXML =
            "<icalendar xmlns=\"urn:ietf:params:xml:ns:icalendar-2.0\"><vcalendar>"
            + String(repeating: "<components><x-a>", count: 100_000)
        XCTAssertThrowsError(try XCalReader().calendars(from: Array(deepXML.utf8)))
        let deepJSON = String(repeating: "[", count: 100_000)
        XCTAssertThrowsError(try JCalReader().calendars(from: Array(deepJSON.utf8))) { error in
            XCTAssertTrue("\(error)".contains("nested deeper"), "\(error)")
        }
    }

    /// Values a property's layout has no place for are kept as one text, so writing jCal and reading
    /// it back gives the same property (cases fuzzing found).
    func testValuesALayoutHasNoPlaceForAreKeptAsEscapedText() throws {
        let json = """
            ["vcalendar", [], [["vevent", [
              ["x-note", {}, "text", "a,b", "c"],
              ["categories", {}, "text", "work", ["x", "y"], {"freq": "WEEKLY", "byday": ["MO", "WE"]}],
              ["rrule", {}, "recur", {"freq": "YEARLY", "x-part": "1", "bymonth": 10}]
            ], []]]]
            """
        let first = try JCalReader().calendars(from: Array(json.utf8))
        let event = first[0].components[0]
        XCTAssertEqual(event["X-NOTE"]?.value, "a\\,b\\,c")
        XCTAssertEqual(event["CATEGORIES"]?.value, "work,x\\;y,FREQ=WEEKLY\\;BYDAY=MO\\,WE")
        XCTAssertEqual(event["RRULE"]?.value, "FREQ=YEARLY;BYMONTH=10;X-PART=1")
        let second = try JCalReader().calendars(from: JCalWriter().document(for: first[0]))
        XCTAssertEqual(second.map(\.canonicalForm), first.map(\.canonicalForm))
    }

    /// GEO's two parts are floats: a GEO whose VALUE names another type is one value of that type, so
    /// its ';' is not a split that reads back as a period's start and end (a jCal fuzzing finding).
    func testAStructuredPropertyOfAnotherTypeIsOneValue() throws {
        let calendar = Component(
            name: "VCALENDAR",
            properties: [
                Property(name: "GEO", parameters: [Parameter("VALUE", "PERIOD")], value: ";5"),
                Property(name: "REQUEST-STATUS", value: "2.0;Success"),
            ])
        let json = String(decoding: JCalWriter().document(for: calendar), as: UTF8.self)
        XCTAssertTrue(json.contains(#"["geo",{"value":"PERIOD"},"unknown",";5"]"#), json)
        XCTAssertTrue(json.contains(#"["request-status",{},"text",["2.0","Success"]]"#), json)
        let fromJSON = try JCalReader().calendars(from: Array(json.utf8))
        XCTAssertEqual(fromJSON.map(\.canonicalForm), [calendar.canonicalForm])
        let fromXML = try XCalReader().calendars(from: XCalWriter().document(for: calendar))
        XCTAssertEqual(fromXML.map(\.canonicalForm), [calendar.canonicalForm])
        XCTAssertEqual(PropertyDesignTable.layout(of: "GEO", type: .float), .structured)
        XCTAssertEqual(PropertyDesignTable.layout(of: "GEO", type: .period), .single)
        XCTAssertEqual(PropertyDesignTable.layout(of: "RDATE", type: .period), .list)
    }

    /// RFC 6321's `<request-status>` holds a code, a description and one `<data>`; RFC 5545 §3.8.8.3
    /// puts a property line there (its example 3, `RRULE:FREQ=WEEKLY\;INTERVAL=2`, is `<data>` with a
    /// bare `;` in sabre/vobject's RFC 6321 tests). Extra data whose `;` came unescaped, or more
    /// elements than the three (an xCal fuzzing finding), is one `<data>` and reads back as itself.
    func testARequestStatusWithMorePartsKeepsThemAllInItsOneData() throws {
        let event = Component(
            name: "VEVENT",
            properties: [
                Property(name: "UID", value: "status-1"), Property(name: "DTSTAMP", value: "20260101T000000Z"),
                Property(name: "DTSTART", value: "20260105T090000Z"),
                Property(name: "REQUEST-STATUS", value: "3.7;Invalid calendar user;ATTENDEE;CN=Jane:mailto:jane@example.org"),
            ])
        let calendar = Component(
            name: "VCALENDAR", properties: [Property(name: "VERSION", value: "2.0"), Property(name: "PRODID", value: "-//x//EN")],
            components: [event])
        let xml = XCalWriter().document(for: calendar)
        let compact = String(decoding: xml, as: UTF8.self).replacingOccurrences(of: #">\s+<"#, with: "><", options: .regularExpression)
        XCTAssertTrue(
            compact.contains(
                "<request-status><code>3.7</code><description>Invalid calendar user</description>"
                    + "<data>ATTENDEE;CN=Jane:mailto:jane@example.org</data></request-status>"), compact)
        XCTAssertEqual(try XCalSchema.problems(in: xml), [])
        let back = try XCalReader().calendars(from: xml)
        XCTAssertEqual(
            back[0].components[0]["REQUEST-STATUS"]?.value, "3.7;Invalid calendar user;ATTENDEE\\;CN=Jane:mailto:jane@example.org")

        let four = Array(
            """
            <icalendar xmlns="urn:ietf:params:xml:ns:icalendar-2.0"><vcalendar><components><vevent><properties>
            <request-status><code>2.0</code><description>Success</description><data> </data><data>b</data></request-status>
            </properties></vevent></components></vcalendar></icalendar>
            """.utf8)
        let first = try XCalReader().calendars(from: four)
        XCTAssertEqual(first[0].components[0]["REQUEST-STATUS"]?.value, "2.0;Success; \\;b")
        let second = try XCalReader().calendars(from: XCalWriter().document(for: first[0]))
        XCTAssertEqual(second.map(\.canonicalForm), first.map(\.canonicalForm))
    }
}
