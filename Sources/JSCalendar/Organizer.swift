import JSONReading

/// RFC 8984 §4.4.4: an object whose participants include the owner says where replies go in
/// `replyTo`. The ORGANIZER line is that owner (see `MemberMapping.participants`), so its address is
/// the `replyTo` of an object made from iCalendar, and a `replyTo` that says no more than that is
/// left unsaid on the way back.
enum Organizer {
    static func replyTo(in object: JSONValue) -> JSONValue? {
        let owner = JSONValue.object([JSONMember(key: "owner", value: .bool(true))])
        return object["participants"]?.members.first { $0.value["roles"]?.sameValue(as: owner) == true }?.value["sendTo"]
    }
}
