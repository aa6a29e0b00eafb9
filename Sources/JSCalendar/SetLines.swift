import CalendarModel
import JSONReading

/// Lines of a text list that all make one JSCalendar set (`{"key": true}`): every CATEGORIES of a
/// component its `keywords` (draft-ietf-calext-jscalendar-icalendar-08 §2.3.8), every LOCATION-TYPE
/// of a VLOCATION its `locationTypes` (§2.3.26). Where a later line starts, `convertedProperties`
/// says so under the member's pointer and that line's first key, as -08 §5.1.1 lets a key point
/// into a member when nothing else keeps the lines, so that they come back as they were written.
struct SetLines {
    let line: String
    let member: String

    static let keywords = SetLines(line: "CATEGORIES", member: "keywords")
    static let locationTypes = SetLines(line: "LOCATION-TYPE", member: "locationTypes")

    /// A later line's keys added to `set`, and the `convertedProperties` entry that says where the
    /// line starts; nil when the line is not a plain list of new, distinct, non-empty keys.
    func adding(_ property: Property, to set: JSONValue) -> (set: JSONValue, lineStart: JSONMember)? {
        guard property.name == line, property.parameters.isEmpty, case .object(let members) = set else { return nil }
        let keys = property.textList
        guard let first = keys.first, !keys.contains(where: \.isEmpty), Set(keys).count == keys.count,
            !members.contains(where: { keys.contains($0.key) }),
            keys.map(TextEscaping.escape).joined(separator: ",") == property.value
        else { return nil }
        let added = members + keys.map { JSONMember(key: $0, value: .bool(true)) }
        return (.object(added), JSONMember(key: pointer(first), value: lineStart))
    }

    /// Whether `convertedProperties` splits the set into several lines.
    func splits(_ converted: JSONValue?) -> Bool {
        converted?.members.contains { $0.key.hasPrefix(member + "/") && $0.value.sameValue(as: lineStart) } ?? false
    }

    /// The lines a set says, a new one wherever `convertedProperties` says one starts.
    func lines(for set: JSONValue, converted: JSONValue?) -> [Property]? {
        guard case .object(let members) = set, !members.isEmpty, members.allSatisfy({ !$0.key.isEmpty && $0.value == .bool(true) })
        else { return nil }
        var lines: [[String]] = []
        for key in members.map(\.key) {
            if lines.isEmpty || converted?[pointer(key)]?.sameValue(as: lineStart) == true { lines.append([]) }
            lines[lines.count - 1].append(key)
        }
        return lines.map { Property(name: line, value: $0.map(TextEscaping.escape).joined(separator: ",")) }
    }

    private func pointer(_ key: String) -> String {
        member + "/" + ParameterLeftovers.step(key)
    }

    private var lineStart: JSONValue {
        .object([
            JSONMember(key: "@type", value: .string("ICalProperty")),
            JSONMember(key: "name", value: .string(line.lowercased())),
        ])
    }
}
