import CalendarModel

/// The first thing two resources with one UID say differently, as a person reads it: an override
/// one side lacks, else the first property (in name order) of the first component that differs,
/// else a VTIMEZONE whose offsets differ.
enum SeriesDifference {
    static func first(source: VerifiedResource, target: VerifiedResource, zones: inout ZoneComparison) -> String {
        if let difference = first(source.series.components, target.series.components, within: nil) { return difference }
        let times = target.zoneTimes
        for tzid in Set(source.zones.keys).union(target.zones.keys).sorted()
        where !zones.agree(source: source.zones[tzid], target: target.zones[tzid], times: times[tzid]) {
            switch (source.zones[tzid], target.zones[tzid]) {
            case (nil, _):
                return "VTIMEZONE \(tzid) is only on the target, with offsets the tz database's \(tzid) does not give at the events' times"
            case (_, nil):
                return "VTIMEZONE \(tzid) is only on the source, with offsets the tz database's \(tzid) does not give at the events' times"
            default: return "VTIMEZONE \(tzid) gives other offsets on the target at the events' times"
            }
        }
        // The fingerprints differed, yet nothing does: two texts that shared a fingerprint's hash.
        return "the fingerprints differ although the contents agree"
    }

    /// The first difference among the components of one level, paired by name and RECURRENCE-ID.
    private static func first(_ source: [Component], _ target: [Component], within parent: String?) -> String? {
        let targetByKey = Dictionary(target.map { (key(of: $0), $0) }, uniquingKeysWith: { first, _ in first })
        let sourceKeys = Set(source.map(key))
        for component in source {
            let label = describe(component, within: parent)
            guard let other = targetByKey[key(of: component)] else { return "\(label) is missing on the target" }
            if let difference = firstProperty(component, other, label: label) { return difference }
            if let difference = first(component.components, other.components, within: label) { return difference }
        }
        return target.first { !sourceKeys.contains(key(of: $0)) }.map { "\(describe($0, within: parent)) is only on the target" }
    }

    private static func firstProperty(_ source: Component, _ target: Component, label: String) -> String? {
        let names = Set(source.properties.map(\.name)).union(target.properties.map(\.name)).sorted()
        for name in names {
            let held = source.all(name).map(contentLine), written = target.all(name).map(contentLine)
            guard held != written else { continue }
            return "\(label) \(name): \(shown(held)) on the source, \(shown(written)) on the target"
        }
        return nil
    }

    /// A component's name with its RECURRENCE-ID, so an override is told from its series; an
    /// alarm or other child is keyed by its whole content, having no identity of its own.
    private static func key(of component: Component) -> String {
        guard ["VEVENT", "VTODO", "VJOURNAL"].contains(component.name) else {
            return component.name + "\u{1}" + component.properties.map(contentLine).joined(separator: "\u{2}")
        }
        return component.name + "\u{1}" + (component["RECURRENCE-ID"].map(contentLine) ?? "")
    }

    private static func describe(_ component: Component, within parent: String?) -> String {
        let name = component["RECURRENCE-ID"].map { "\(component.name) override \($0.value)" } ?? component.name
        return parent.map { "\($0) \(name)" } ?? name
    }

    /// The value, after `;PARAM=…:` when it has parameters.
    private static func contentLine(_ property: Property) -> String {
        let parameters = property.parameters.map { ";\($0.name)=\($0.values.joined(separator: ","))" }.joined()
        return parameters.isEmpty ? property.value : parameters + ":" + property.value
    }

    private static func shown(_ lines: [String]) -> String {
        guard !lines.isEmpty else { return "absent" }
        let text = lines.joined(separator: " ")
        return "\"" + (text.count > 80 ? text.prefix(77) + "…" : text) + "\""
    }
}
