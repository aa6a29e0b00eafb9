import CalendarModel
import OrderedCollections

/// One resource as a store keeps it: a whole VCALENDAR holding one series (the master and its
/// overrides, everything with one UID) and the VTIMEZONEs it uses, so a series is never split.
package struct CalendarResource: Hashable, Sendable {
    package var uid: String
    package var calendar: Component
}

/// Splits a calendar into one resource per UID, the way `import` sends it to a store.
package enum CalendarResources {
    /// The resources, in the order their UIDs first appear, and the components that have no UID
    /// (which no store can keep apart; the caller reports them). Each resource carries VERSION and
    /// CALSCALE, and the PRODID `productIdentifiers` gives its UID (that of the input it came from:
    /// a merge of inputs is no input's making), else calbridge's own; no other calendar property,
    /// so nothing of one input's calendar reaches another's resources.
    package static func split(_ calendar: Component, productIdentifiers: [String: Property] = [:])
        -> (resources: [CalendarResource], withoutUID: [Component])
    {
        let zones = Dictionary(
            calendar.children(named: "VTIMEZONE").compactMap { zone in zone["TZID"].map { ($0.text, zone) } },
            uniquingKeysWith: { first, _ in first })
        var members: OrderedDictionary<String, [Component]> = [:]
        var withoutUID: [Component] = []
        for component in calendar.components where component.name != "VTIMEZONE" {
            guard let uid = component["UID"]?.text, !uid.isEmpty else {
                withoutUID.append(component)
                continue
            }
            members[uid, default: []].append(component)
        }
        let version = calendar["VERSION"] ?? EventCalendar.empty["VERSION"]
        let scale = calendar["CALSCALE"].map { [$0] } ?? []
        let resources = members.map { uid, series -> CalendarResource in
            let used = zonesUsed(by: series).compactMap { zones[$0] }
            let producer = productIdentifiers[uid] ?? EventCalendar.empty["PRODID"]
            return CalendarResource(
                uid: uid,
                calendar: Component(
                    name: "VCALENDAR", properties: [version, producer].compactMap { $0 } + scale,
                    components: used + series))
        }
        return (resources, withoutUID)
    }

    /// The TZIDs a series names, in order of first use.
    private static func zonesUsed(by components: [Component]) -> [String] {
        var seen: [String] = []
        func visit(_ component: Component) {
            for property in component.properties {
                if let tzid = property[parameter: "TZID"], !seen.contains(tzid) { seen.append(tzid) }
            }
            component.components.forEach(visit)
        }
        components.forEach(visit)
        return seen
    }
}
