import CalendarModel
import JSONReading
import TimeZones

/// A calendar's events and tasks as entries of a Group: an override (a component with RECURRENCE-ID)
/// becomes a patch in its master's `recurrenceOverrides` (RFC 8984 §4.3.5) when the patch gives the
/// override back exactly and touches nothing a patch may not; otherwise it stays an entry of its own,
/// with its `recurrenceId`, as RFC 8984 §4.3.1 allows.
enum SeriesEntries {
    /// What an override's patch may not change (RFC 8984 §4.3.5).
    private static let unpatchable: Set<String> = [
        "@type", "excludedRecurrenceRules", "method", "privacy", "prodId", "recurrenceId", "recurrenceIdTimeZone",
        "recurrenceOverrides", "recurrenceRules", "relatedTo", "replyTo", "sentBy", "timeZones", "uid",
    ]

    static func entries(of items: [Component], zones: TimeZoneResolver) -> [JSONValue] {
        var objects = items.map { ObjectFromComponent.object(for: $0, zones: zones) }
        var masters: [String: Int] = [:]
        for (index, item) in items.enumerated() where !item.has("RECURRENCE-ID") {
            if let uid = objects[index]["uid"]?.string, masters[uid] == nil { masters[uid] = index }
        }
        var merged = Set<Int>()
        for (index, item) in items.enumerated() where item.has("RECURRENCE-ID") {
            guard let uid = objects[index]["uid"]?.string, let master = masters[uid],
                let patch = patch(turning: objects[master], into: objects[index], expecting: item, zones: zones)
            else { continue }
            var overrides = JSONObject(objects[master]["recurrenceOverrides"]?.members ?? [])
            overrides[patch.key] = patch.value
            objects[master] = objects[master].setting("recurrenceOverrides", overrides.value)
            merged.insert(index)
        }
        return objects.indices.filter { !merged.contains($0) }.map { objects[$0] }
    }

    private static func patch(
        turning master: JSONValue, into override: JSONValue, expecting item: Component,
        zones: TimeZoneResolver
    ) -> JSONMember? {
        guard let key = override["recurrenceId"]?.string, master["recurrenceOverrides"]?[key] == nil else { return nil }
        let base = masterBase(master, at: key)
        let patch = JSONValue.object(override.removing("recurrenceId").removing("recurrenceIdTimeZone").patch(from: base))
        guard !patch.members.contains(where: { unpatchable.contains(String($0.key.prefix { $0 != "/" })) }),
            patch.members != [], !patch.sameValue(as: .object([JSONMember(key: "excluded", value: .bool(true))])),
            let patched = try? base.patched(with: patch, path: "$").setting("recurrenceId", .string(key)),
            let back = try? ComponentFromObject.components(for: patched, path: "$", zones: zones),
            back.count == 1, back[0].losslessForm == item.losslessForm
        else { return nil }
        return JSONMember(key: key, value: patch)
    }

    /// The master as an override at `key` patches it: without the members that make the series,
    /// starting at the occurrence (RFC 8984 §4.3.5: an override starts at its recurrence id unless
    /// it patches `start`).
    static func masterBase(_ master: JSONValue, at key: String) -> JSONValue {
        let base = master.removing("recurrenceRules").removing("excludedRecurrenceRules").removing("recurrenceOverrides")
        return base["start"] == nil ? base : base.setting("start", .string(key))
    }
}

extension Component {
    /// The component as the round trip promises to keep it: properties of one name in their order
    /// (names in sorted order), children the same way, and children compared as a collection, since a
    /// Group puts overrides with their master and carried components before the entries.
    package var losslessForm: LosslessComponent {
        let children = components.map(\.losslessForm).sorted { $0.sortKey < $1.sortKey }
        let names = Set(properties.map(\.name)).sorted()
        return LosslessComponent(
            name: name, properties: names.flatMap { name in properties.filter { $0.name == name } }, components: children)
    }
}

/// A component in the form `losslessForm` compares.
package struct LosslessComponent: Equatable {
    package var name: String
    package var properties: [Property]
    package var components: [LosslessComponent]

    var sortKey: String {
        name + "\u{1}"
            + properties.map { "\($0.name);\($0.parameters.map { "\($0.name)=\($0.values)" });\($0.value)" }.joined(separator: "\u{2}")
    }
}
