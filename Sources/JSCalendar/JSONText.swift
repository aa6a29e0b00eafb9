import CalendarModel
import CalendarWebFormats
import JSONReading

/// JSCalendar JSON as people read it: two spaces a level, one member a line, members in the order
/// they were built (the order of the iCalendar lines they came from), strings escaped by `JSONOutput`.
enum JSONText {
    static func bytes(of value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        append(value, indent: 0, to: &out)
        out.append(0x0A)
        return out
    }

    /// The value on one line, as a JSPROP property carries it.
    static func compact(_ value: JSONValue) -> String {
        var out: [UInt8] = []
        append(value, indent: nil, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func append(_ value: JSONValue, indent: Int?, to out: inout [UInt8]) {
        switch value {
        case .string(let text): JSONOutput.appendQuoted(text, to: &out)
        case .number(let literal): out.append(utf8Of: literal)
        case .bool(let flag): out.append(utf8Of: flag ? "true" : "false")
        case .null: out.append(utf8Of: "null")
        case .array(let items):
            appendList(items.count, open: "[", close: "]", indent: indent, to: &out) { index, out in
                append(items[index], indent: indent.map { $0 + 1 }, to: &out)
            }
        case .object(let members):
            appendList(members.count, open: "{", close: "}", indent: indent, to: &out) { index, out in
                JSONOutput.appendQuoted(members[index].key, to: &out)
                out.append(utf8Of: indent == nil ? ":" : ": ")
                append(members[index].value, indent: indent.map { $0 + 1 }, to: &out)
            }
        }
    }

    private static func appendList(
        _ count: Int, open: String, close: String, indent: Int?, to out: inout [UInt8],
        _ item: (Int, inout [UInt8]) -> Void
    ) {
        out.append(utf8Of: open)
        guard count > 0 else { out.append(utf8Of: close); return }
        for index in 0..<count {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            if let indent { out.append(utf8Of: "\n" + String(repeating: "  ", count: indent + 1)) }
            item(index, &out)
        }
        if let indent { out.append(utf8Of: "\n" + String(repeating: "  ", count: indent)) }
        out.append(utf8Of: close)
    }
}

extension JSONValue {
    /// The member of an object with that key.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var members: [JSONMember] {
        if case .object(let members) = self { return members }
        return []
    }

    /// Equality as JSON means it: the order of an object's members does not count.
    func sameValue(as other: JSONValue) -> Bool {
        switch (self, other) {
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            return a.allSatisfy { member in b.contains { $0.key == member.key && $0.value.sameValue(as: member.value) } }
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.sameValue(as: $1) }
        default:
            return self == other
        }
    }
}

/// An object being built, members in the order they are set; setting a key again replaces it in place.
struct JSONObject {
    var members: [JSONMember] = []

    init(type: String? = nil) {
        if let type { members.append(JSONMember(key: "@type", value: .string(type))) }
    }

    init(_ members: [JSONMember]) {
        self.members = members
    }

    subscript(key: String) -> JSONValue? {
        get { members.first { $0.key == key }?.value }
        set {
            if let index = members.firstIndex(where: { $0.key == key }) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append(JSONMember(key: key, value: newValue))
            }
        }
    }

    var value: JSONValue { .object(members) }
}
