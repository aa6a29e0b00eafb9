import CalendarModel
import XCTest

/// Parameter values as RFC 5545 §3.1 and RFC 6868 have them: a backslash is a character (there is
/// no backslash escape in a parameter value), and `^n`, `^^` and `^'` are a line break, a caret and
/// a double quote, decoded on reading and encoded again on writing.
final class ParameterValueTests: XCTestCase {
    /// The event of a calendar holding `lines`, which must read without a problem.
    private func event(_ lines: [String]) throws -> Component {
        let text = crlf(
            [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN", "BEGIN:VEVENT", "UID:1@example.org",
                "DTSTAMP:20260101T000000Z", "DTSTART:20260105T090000Z",
            ] + lines + ["END:VEVENT", "END:VCALENDAR"])
        return try event(in: text)
    }

    private func event(in text: String) throws -> Component {
        let (calendar, diagnostics) = try readCalendar(path: try temporaryFile(text))
        XCTAssertEqual(diagnostics.filter { $0.severity != .notice }, [])
        return try XCTUnwrap(calendar.components.first)
    }

    /// The text calbridge writes for a calendar of `event`.
    private func writtenCalendar(of event: Component) -> String {
        String(
            decoding: written(
                Component(
                    name: "VCALENDAR",
                    properties: [
                        Property(name: "VERSION", value: "2.0"),
                        Property(name: "PRODID", value: "-//Test//EN"),
                    ],
                    components: [event])), as: UTF8.self)
    }

    /// What a reader takes from the event's lines, wherever they stood.
    private static func contents(_ event: Component) -> [String] {
        event.properties.map { "\($0.name) \($0.parameters.map { [$0.name] + $0.values }) \($0.value)" }
    }

    func testABackslashEndsNoParameterValueEarlyAndEscapesNothing() throws {
        let attendee = try XCTUnwrap(try event([#"ATTENDEE;CN=Y\:mailto:y@example.org"#])["ATTENDEE"])
        XCTAssertEqual(attendee.parameters.map(\.values), [[#"Y\"#]])
        XCTAssertEqual(attendee.value, "mailto:y@example.org")
    }

    func testAValueHoldingABackslashIsWrittenQuotedSoNoReaderTakesItForAnEscape() throws {
        let read = try event([#"ATTENDEE;CN=Y\:mailto:y@example.org"#, #"ORGANIZER;CN=Team\Berlin:mailto:team@example.org"#])
        let text = writtenCalendar(of: read)
        XCTAssertTrue(text.contains(#"ATTENDEE;CN="Y\":mailto:y@example.org"# + "\r\n"), text)
        XCTAssertTrue(text.contains(#"ORGANIZER;CN="Team\Berlin":mailto:team@example.org"# + "\r\n"), text)
        XCTAssertEqual(Self.contents(try event(in: text)), Self.contents(read))
    }

    func testCaretEscapesAreDecodedOnReadingAndWrittenBackAsRFC6868Says() throws {
        let read = try event([
            #"LOCATION;X-ADDRESS="Pittsburgh Pirates^n115 Federal St^nPittsburgh, PA 15212":PNC Park"#,
            #"ATTENDEE;CN="George Herman ^'Babe^' Ruth ^^ 1":mailto:babe@example.org"#,
        ])
        XCTAssertEqual(read["LOCATION"]?[parameter: "X-ADDRESS"], "Pittsburgh Pirates\n115 Federal St\nPittsburgh, PA 15212")
        XCTAssertEqual(read["ATTENDEE"]?[parameter: "CN"], #"George Herman "Babe" Ruth ^ 1"#)
        let text = writtenCalendar(of: read)
        XCTAssertTrue(text.contains(#"ATTENDEE;CN=George Herman ^'Babe^' Ruth ^^ 1:mailto:babe@example.org"# + "\r\n"), text)
        XCTAssertEqual(Self.contents(try event(in: text)), Self.contents(read))
    }
}
