import CalendarModel
import JSONReading

/// A VLOCATION (RFC 9073 §7.2) in an event or task as a Location in its `locations`
/// (draft-ietf-calext-jscalendar-icalendar-08 §2.2.4): NAME its `name`, GEO its `coordinates` (a
/// geo: URI, as for a GEO line), DESCRIPTION its `description`, every LOCATION-TYPE its
/// `locationTypes` (-08 §2.3.26), its ATTACH, IMAGE, LINK and STRUCTURED-DATA lines its `links`;
/// the component's other lines (its UID…) and subcomponents ride in the Location's `iCalComponent`,
/// named `vlocation`, which also says, back, that the Location is a VLOCATION and not a line.
/// A VLOCATION converts only when the Location gives it back as written (line order aside, as
/// everywhere: see `losslessForm`).
enum LocationComponent {
    static let name = "VLOCATION"
    private static let typeLine = "LOCATION-TYPE"

    /// The Location for a VLOCATION; nil when it would not come back as written.
    static func entry(for component: Component) -> JSONValue? {
        guard component.name == name else { return nil }
        var object = JSONObject(type: "Location")
        var carried: [Property] = []
        var types = LocationTypes()
        var links: [JSONMember] = []
        for property in component.properties {
            if property.name == typeLine, types.add(property) { continue }
            if MemberMapping.links.properties.contains(property.name), let link = MemberMapping.links.json(exactlyFor: property) {
                links.append(JSONMember(key: String(links.count + 1), value: link))
                continue
            }
            guard let (member, value) = member(for: property), object[member] == nil else {
                carried.append(property)
                continue
            }
            object[member] = value
        }
        if !types.keys.isEmpty { object["locationTypes"] = .object(types.keys.map { JSONMember(key: $0, value: .bool(true)) }) }
        if !links.isEmpty { object["links"] = .object(links) }
        var specifics = ICalendarSpecifics.component(Component(name: name, properties: carried, components: component.components))
        if !types.lineStarts.isEmpty { specifics = specifics.setting("convertedProperties", .object(types.lineStarts)) }
        object["iCalComponent"] = specifics
        let entry = object.value
        guard let back = try? self.component(for: entry), back.losslessForm == component.losslessForm else { return nil }
        return entry
    }

    /// The VLOCATION a Location made from one says; nil for any other Location.
    static func component(for entry: JSONValue) throws(JSCalendarProblem) -> Component? {
        guard let specifics = entry["iCalComponent"], specifics["name"]?.string == "vlocation" else { return nil }
        var component = try ICalendarSpecifics.component(from: specifics, path: "$.iCalComponent")
        var lines: [Property] = []
        for member in entry.members where !["@type", "iCalComponent"].contains(member.key) {
            guard let said = self.lines(for: member, converted: specifics["convertedProperties"]) else { return nil }
            lines += said
        }
        component.name = name
        component.properties = lines + component.properties
        return component
    }

    private static func member(for property: Property) -> (String, JSONValue)? {
        switch property.name {
        case "NAME", "DESCRIPTION":
            guard property.parameters.isEmpty, TextEscaping.escape(property.text) == property.value else { return nil }
            return (property.name == "NAME" ? "name" : "description", .string(property.text))
        case "GEO":
            return MemberMapping.locations.json(exactlyFor: property)?["coordinates"].map { ("coordinates", $0) }
        default:
            return nil
        }
    }

    private static func lines(for member: JSONMember, converted: JSONValue?) -> [Property]? {
        switch member.key {
        case "name", "description":
            return member.value.string.map {
                [Property(name: member.key == "name" ? "NAME" : "DESCRIPTION", value: TextEscaping.escape($0))]
            }
        case "coordinates":
            let placed = JSONValue.object([JSONMember(key: "@type", value: .string("Location")), member])
            return MemberMapping.locations.property(exactlyFor: placed).map { [$0] }
        case "locationTypes":
            return LocationTypes.lines(for: member.value, converted: converted)
        case "links":
            // Made from lines, the links are keyed by their places; any other key is no line's.
            var lines: [Property] = []
            for (index, link) in member.value.members.enumerated() {
                guard link.key == String(index + 1), let line = MemberMapping.links.property(exactlyFor: link.value) else { return nil }
                lines.append(line)
            }
            return lines.isEmpty ? nil : lines
        default:
            return nil
        }
    }
}

/// A VLOCATION's LOCATION-TYPE lines (RFC 9073 §6.1) as one set, `locationTypes` (-08 §2.3.26: all of
/// them convert to it). Where a second line starts, the VLOCATION's `convertedProperties` says so
/// under `locationTypes/` and its first type, as -08 §5.1.1 lets a key point into a member when
/// there is no other way to keep the lines, so that they come back as written.
struct LocationTypes {
    private(set) var keys: [String] = []
    private(set) var lineStarts: [JSONMember] = []

    private static let lineStart = JSONValue.object([
        JSONMember(key: "@type", value: .string("ICalProperty")),
        JSONMember(key: "name", value: .string("location-type")),
    ])

    /// Adds a line's types; false, adding nothing, for one that cannot be said so.
    mutating func add(_ property: Property) -> Bool {
        let types = property.textList
        guard property.parameters.isEmpty, !types.isEmpty, !types.contains(where: \.isEmpty),
            Set(types).count == types.count, !types.contains(where: keys.contains)
        else { return false }
        if !keys.isEmpty { lineStarts.append(JSONMember(key: "locationTypes/" + ParameterLeftovers.step(types[0]), value: Self.lineStart)) }
        keys += types
        return true
    }

    /// The lines a `locationTypes` set says, split where `convertedProperties` says a line starts.
    static func lines(for json: JSONValue, converted: JSONValue?) -> [Property]? {
        guard case .object(let members) = json, !members.isEmpty, members.allSatisfy({ $0.value == .bool(true) }) else { return nil }
        var lines: [[String]] = []
        for member in members {
            let starts = converted?["locationTypes/" + ParameterLeftovers.step(member.key)]?.sameValue(as: lineStart) == true
            if lines.isEmpty || starts { lines.append([]) }
            lines[lines.count - 1].append(member.key)
        }
        return lines.map { Property(name: "LOCATION-TYPE", value: $0.map(TextEscaping.escape).joined(separator: ",")) }
    }
}
