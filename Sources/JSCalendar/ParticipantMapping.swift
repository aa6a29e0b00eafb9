import CalendarModel
import JSONReading

/// What the properties of a PARTICIPANT and a VRESOURCE (RFC 9073 §7.1, §7.3) become in the
/// Participant object each converts to (draft-ietf-calext-jscalendar-icalendar-08 §2.2.1, §2.2.5
/// and the property sections they point to).
extension MappingTable {
    /// PARTICIPANT: CALENDAR-ADDRESS its `calendarAddress`, COMMENT its `participationComment` (one;
    /// a second is carried), DTSTAMP `scheduleUpdated`, SEQUENCE `scheduleSequence`, SUMMARY its
    /// `name`, PARTICIPANT-TYPE a role, PERCENT-COMPLETE `percentComplete` (-08's PERCENT-COMPLETE section).
    static let participant: [MemberMapping] = [
        .address("CALENDAR-ADDRESS", "calendarAddress"), .text("COMMENT", "participationComment"),
        .text("DESCRIPTION", "description"), .utcDateTime("DTSTAMP", "scheduleUpdated"), .integer("SEQUENCE", "scheduleSequence"),
        .text("SUMMARY", "name"), participantType, .integer("PERCENT-COMPLETE", "percentComplete"), .links, .locations,
    ]

    /// VRESOURCE: NAME its `name`; the Participant's `kind` is `resource` (see `ParticipantComponents`).
    static let resource: [MemberMapping] = [.text("NAME", "name"), .text("DESCRIPTION", "description"), .links, .locations]

    /// PARTICIPANT-TYPE (RFC 9073 §6.2) as the role its value names in lower case (-08's PARTICIPANT-TYPE section).
    static let participantType = MemberMapping(
        properties: ["PARTICIPANT-TYPE"], member: "roles",
        toJSON: { property in
            guard property.parameters.isEmpty, !property.value.isEmpty, property.value == property.value.uppercased() else { return nil }
            return .object([JSONMember(key: property.value.lowercased(), value: .bool(true))])
        },
        toProperty: { json in
            guard case .object(let roles) = json, roles.count == 1, roles[0].value == .bool(true) else { return nil }
            return Property(name: "PARTICIPANT-TYPE", value: roles[0].key.uppercased())
        })
}

extension MemberMapping {
    /// A CAL-ADDRESS (a URI) without parameters, as written.
    static func address(_ name: String, _ member: String) -> MemberMapping {
        MemberMapping(
            properties: [name], member: member,
            toJSON: { property in
                property.parameters.isEmpty ? .string(property.value) : nil
            },
            toProperty: { json in
                json.string.map { Property(name: name, value: $0) }
            })
    }
}
