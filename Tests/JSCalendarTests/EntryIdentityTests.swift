import CalendarModel
@testable import JSCalendar
import XCTest

/// A map entry's id survives iCalendar in a JSID parameter, and lines that would give two entries
/// one id are carried rather than written as JSON with a repeated key.
final class EntryIdentityTests: XCTestCase {
    func testAnIdThatIsNotAPlaceTravelsAsJSIDAndComesBack() throws {
        let original = oneEventCalendar([
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
        let original = oneEventCalendar([
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
