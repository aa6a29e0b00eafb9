import CalendarModel
@testable import JSCalendar
import JSONReading
import XCTest

/// A VLOCATION (RFC 9073 §7.2) becomes a Location, NAME its name and GEO its coordinates, its other
/// lines in the Location's iCalComponent (draft-ietf-calext-jscalendar-icalendar-08 §2.2.4,
/// ical-prop-geo-vlocation), and comes back as the component it was, after the LOCATION lines.
final class LocationComponentTests: XCTestCase {
    func testAVLocationIsALocationAndComesBackAsOne() throws {
        // RFC 9073 §7.2's example, with the GEO of -08's figure.
        let vlocation = Component(
            name: "VLOCATION",
            properties: [
                Property(name: "UID", value: "123456-abcdef-98765432"), Property(name: "NAME", value: "Eiffel Tower"),
                Property(name: "GEO", value: "48.858222;2.2945"), Property(name: "LOCATION-TYPE", value: "hotel,restaurant"),
            ])
        let original = Component(
            name: "VCALENDAR", properties: [Property(name: "VERSION", value: "2.0")],
            components: [
                Component(
                    name: "VEVENT",
                    properties: [
                        Property(name: "UID", value: "u"), Property(name: "DTSTAMP", value: "20260101T000000Z"),
                        Property(name: "DTSTART", value: "20260105T090000Z"), Property(name: "LOCATION", value: "Paris"),
                    ],
                    components: [vlocation])
            ])
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
}
