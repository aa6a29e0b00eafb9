import CalendarModel
@testable import JSCalendar
import JSONReading
import XCTest

/// STRUCTURED-DATA (RFC 9073 §6.6) as a Link (draft-ietf-calext-jscalendar-icalendar-08 §2.3.41).
/// The lines are written as the draft's figures write them (ical-prop-structured-data: FMTTYPE,
/// SCHEMA, then `ENCODING=BASE64;VALUE=BINARY`; ical-comp-vlocation and ical-comp-participant:
/// `VALUE=URI` alone), which is RFC 9073's `sdataprop` form.
final class StructuredDataTests: XCTestCase {
    func testAStructuredDataURIIsALinkNamingItsPropertyAndComesBack() throws {
        let original = oneEventCalendar([
            Property(name: "STRUCTURED-DATA", parameters: [.value(.uri)], value: "http://dir.example.com/venues/big-hall.vcf")
        ])
        let json = JSCalendarDocument.object(for: original)
        XCTAssertEqual(json["links"]?["1"]?["href"], .string("http://dir.example.com/venues/big-hall.vcf"))
        XCTAssertEqual(json["links"]?["1"]?["iCalProperty"]?["name"], .string("structured-data"))
        XCTAssertNil(json["iCalComponent"]?["properties"])
        XCTAssertEqual(try JSCalendarDocument.calendar(for: json).calendar.losslessForm, original.losslessForm)
    }

    func testInlineStructuredDataIsADataURLKeepingItsSchemaAndTextIsCarried() throws {
        let original = oneEventCalendar([
            Property(
                name: "STRUCTURED-DATA",
                parameters: [
                    Parameter("FMTTYPE", "application/ld+json"), Parameter("SCHEMA", "https://schema.org/FlightReservation"),
                    Parameter("ENCODING", "BASE64"), .value(.binary),
                ], value: "InRydW5jYXRlZC4uLiIK"),
            // TEXT, RFC 9073's default type, is no link; nor is inline data whose FMTTYPE is not first.
            Property(name: "STRUCTURED-DATA", parameters: [Parameter("FMTTYPE", "application/ld+json")], value: "{}"),
            Property(
                name: "STRUCTURED-DATA", parameters: [Parameter("ENCODING", "BASE64"), .value(.binary), Parameter("FMTTYPE", "text/x")],
                value: "e30="),
        ])
        let json = JSCalendarDocument.object(for: original)
        XCTAssertEqual(json["links"]?.members.count, 1)
        guard case .array(let carried)? = json["iCalComponent"]?["properties"] else { return XCTFail(JSONText.compact(json)) }
        XCTAssertEqual(carried.count, 2)
        let link = try XCTUnwrap(json["links"]?["1"])
        XCTAssertEqual(link["href"], .string("data:application/ld+json;base64,InRydW5jYXRlZC4uLiIK"))
        XCTAssertEqual(link["contentType"], .string("application/ld+json"))
        XCTAssertEqual(link["iCalProperty"]?["parameters"]?["schema"], .string("https://schema.org/FlightReservation"))
        XCTAssertEqual(link["iCalProperty"]?["valueType"], .string("binary"))
        XCTAssertEqual(try JSCalendarDocument.calendar(for: json).calendar.losslessForm, original.losslessForm)
    }

    func testAParticipantsStructuredDataIsOneOfItsLinks() throws {
        let participant = Component(
            name: "PARTICIPANT",
            properties: [
                Property(name: "UID", value: "p"), Property(name: "PARTICIPANT-TYPE", value: "CONTACT"),
                Property(name: "STRUCTURED-DATA", parameters: [.value(.uri)], value: "http://dir.example.com/contact1.vcf"),
            ])
        let original = oneEventCalendar([], [participant])
        let json = JSCalendarDocument.object(for: original)
        XCTAssertEqual(json["participants"]?["1"]?["links"]?["1"]?["href"], .string("http://dir.example.com/contact1.vcf"))
        XCTAssertEqual(try JSCalendarDocument.calendar(for: json).calendar.losslessForm, original.losslessForm)
    }
}
