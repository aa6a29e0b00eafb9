import CalendarModel
@testable import JSCalendar
import XCTest

/// A map entry's id survives iCalendar in a JSID parameter, and lines that would give two entries
/// one id are carried rather than written as JSON with a repeated key.
final class EntryIdentityTests: XCTestCase {
    private func calendar(_ attendees: [Property]) -> Component {
        Component(
            name: "VCALENDAR", properties: [Property(name: "VERSION", value: "2.0")],
            components: [
                Component(
                    name: "VEVENT",
                    properties: [
                        Property(name: "UID", value: "u"), Property(name: "DTSTAMP", value: "20260101T000000Z"),
                        Property(name: "DTSTART", value: "20260105T090000Z"),
                    ] + attendees)
            ])
    }

    func testAnIdThatIsNotAPlaceTravelsAsJSIDAndComesBack() throws {
        let original = calendar([
            Property(name: "ATTENDEE", parameters: [Parameter("CN", "Ann"), Parameter("JSID", "ann")], value: "mailto:ann@example.com"),
            // A parameter before the known ones keeps the line from converting: it is carried whole, JSID and all.
            Property(
                name: "ATTENDEE", parameters: [Parameter("X-SEAT", "4"), Parameter("CN", "Bob"), Parameter("JSID", "bob")],
                value: "mailto:bob@example.com"),
        ])
        let json = JSCalendarDocument.object(for: original)
        XCTAssertEqual(json["participants"]?["ann"]?["name"], .string("Ann"))
        XCTAssertEqual(try JSCalendarDocument.calendar(for: json).calendar.losslessForm, original.losslessForm)
    }

    func testTwoLinesThatWouldShareAnIdKeepTheSecondAsWritten() throws {
        let original = calendar([
            Property(name: "ATTENDEE", parameters: [Parameter("JSID", "2")], value: "mailto:ann@example.com"),
            Property(name: "ATTENDEE", value: "mailto:bob@example.com"),
        ])
        let json = JSCalendarDocument.object(for: original)
        XCTAssertEqual(json["participants"]?.members.map(\.key), ["2"])
        let text = try XCTUnwrap(JSONText.bytes(of: json) as [UInt8]?)
        XCTAssertNoThrow(try JSCalendarReading.read(text, path: "x.jscal"), "no repeated key")
        XCTAssertEqual(try JSCalendarReading.read(text, path: "x.jscal").calendar.losslessForm, original.losslessForm)
    }
}
