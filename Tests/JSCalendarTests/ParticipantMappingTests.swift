import CalendarModel
@testable import JSCalendar
import JSONReading
import XCTest

/// PARTICIPANT and VRESOURCE components (RFC 9073) as Participants, and the ORGANIZER, ATTENDEE and
/// PARTICIPANT of one address as one, both ways (draft-ietf-calext-jscalendar-icalendar-08 §2.2.1,
/// §2.2.5, §2.3.4, §2.3.29). The lines are written as RFC 9073 §7.1 and §7.3's examples write them.
final class ParticipantMappingTests: XCTestCase {
    private func participants(of calendar: Component) -> [JSONMember] {
        JSCalendarDocument.object(for: calendar)["participants"]?.members ?? []
    }

    func testAParticipantAndAResourceBecomeParticipantsAndComeBackAsWritten() throws {
        let speaker = Component(
            name: "PARTICIPANT",
            properties: [
                Property(name: "UID", value: "p-1"), Property(name: "PARTICIPANT-TYPE", value: "SPEAKER"),
                Property(name: "NAME", value: "Ann"),
                Property(name: "COMMENT", value: "Slides follow"), Property(name: "DTSTAMP", value: "20260102T100000Z"),
                Property(name: "SEQUENCE", value: "2"),
            ])
        let projector = Component(
            name: "VRESOURCE", properties: [Property(name: "UID", value: "r-1"), Property(name: "NAME", value: "Projector")])
        let original = oneEventCalendar([], [speaker, projector])
        let entries = participants(of: original)
        XCTAssertEqual(entries.map(\.key), ["1", "2"])
        XCTAssertEqual(entries[0].value["name"], .string("Ann"))
        XCTAssertEqual(entries[0].value["roles"], .object([JSONMember(key: "speaker", value: .bool(true))]))
        XCTAssertEqual(entries[0].value["participationComment"], .string("Slides follow"))
        XCTAssertEqual(entries[0].value["scheduleUpdated"], .string("2026-01-02T10:00:00Z"))
        XCTAssertEqual(entries[0].value["scheduleSequence"], .number("2"))
        XCTAssertEqual(entries[1].value["kind"], .string("resource"))
        XCTAssertEqual(entries[1].value["name"], .string("Projector"))
        let back = try JSCalendarDocument.calendar(for: JSCalendarDocument.object(for: original)).calendar
        XCTAssertEqual(back.losslessForm, original.losslessForm)
    }

    func testAnOrganizerWhoAttendsIsOneParticipantAndComesBackAsBothLines() throws {
        let original = oneEventCalendar([
            Property(name: "ORGANIZER", parameters: [Parameter("CN", "Jane")], value: "mailto:jane@example.com"),
            Property(
                name: "ATTENDEE", parameters: [Parameter("CN", "Jane"), Parameter("PARTSTAT", "ACCEPTED")], value: "mailto:jane@example.com"
            ),
            Property(name: "ATTENDEE", value: "mailto:bob@example.com"),
        ])
        let object = JSCalendarDocument.object(for: original)
        let entries = participants(of: original)
        XCTAssertEqual(entries.map(\.key), ["1", "2"])
        XCTAssertEqual(
            entries[0].value["roles"],
            .object([JSONMember(key: "attendee", value: .bool(true)), JSONMember(key: "owner", value: .bool(true))]))
        XCTAssertEqual(entries[0].value["calendarAddress"], .string("mailto:jane@example.com"))
        XCTAssertEqual(object["replyTo"], .object([JSONMember(key: "imip", value: .string("mailto:jane@example.com"))]))
        XCTAssertEqual(
            object["iCalComponent"]?["convertedProperties"]?["replyTo"]?["parameters"],
            .object([JSONMember(key: "cn", value: .string("Jane"))]))
        let back = try JSCalendarDocument.calendar(for: object).calendar
        XCTAssertEqual(back.losslessForm, original.losslessForm)
    }

    func testAnAttendeeAndItsParticipantComponentAreOneParticipant() throws {
        let details = Component(
            name: "PARTICIPANT",
            properties: [
                Property(name: "UID", value: "p-2"), Property(name: "CALENDAR-ADDRESS", value: "mailto:bob@example.com"),
                Property(name: "PARTICIPANT-TYPE", value: "CONTACT"),
            ])
        let original = oneEventCalendar(
            [Property(name: "ATTENDEE", parameters: [Parameter("PARTSTAT", "TENTATIVE")], value: "mailto:bob@example.com")], [details])
        let entries = participants(of: original)
        XCTAssertEqual(entries.count, 1)
        XCTAssertEqual(
            entries[0].value["roles"],
            .object([JSONMember(key: "attendee", value: .bool(true)), JSONMember(key: "contact", value: .bool(true))]))
        XCTAssertEqual(entries[0].value["participationStatus"], .string("tentative"))
        let back = try JSCalendarDocument.calendar(for: JSCalendarDocument.object(for: original)).calendar
        XCTAssertEqual(back.losslessForm, original.losslessForm)
    }

    func testLinesOfOneAddressThatSayTheSameMemberStayApart() throws {
        let named = Component(
            name: "PARTICIPANT",
            properties: [
                Property(name: "CALENDAR-ADDRESS", value: "mailto:bob@example.com"), Property(name: "SUMMARY", value: "Robert"),
            ])
        let original = oneEventCalendar(
            [Property(name: "ATTENDEE", parameters: [Parameter("CN", "Bob")], value: "mailto:bob@example.com")], [named])
        XCTAssertEqual(participants(of: original).count, 2)
        let back = try JSCalendarDocument.calendar(for: JSCalendarDocument.object(for: original)).calendar
        XCTAssertEqual(back.losslessForm, original.losslessForm)
    }

    func testAParticipantThatIsNoLineIsAParticipantComponentThatKeepsItsId() throws {
        let json = JSONValue.object([
            JSONMember(key: "@type", value: .string("Event")), JSONMember(key: "uid", value: .string("u")),
            JSONMember(
                key: "participants",
                value: .object([
                    JSONMember(
                        key: "p7",
                        value: .object([
                            JSONMember(key: "@type", value: .string("Participant")), JSONMember(key: "name", value: .string("Ann")),
                            JSONMember(key: "scheduleUpdated", value: .string("2026-01-02T10:00:00Z")),
                        ]))
                ])),
        ])
        let calendar = try JSCalendarDocument.calendar(for: json).calendar
        let participant = try XCTUnwrap(calendar.components.first?.components.first)
        XCTAssertEqual(
            participant.properties,
            [
                Property(name: "SUMMARY", value: "Ann"), Property(name: "DTSTAMP", value: "20260102T100000Z"),
                Property(name: "JSID", value: "p7"),
            ])
        XCTAssertTrue(JSCalendarDocument.object(for: calendar)["participants"]?.sameValue(as: json["participants"] ?? .null) == true)
    }
}
