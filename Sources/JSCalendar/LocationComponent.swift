import CalendarModel
import JSONReading

/// A VLOCATION (RFC 9073 §7.2) in an event or task as a Location in its `locations`
/// (draft-ietf-calext-jscalendar-icalendar-08 §2.2.4): NAME its `name`, GEO its `coordinates` (a
/// geo: URI, as for a GEO line), DESCRIPTION its `description`; the component's other lines (its
/// UID, LOCATION-TYPE, STRUCTURED-DATA…) and subcomponents ride in the Location's `iCalComponent`,
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
        for property in component.properties {
            guard let (member, value) = member(for: property), object[member] == nil else {
                carried.append(property)
                continue
            }
            object[member] = value
        }
        object["iCalComponent"] = ICalendarSpecifics.component(Component(name: name, properties: carried, components: component.components))
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
            guard let line = line(for: member) else { return nil }
            lines.append(line)
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

    private static func line(for member: JSONMember) -> Property? {
        switch member.key {
        case "name", "description":
            return member.value.string.map { Property(name: member.key == "name" ? "NAME" : "DESCRIPTION", value: TextEscaping.escape($0)) }
        case "coordinates":
            let placed = JSONValue.object([JSONMember(key: "@type", value: .string("Location")), member])
            return MemberMapping.locations.property(exactlyFor: placed)
        default:
            return nil
        }
    }
}
