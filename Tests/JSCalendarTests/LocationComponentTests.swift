import CalendarModel
@testable import JSCalendar
import JSONReading
import XCTest

/// A VLOCATION (RFC 9073 §7.2) becomes a Location, NAME its name, GEO its coordinates, LOCATION-TYPE
/// its locationTypes and STRUCTURED-DATA a link, its other lines in the Location's iCalComponent
/// (draft-ietf-calext-jscalendar-icalendar-08 §2.2.4, ical-prop-geo-vlocation, ical-prop-location-type,
/// ical-comp-vlocation), and comes back as the component it was, after the LOCATION lines.
final class LocationComponentTests: XCTestCase {
    func testAVLocationIsALocationAndComesBackAsOne() throws {
        // RFC 9073 §7.2's example, with the GEO of -08's figure.
        let vlocation = Component(
            name: "VLOCATION",
            properties: [
                Property(name: "UID", value: "123456-abcdef-98765432"), Property(name: "NAME", value: "Eiffel Tower"),
                Property(name: "GEO", value: "48.858222;2.2945"), Property(name: "LOCATION-TYPE", value: "hotel,restaurant"),
            ])
        let original = oneEventCalendar([Property(name: "LOCATION", value: "Paris")], [vlocation])
        let json = JSCalendarDocument.object(for: original)
        XCTAssertEqual(json["locations"]?["1"]?["name"], .string("Paris"))
        XCTAssertEqual(json["locations"]?["2"]?["name"], .string("Eiffel Tower"))
        XCTAssertEqual(json["locations"]?["2"]?["coordinates"], .string("geo:48.858222,2.2945"))
        XCTAssertEqual(json["locations"]?["2"]?["iCalComponent"]?["name"], .string("vlocation"))
        XCTAssertNil(json["iCalComponent"]?["components"])
        let back = try JSCalendarDocument.calendar(for: json).calendar
        XCTAssertEqual(back.losslessForm, original.losslessForm)
        XCTAssertFalse(back.components[0].has("JSPROP"))
    }

    func testLocationTypeLinesAreOneSetAndStructuredDataALinkAndTheyComeBackAsWritten() throws {
        // -08's ical-prop-location-type and ical-comp-vlocation figures, in one VLOCATION.
        let vlocation = Component(
            name: "VLOCATION",
            properties: [
                Property(name: "UID", value: "4954DC22-5BD6-4E98-844D-0302982F54AC"), Property(name: "NAME", value: "The venue"),
                Property(name: "LOCATION-TYPE", value: "hotel,restaurant"), Property(name: "LOCATION-TYPE", value: "bar"),
                Property(name: "STRUCTURED-DATA", parameters: [.value(.uri)], value: "http://dir.example.com/venues/big-hall.vcf"),
            ])
        let original = oneEventCalendar([], [vlocation])
        let json = JSCalendarDocument.object(for: original)
        let location = try XCTUnwrap(json["locations"]?["1"])
        XCTAssertEqual(location["locationTypes"]?.members.map(\.key), ["hotel", "restaurant", "bar"])
        XCTAssertEqual(location["links"]?["1"]?["href"], .string("http://dir.example.com/venues/big-hall.vcf"))
        XCTAssertEqual(location["links"]?["1"]?["iCalProperty"]?["name"], .string("structured-data"))
        XCTAssertEqual(location["iCalComponent"]?["convertedProperties"]?.members.map(\.key), ["locationTypes/bar"])
        guard case .array(let carried)? = location["iCalComponent"]?["properties"] else { return XCTFail(JSONText.compact(location)) }
        XCTAssertEqual(carried.count, 1)
        let back = try JSCalendarDocument.calendar(for: json).calendar
        XCTAssertEqual(back.losslessForm, original.losslessForm)
        XCTAssertEqual(back.components[0].components[0].all("LOCATION-TYPE").map(\.value), ["hotel,restaurant", "bar"])
    }
}
