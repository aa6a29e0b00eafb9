import CalendarModel
import OrderedCollections

/// One resource as a store keeps it: a whole VCALENDAR holding one series (the master and its
/// overrides, everything with one UID) and the VTIMEZONEs it uses, so a series is never split.
public struct CalendarResource: Hashable, Sendable {
    public var uid: String
    public var calendar: Component
}

/// Splits a calendar into one resource per UID, the way `import` sends it to a store.
public enum CalendarResources {
    /// The resources, in the order their UIDs first appear, and the components that have no UID
    /// (which no store can keep apart; the caller reports them).
    public static func split(_ calendar: Component) -> (resources: [CalendarResource], withoutUID: [Component]) {
        let zones = Dictionary(calendar.children(named: "VTIMEZONE").compactMap { zone in zone["TZID"].map { ($0.text, zone) } },
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
        let header = calendar.properties.filter { ["VERSION", "PRODID", "CALSCALE"].contains($0.name) }
        let resources = members.map { uid, series -> CalendarResource in
            let used = zonesUsed(by: series).compactMap { zones[$0] }
            return CalendarResource(uid: uid, calendar: Component(name: "VCALENDAR", properties: header.isEmpty ? EventCalendar.empty.properties : header,
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
