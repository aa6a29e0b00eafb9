import CalendarModel
@testable import JSCalendar
import JSONReading
import XCTest

/// URL and IMAGE (RFC 7986 §5.10, RFC 5545 §3.8.4.6) become links, an inline ATTACH a data: URL,
/// RELATED-TO relatedTo (an alarm's keyed by the alert it names), GEO coordinates and CONFERENCE's
/// FEATURE features as draft-ietf-calext-jscalendar-icalendar-08 shows them (ical-prop-url,
/// ical-prop-image, ical-prop-attach-binary, ical-prop-related-to, ical-prop-related-to-valarm,
/// ical-prop-geo, ical-prop-conference), and the lines come back as written.
final class LinkAndRelationMappingTests: XCTestCase {
    func testURLAndImageBecomeLinksNamingTheirPropertyAndComeBack() throws {
        let original = oneEventCalendar([
            Property(name: "URL", value: "https://example.com/party"),
            Property(
                name: "IMAGE", parameters: [Parameter("VALUE", "URI"), Parameter("DISPLAY", "BADGE"), Parameter("FMTTYPE", "image/png")],
                value: "https://example.com/party.png"),
        ])
        let json = JSCalendarDocument.object(for: original)
        XCTAssertEqual(json["links"]?["1"]?["href"], .string("https://example.com/party"))
        XCTAssertEqual(json["links"]?["1"]?["iCalProperty"]?["name"], .string("url"))
        XCTAssertEqual(json["links"]?["2"]?["rel"], .string("icon"))
        XCTAssertEqual(json["links"]?["2"]?["display"], .string("badge"))
        XCTAssertEqual(json["links"]?["2"]?["contentType"], .string("image/png"))
        // Without LAST-MODIFIED, DTSTAMP is `updated` (-08 §2.3.15), and nothing is carried.
        XCTAssertEqual(json["updated"], .string("2026-01-01T00:00:00Z"))
        XCTAssertNil(json["iCalComponent"]?["properties"])
        XCTAssertEqual(try JSCalendarDocument.calendar(for: json).calendar.losslessForm, original.losslessForm)
    }

    func testRelatedToIsKeyedByTheUIDItNamesAndComesBackAsWritten() throws {
        let original = oneEventCalendar([
            Property(name: "RELATED-TO", parameters: [Parameter("RELTYPE", "PARENT")], value: "parent-uid"),
            Property(name: "RELATED-TO", value: "other\\;uid"),
            // SIBLING has no JSCalendar relation (RFC 8984 §4.1.3): carried whole.
            Property(name: "RELATED-TO", parameters: [Parameter("RELTYPE", "SIBLING")], value: "sibling-uid"),
        ])
        let json = JSCalendarDocument.object(for: original)
        XCTAssertEqual(json["relatedTo"]?.members.map(\.key), ["parent-uid", "other;uid"])
        XCTAssertEqual(json["relatedTo"]?["parent-uid"]?["relation"]?["parent"], .bool(true))
        XCTAssertNil(json["relatedTo"]?["other;uid"]?["relation"])
        XCTAssertEqual(try JSCalendarDocument.calendar(for: json).calendar.losslessForm, original.losslessForm)
    }

    func testAnAlarmRelatedToAnotherIsKeyedByThatAlertsIdAndComesBackWithItsUID() throws {
        // -08's ical-prop-related-to-valarm figure: RFC 9074 §5's snoozed alarm and the one it snoozes.
        let first = Component(
            name: "VALARM",
            properties: [
                Property(name: "UID", value: "8297C37D-BA2D-4476-91AE-C1EAA364F8E1"), Property(name: "TRIGGER", value: "-PT15M"),
                Property(name: "DESCRIPTION", value: "Event reminder"), Property(name: "ACTION", value: "DISPLAY"),
            ])
        let snooze = Component(
            name: "VALARM",
            properties: [
                Property(name: "UID", value: "DE7B5C34-83FF-47FE-BE9E-FF41AE6DD097"),
                Property(name: "TRIGGER", parameters: [.value(.dateTime)], value: "20210302T152000Z"),
                Property(name: "RELATED-TO", parameters: [Parameter("RELTYPE", "SNOOZE")], value: "8297C37D-BA2D-4476-91AE-C1EAA364F8E1"),
                Property(name: "DESCRIPTION", value: "Event reminder"), Property(name: "ACTION", value: "DISPLAY"),
            ])
        let original = oneEventCalendar([], [first, snooze])
        let json = JSCalendarDocument.object(for: original)
        XCTAssertEqual(json["alerts"]?["2"]?["relatedTo"]?.members.map(\.key), ["1"])
        XCTAssertEqual(json["alerts"]?["2"]?["relatedTo"]?["1"]?["relation"]?["snooze"], .bool(true))
        let back = try JSCalendarDocument.calendar(for: json).calendar
        XCTAssertEqual(back.losslessForm, original.losslessForm)
        XCTAssertFalse(back.components[0].components[1].has("JSPROP"))
    }

