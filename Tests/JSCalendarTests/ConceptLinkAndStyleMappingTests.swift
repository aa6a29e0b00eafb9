import CalendarModel
@testable import JSCalendar
import JSONReading
import XCTest

/// CONCEPT and LINK (RFC 9253 §8.1–8.2), STYLED-DESCRIPTION (RFC 9073 §6.5), ATTACH and CATEGORIES
/// become categories, links, a description with its content type and keywords as
/// draft-ietf-calext-jscalendar-icalendar-08 shows them (ical-prop-concept, ical-prop-link, ical-prop-categories,
/// ical-prop-styled-description, ical-prop-attach-uri), and the lines come back as written. The
/// lines are RFC 9253's and RFC 9073's own examples, in the parameter order those write.
final class ConceptLinkAndStyleMappingTests: XCTestCase {
    func testConceptLinesBecomeCategoriesInOrderAndComeBackOneALine() throws {
        let original = oneEventCalendar([
            Property(name: "CONCEPT", value: "https://example.com/event-types/arts/music"),
            Property(name: "CONCEPT", value: "https://example.com/event-types/arts/literature"),
        ])
        let json = JSCalendarDocument.object(for: original)
        XCTAssertEqual(
            json["categories"]?.members.map(\.key),
            ["https://example.com/event-types/arts/music", "https://example.com/event-types/arts/literature"])
        XCTAssertEqual(json["categories"]?.members.map(\.value), [.bool(true), .bool(true)])
        XCTAssertEqual(try JSCalendarDocument.calendar(for: json).calendar.losslessForm, original.losslessForm)
    }

    func testCategoriesLinesAreOneKeywordsSetAndComeBackAsTheLinesTheyWere() throws {
        // -08's ical-prop-categories figure, after a LANGUAGE on the first line that the set cannot say.
        let original = oneEventCalendar([
            Property(name: "CATEGORIES", parameters: [Parameter("LANGUAGE", "en")], value: "APPOINTMENT,EDUCATION"),
            Property(name: "CATEGORIES", value: "meeting"),
            // A key the set has already cannot be said again: the line is carried.
            Property(name: "CATEGORIES", value: "EDUCATION"),
        ])
        let json = JSCalendarDocument.object(for: original)
        XCTAssertEqual(json["keywords"]?.members.map(\.key), ["APPOINTMENT", "EDUCATION", "meeting"])
        XCTAssertEqual(json["iCalComponent"]?["convertedProperties"]?["keywords/meeting"]?["name"], .string("categories"))
        guard case .array(let carried)? = json["iCalComponent"]?["properties"] else { return XCTFail(JSONText.compact(json)) }
        XCTAssertEqual(carried.count, 1)
        let back = try JSCalendarDocument.calendar(for: json).calendar
        XCTAssertEqual(back.losslessForm, original.losslessForm)
        XCTAssertEqual(back.components[0].all("CATEGORIES").map(\.value), ["APPOINTMENT,EDUCATION", "meeting", "EDUCATION"])
    }

    func testALinkBecomesALinkWithItsRelAndTitleAndAnAttachmentHasNoRel() throws {
        let original = oneEventCalendar([
            Property(
                name: "LINK", parameters: [Parameter("LINKREL", "latest-version"), Parameter("LABEL", "Venue"), Parameter("VALUE", "URI")],
                value: "https://example.com/events"),
            Property(name: "ATTACH", value: "https://example.com/foo.pdf"),
            // A LINK naming a UID has no href: carried.
            Property(name: "LINK", parameters: [Parameter("LINKREL", "related"), Parameter("VALUE", "UID")], value: "some-uid"),
        ])
        let json = JSCalendarDocument.object(for: original)
        XCTAssertEqual(json["links"]?["1"]?["rel"], .string("latest-version"))
        XCTAssertEqual(json["links"]?["1"]?["title"], .string("Venue"))
        XCTAssertEqual(json["links"]?["2"]?.members.map(\.key), ["@type", "href"])
        XCTAssertEqual(json["links"]?.members.count, 2)
        XCTAssertEqual(try JSCalendarDocument.calendar(for: json).calendar.losslessForm, original.losslessForm)
    }

    func testAStyledDescriptionIsTheDescriptionAndItsContentType() throws {
        let styled = Property(
            name: "STYLED-DESCRIPTION", parameters: [Parameter("VALUE", "TEXT"), Parameter("FMTTYPE", "text/html")],
            value: "<html><body>hello\\, <b>world</b></body></html>")
        // RFC 9073 §6.5: the plain DESCRIPTION beside it says DERIVED=TRUE, and is carried.
        let derived = Property(name: "DESCRIPTION", parameters: [Parameter("DERIVED", "TRUE")], value: "hello\\, world")
        let original = oneEventCalendar([styled, derived])
        let json = JSCalendarDocument.object(for: original)
        XCTAssertEqual(json["description"], .string("<html><body>hello, <b>world</b></body></html>"))
        XCTAssertEqual(json["descriptionContentType"], .string("text/html"))
        let back = try JSCalendarDocument.calendar(for: json).calendar
        XCTAssertEqual(back.losslessForm, original.losslessForm)
        XCTAssertFalse(back.components[0].has("JSPROP"))
    }
}
