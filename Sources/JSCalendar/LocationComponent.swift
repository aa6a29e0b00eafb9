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

    /// The Location for a VLOCATION; nil when it would not come back as written.
    static func entry(for component: Component) -> JSONValue? {
        guard component.name == name else { return nil }
        var object = JSONObject(type: "Location")
        var carried: [Property] = []
        var lineStarts: [JSONMember] = []
        var links: [JSONMember] = []
        for property in component.properties {
            if let types = object[SetLines.locationTypes.member], let added = SetLines.locationTypes.adding(property, to: types) {
                object[SetLines.locationTypes.member] = added.set
                lineStarts.append(added.lineStart)
                continue
            }
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
        if !links.isEmpty { object["links"] = .object(links) }
        var specifics = ICalendarSpecifics.component(Component(name: name, properties: carried, components: component.components))
        if !lineStarts.isEmpty { specifics = specifics.setting("convertedProperties", .object(lineStarts)) }
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
        case "LOCATION-TYPE":
            let types = JSONValue.object([])
            return SetLines.locationTypes.adding(property, to: types).map { ("locationTypes", $0.set) }
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
            return SetLines.locationTypes.lines(for: member.value, converted: converted)
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