    func testConferenceFeaturesAreFlagsAndComeBackInTheirOrder() throws {
        let original = oneEventCalendar([
            Property(
                name: "CONFERENCE",
                parameters: [
                    Parameter("VALUE", "URI"), Parameter(name: "FEATURE", values: ["VIDEO", "AUDIO"]),
                    Parameter("LABEL", "Dial-in"),
                ], value: "https://chat.example.com/audio?id=1")
        ])
        let json = JSCalendarDocument.object(for: original)
        XCTAssertEqual(
            json["virtualLocations"]?["1"]?["features"],
            .object([
                JSONMember(key: "video", value: .bool(true)),
                JSONMember(key: "audio", value: .bool(true)),
            ]))
        XCTAssertEqual(try JSCalendarDocument.calendar(for: json).calendar.losslessForm, original.losslessForm)
    }

    func testGEOBecomesALocationsCoordinatesItsPlusKeptInConvertedProperties() throws {
        // RFC 5545 §3.8.1.6's example, and draft -08's ical-prop-geo, whose `+` the geo: URI leaves out (-08 §2.3.20).
        let original = oneEventCalendar([
            Property(name: "GEO", value: "37.386013;-122.082932"), Property(name: "GEO", value: "+45.5;-93.3"),
        ])
        let json = JSCalendarDocument.object(for: original)
        XCTAssertEqual(
            json["locations"]?.members.map { $0.value["coordinates"] }, [.string("geo:37.386013,-122.082932"), .string("geo:45.5,-93.3")])
        XCTAssertEqual(json["iCalComponent"]?["convertedProperties"]?["locations/2"]?["value"], .string("+45.5;-93.3"))
        XCTAssertNil(json["iCalComponent"]?["properties"])
        let back = try JSCalendarDocument.calendar(for: json).calendar
        XCTAssertEqual(back.losslessForm, original.losslessForm)
        XCTAssertEqual(back.components[0].all("GEO").map(\.value), ["37.386013;-122.082932", "+45.5;-93.3"])
    }

    func testAnInlineAttachmentBecomesADataURLAndComesBack() throws {
        // The parameter order of draft -08's ical-prop-attach-binary.
        let original = oneEventCalendar([
            Property(
                name: "ATTACH",
                parameters: [Parameter("ENCODING", "BASE64"), Parameter("VALUE", "BINARY"), Parameter("FMTTYPE", "image/png")],
                value: "iVBORw0KGgo=")
        ])
        let json = JSCalendarDocument.object(for: original)
        XCTAssertEqual(json["links"]?["1"]?["href"], .string("data:image/png;base64,iVBORw0KGgo="))
        XCTAssertEqual(json["links"]?["1"]?["contentType"], .string("image/png"))
        XCTAssertEqual(try JSCalendarDocument.calendar(for: json).calendar.losslessForm, original.losslessForm)
    }

    func testABinaryAttachmentWithItsTypeFirstIsCarriedNotMadeAnHref() throws {
        // RFC 5545 §3.8.1.1's example writes FMTTYPE before ENCODING and VALUE: a line in another order
        // than the draft's stays carried, and a leftover split must not make its data an href.
        let original = oneEventCalendar([
            Property(
                name: "ATTACH",
                parameters: [Parameter("FMTTYPE", "text/plain"), Parameter("ENCODING", "BASE64"), Parameter("VALUE", "BINARY")],
                value: "SGVsbG8=")
        ])
        let json = JSCalendarDocument.object(for: original)
        XCTAssertNil(json["links"])
        XCTAssertEqual(try JSCalendarDocument.calendar(for: json).calendar.losslessForm, original.losslessForm)
    }
}
