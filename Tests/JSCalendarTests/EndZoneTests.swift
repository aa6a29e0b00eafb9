import CalendarModel
@testable import JSCalendar
import JSONReading
import XCTest

/// A DTEND in another zone than DTSTART becomes the duration between the two instants and a
/// Location with `relativeTo: "end"` and the end's zone (draft-ietf-calext-jscalendar-icalendar-08
/// §2.3.14, ical-prop-dtend-different-tzid), and comes back as written, whichever line came first.
final class EndZoneTests: XCTestCase {
    private func calendar(_ lines: [Property]) -> Component {
        Component(
            name: "VCALENDAR", properties: [Property(name: "VERSION", value: "2.0")],
            components: [
                Component(
                    name: "VEVENT",
                    properties: [Property(name: "UID", value: "u"), Property(name: "DTSTAMP", value: "20260101T000000Z")] + lines)
            ])
    }

    private let start = Property(name: "DTSTART", parameters: [Parameter("TZID", "Europe/Berlin")], value: "20241017T130005")
    private let end = Property(name: "DTEND", parameters: [Parameter("TZID", "Asia/Bangkok")], value: "20241018T020325")

    func testADTENDInAnotherZoneIsTheDurationBetweenTheInstantsAndAnEndLocation() throws {
        let original = calendar([start, end, Property(name: "LOCATION", value: "BER")])
        let json = JSCalendarDocument.object(for: original)
        // 11:00:05Z to 19:03:25Z.
        XCTAssertEqual(json["duration"], .string("PT8H3M20S"))
        XCTAssertEqual(json["locations"]?["1"]?["name"], .string("BER"))
        XCTAssertEqual(json["locations"]?["2"]?["timeZone"], .string("Asia/Bangkok"))
        XCTAssertEqual(json["locations"]?["2"]?["relativeTo"], .string("end"))
        let back = try JSCalendarDocument.calendar(for: json).calendar
        XCTAssertEqual(back.losslessForm, original.losslessForm)
        XCTAssertFalse(back.components[0].has("JSPROP"))
    }

    func testTheEndLocationLeavesTheOtherLocationsTheirPlaces() throws {
        let original = calendar([start, end, Property(name: "LOCATION", value: "BER"), Property(name: "LOCATION", value: "BKK")])
        let json = JSCalendarDocument.object(for: original)
        XCTAssertEqual(json["locations"]?.members.map(\.key), ["1", "2", "3"])
        let back = try JSCalendarDocument.calendar(for: json).calendar
        XCTAssertEqual(back.losslessForm, original.losslessForm)
        XCTAssertFalse(back.components[0].all("LOCATION").contains { $0[parameter: "JSID"] != nil })
    }
}
