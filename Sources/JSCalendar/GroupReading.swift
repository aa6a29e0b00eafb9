import CalendarModel
import JSONReading
import TimeZones

/// A Group as a VCALENDAR: its entries become the components, a METHOD all of them share the
/// calendar's, its `iCalComponent` the calendar's own lines and carried components. A Group without
/// `iCalComponent` either was not made from iCalendar or carried nothing but VERSION:2.0, which it
/// is given. An entry that cannot be read is skipped and said (one bad item does not sink a file);
/// a Group none of whose entries can be read is refused.
enum GroupReading {
    static func calendar(for group: JSONValue) throws(JSCalendarProblem) -> (calendar: Component, skipped: [JSCalendarProblem]) {
        var calendar = Component(name: "VCALENDAR")
        // The zones the entries' rules are said in are the carried VTIMEZONEs, wherever the member stands.
        let carried = try group["iCalComponent"].map { json throws(JSCalendarProblem) in
            try ICalendarSpecifics.component(from: json, path: "$.iCalComponent", implied: "VCALENDAR")
        }
        let defined = definedZones(group["timeZones"])
        let zones = TimeZoneResolver(
            calendar: Component(name: "VCALENDAR", components: (carried?.children(named: "VTIMEZONE") ?? []) + (defined?.components ?? [])))
        var skipped: [JSCalendarProblem] = []
        for member in group.members {
            switch member.key {
            case "@type":
                continue
            case "entries":
                let entries = defined.map { TimeZoneObjects.renaming(member.value, $0.tzids, adding: false) } ?? member.value
                skipped += try addEntries(entries, to: &calendar, prodId: group["prodId"], zones: zones)
            case "timeZones" where defined != nil:
                calendar.components = (defined?.components ?? []) + calendar.components
            case "iCalComponent":
                calendar.properties += carried?.properties ?? []
                calendar.components = (carried?.components ?? []) + calendar.components
            default:
                if let mapping = MappingTable.group.first(where: { $0.member == member.key }),
                    let property = mapping.property(exactlyFor: member.value)
                {
                    calendar.properties.append(property)
                } else {
                    calendar.properties.append(ICalendarSpecifics.jsonProperty(pointer: member.key, value: member.value))
                }
            }
        }
        if group["iCalComponent"] == nil { calendar.properties.insert(Property(name: "VERSION", value: "2.0"), at: 0) }
        return (calendar, skipped)
    }

    /// The VTIMEZONEs a Group's `timeZones` say and their TZIDs, when each is keyed by its `tzId`
    /// after a `/` and says its VTIMEZONE (see `TimeZoneObjects`); nil, the member then carried, otherwise.
    private static func definedZones(_ json: JSONValue?) -> (components: [Component], tzids: Set<String>)? {
        guard case .object(let members)? = json, !members.isEmpty else { return nil }
        var components: [Component] = []
        var tzids: Set<String> = []
        for member in members {
            // A TimeZone that cannot be read as one is carried with the others, not refused.
            guard let tzid = member.value["tzId"]?.string, member.key == TimeZoneObjects.key(for: tzid),
                let component = try? TimeZoneObjects.component(for: member.value)
            else { return nil }
            components.append(component)
            tzids.insert(tzid)
        }
        return (components, tzids)
    }

    /// The entries' components added to `calendar`, and the problems of the entries skipped. An
    /// entry's prodId that is the Group's is the calendar's one PRODID, not a line of its own.
    private static func addEntries(
        _ json: JSONValue, to calendar: inout Component, prodId: JSONValue?,
        zones: TimeZoneResolver
    ) throws(JSCalendarProblem) -> [JSCalendarProblem] {
        guard case .array(let entries) = json else { throw JSCalendarProblem(path: "$.entries", "entries must be an array") }
        let methods = entries.map { $0["method"]?.string }
        let shared = methods.allSatisfy { $0 == methods.first } ? methods.first ?? nil : nil
        if let shared { calendar.properties.append(Property(name: "METHOD", value: shared.uppercased())) }
        var skipped: [JSCalendarProblem] = []
        for (index, entry) in entries.enumerated() {
            var own = shared == nil ? entry : entry.removing("method")
            if let prodId, own["prodId"] == prodId { own = own.removing("prodId") }
            do {
                calendar.components += try ComponentFromObject.components(for: own, path: "$.entries[\(index)]", zones: zones)
            } catch {
                skipped.append(error)
            }
        }
        if let first = skipped.first, skipped.count == entries.count { throw first }
        return skipped
    }
}
