import CalendarModel
import JSONReading

/// How one iCalendar property and one JSCalendar member stand for each other (RFC 8984 and
/// draft-ietf-calext-jscalendar-icalendar). Both directions are used to check the other: a property
/// is converted only when converting it back gives the very same property, and a member only when it
/// comes back the same value, so whatever does not travel exactly is carried instead (see
/// `ICalendarSpecifics`), and a round trip loses nothing.
struct MemberMapping: Sendable {
    /// The iCalendar property names this member is made from.
    var properties: [String]
    /// The JSCalendar member.
    var member: String
    /// Whether each property is one entry of a map under `member` (participants, locations…) rather
    /// than the member's whole value.
    var isEntry = false
    /// Whether each entry's key is its line's value (relatedTo's UIDs) rather than its place; the
    /// entry is then made and checked with the value left empty.
    var isKeyedByValue = false
    /// The parameters the mapping says in JSCalendar terms; others a line ends with travel in the
    /// object's `convertedProperties` (see `ParameterLeftovers`).
    var parameters: Set<String> = []
    var toJSON: @Sendable (Property) -> JSONValue?
    var toProperty: @Sendable (JSONValue) -> Property?

    /// The member, when `property` converts to it and back unchanged.
    func json(exactlyFor property: Property) -> JSONValue? {
        guard let json = toJSON(property), toProperty(json) == property else { return nil }
        return json
    }

    /// The property, when `json` converts to it and back unchanged.
    func property(exactlyFor json: JSONValue) -> Property? {
        guard let property = toProperty(json), let back = toJSON(property), back.sameValue(as: json) else { return nil }
        return property
    }
}

extension MemberMapping {
    /// TEXT without parameters, as a string.
    static func text(_ name: String, _ member: String) -> MemberMapping {
        MemberMapping(
            properties: [name], member: member,
            toJSON: { property in
                property.parameters.isEmpty ? .string(property.text) : nil
            },
            toProperty: { json in
                json.string.map { Property(name: name, value: TextEscaping.escape($0)) }
            })
    }

    /// A value from a closed set, written in lower case in JSCalendar (`CONFIRMED` → `confirmed`).
    static func keyword(_ name: String, _ member: String, _ pairs: [(String, String)]) -> MemberMapping {
        MemberMapping(
            properties: [name], member: member,
            toJSON: { property in
                guard property.parameters.isEmpty, let pair = pairs.first(where: { $0.0 == property.value }) else { return nil }
                return .string(pair.1)
            },
            toProperty: { json in
                guard let pair = pairs.first(where: { $0.1 == json.string }) else { return nil }
                return Property(name: name, value: pair.0)
            })
    }

    static func integer(_ name: String, _ member: String) -> MemberMapping {
        MemberMapping(
            properties: [name], member: member,
            toJSON: { property in
                guard property.parameters.isEmpty, let number = Int(property.value), String(number) == property.value else { return nil }
                return .number(property.value)
            },
            toProperty: { json in
                guard case .number(let literal) = json, let number = Int(literal) else { return nil }
                return Property(name: name, value: String(number))
            })
    }

    /// A UTC date-time (`20260105T090000Z` ↔ `2026-01-05T09:00:00Z`, RFC 8984's UTCDateTime).
    static func utcDateTime(_ name: String, _ member: String) -> MemberMapping {
        MemberMapping(
            properties: [name], member: member,
            toJSON: { property in
                guard property.parameters.isEmpty, case .utc(let time)? = DateValue(icalendar: property.value) else { return nil }
                return .string(time.isoFormat + "Z")
            },
            toProperty: { json in
                guard let text = json.string, text.hasSuffix("Z"), let time = LocalDateTimeText.read(String(text.dropLast())) else {
                    return nil
                }
                return Property(name: name, value: DateValue.utc(time).icalendarText)
            })
    }

    /// CATEGORIES as a set of keywords (`{"work": true}`).
    static let keywords = MemberMapping(
        properties: ["CATEGORIES"], member: "keywords",
        toJSON: { property in
            guard property.parameters.isEmpty else { return nil }
            return .object(property.textList.map { JSONMember(key: $0, value: .bool(true)) })
        },
        toProperty: { json in
            guard case .object(let members) = json, !members.isEmpty, members.allSatisfy({ $0.value == .bool(true) }) else { return nil }
            return Property(name: "CATEGORIES", value: members.map { TextEscaping.escape($0.key) }.joined(separator: ","))
        })
}

/// RFC 8984's LocalDateTime, `2026-01-05T09:00:00`.
enum LocalDateTimeText {
    static func read(_ text: String) -> LocalDateTime? {
        let bytes = Array(text.utf8)
        guard bytes.count == 19, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":")
        else { return nil }
        let basic = String(decoding: bytes[0..<4] + bytes[5..<7] + bytes[8..<13] + bytes[14..<16] + bytes[17..<19], as: UTF8.self)
        guard case .floating(let time)? = DateValue(icalendar: basic) else { return nil }
        return time
    }
}
