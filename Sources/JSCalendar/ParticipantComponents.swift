import CalendarModel
import JSONReading
import TimeZones

/// A PARTICIPANT or VRESOURCE component of an event or task (RFC 9073 §7.1, §7.3) as an entry of
/// its `participants`, and back (draft-ietf-calext-jscalendar-icalendar-08 §2.2.1, §2.2.5). What
/// the mapping does not convert travels in the Participant's own `iCalComponent`, a component is
/// converted only when the entry gives it back exactly, and a JSID property (-08 §2.1.3) names an
/// entry whose id is not its place.
enum ParticipantComponents {
    static let names: Set<String> = ["PARTICIPANT", "VRESOURCE"]

    /// NAME in a PARTICIPANT (the draft's NAME figure) is its `name` too; SUMMARY is the usual line,
    /// so one made from NAME says so in `convertedProperties`, as a DTEND made `duration` does.
    private static let nameLine = JSONValue.object([
        JSONMember(key: "@type", value: .string("ICalProperty")),
        JSONMember(key: "name", value: .string("name")),
    ])

    /// The entry a component converts to and the id its JSID property names; nil for a component
    /// that is none of these or would not come back as written.
    static func entry(for component: Component, zones: TimeZoneResolver) -> (json: JSONValue, id: String?)? {
        guard names.contains(component.name) else { return nil }
        var own = component
        let ids = own.all("JSID")
        guard ids.count <= 1, ids.allSatisfy({ $0.parameters.isEmpty && !$0.value.isEmpty }) else { return nil }
        own.properties.removeAll { $0.name == "JSID" }
        let fromName = own.name == "PARTICIPANT" && own.has("NAME") && !own.has("SUMMARY")
        var read = own
        if fromName { read.properties = own.properties.map { $0.name == "NAME" ? renamed($0, "SUMMARY") : $0 } }
        var json = ObjectFromComponent.object(for: read, zones: zones)
        if fromName {
            var specifics = json["iCalComponent"] ?? JSONObject(type: "ICalComponent").value.setting("name", .string("participant"))
            let converted = (specifics["convertedProperties"]?.members ?? []) + [JSONMember(key: "name", value: nameLine)]
            specifics = specifics.setting("convertedProperties", .object(converted))
            json = json.setting("iCalComponent", specifics)
        }
        if own.name == "VRESOURCE" { json = json.setting("kind", .string("resource")) }
        guard let back = self.component(for: json, zones: zones), back.losslessForm == own.losslessForm else { return nil }
        return (json, ids.first?.value)
    }

    /// The component an entry converts to: a VRESOURCE for one made from a VRESOURCE or a resource
    /// with no calendar address, else a PARTICIPANT; nil when the entry is not a Participant.
    static func component(for entry: JSONValue, zones: TimeZoneResolver) -> Component? {
        guard entry["@type"]?.string == "Participant" else { return nil }
        let specifics = entry["iCalComponent"]
        let isResource =
            specifics?["name"]?.string.map { $0.uppercased() == "VRESOURCE" }
            ?? (entry["kind"]?.string == "resource" && entry["calendarAddress"] == nil)
        var own = entry
        if isResource && entry["kind"]?.string == "resource" { own = own.removing("kind") }
        guard
            let made = try? ComponentFromObject.components(
                for: own, path: "$", zones: zones, named: isResource ? "VRESOURCE" : "PARTICIPANT"),
            made.count == 1, var component = made.first
        else { return nil }
        if !isResource, specifics?["convertedProperties"]?["name"]?.sameValue(as: nameLine) == true {
            component.properties = component.properties.map { $0.name == "SUMMARY" ? renamed($0, "NAME") : $0 }
        }
        return component
    }

    private static func renamed(_ property: Property, _ name: String) -> Property {
        Property(name: name, parameters: property.parameters, value: property.value)
    }
}
