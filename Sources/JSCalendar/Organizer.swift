import JSONReading

/// RFC 8984 §4.4.4: an object whose participants include the owner says where replies go in
/// `replyTo`. The ORGANIZER line is that owner (see `MemberMapping.participants`), and its address,
/// the owner's `calendarAddress`, is the `replyTo` of an object made from iCalendar: `imip` for a
/// mailto: address, else `other` (draft-ietf-calext-jscalendar-icalendar-08 §2.3.29). A `replyTo`
/// that says no more than that is left unsaid on the way back.
enum Organizer {
    static func replyTo(in object: JSONValue) -> JSONValue? {
        let owner = object["participants"]?.members.first { $0.value["roles"]?["owner"] == .bool(true) }?.value
        guard let address = owner?["calendarAddress"]?.string else { return nil }
        let method = address.lowercased().hasPrefix("mailto:") ? "imip" : "other"
        return .object([JSONMember(key: method, value: .string(address))])
    }
}
