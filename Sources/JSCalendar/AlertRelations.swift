import CalendarModel
import JSONReading

/// RELATED-TO in a VALARM that names a sibling VALARM's UID (RFC 9074 §5's snoozed alarms) as the
/// Alert's `relatedTo`, keyed by that sibling's alert id (draft-ietf-calext-jscalendar-icalendar-08
/// §2.3.34), RELTYPE its `relation` in lower case; and back, the line's value the related alert's
/// UID (-08 §3.1). An alarm converts its RELATED-TO lines only when every one names a different
/// sibling and comes back as written; otherwise they are carried as before.
enum AlertRelations {
    private static let line = "RELATED-TO"

    /// The alert id of each VALARM of a component by its UID: its place among them from 1; empty
    /// unless there are two or more, each with one UID, all different.
    static func ids(in component: Component) -> [String: String] {
        var alarms = component.components.lazy.filter { $0.name == "VALARM" }.makeIterator()
        guard alarms.next() != nil, alarms.next() != nil else { return [:] }
        var ids: [String: String] = [:]
        for (index, alarm) in component.components.filter({ $0.name == "VALARM" }).enumerated() {
            let uids = alarm.all("UID")
            guard uids.count == 1, uids[0].parameters.isEmpty, ids[uids[0].value] == nil else { return [:] }
            ids[uids[0].value] = String(index + 1)
        }
        return ids
    }

    /// The alarm without the RELATED-TO lines its `relatedTo` says, and that `relatedTo`; the alarm
    /// itself and nil where its lines do not all convert.
    static func split(_ alarm: Component, ids: [String: String]) -> (alarm: Component, relatedTo: JSONValue?) {
        guard !ids.isEmpty else { return (alarm, nil) }
        let lines = alarm.all(line)
        var relations: [JSONMember] = []
        for property in lines {
            guard let id = ids[property.value], !relations.contains(where: { $0.key == id }), let relation = relation(for: property) else {
                return (alarm, nil)
            }
            relations.append(JSONMember(key: id, value: relation))
        }
        guard !relations.isEmpty else { return (alarm, nil) }
        var rest = alarm
        rest.properties.removeAll { $0.name == line }
        return (rest, .object(relations))
    }

    /// The RELATED-TO lines of each alert whose `relatedTo` names other alerts of the map, by its key.
    static func lines(in alerts: JSONValue) -> [String: [Property]] {
        var result: [String: [Property]] = [:]
        for alert in alerts.members {
            guard case .object(let relations)? = alert.value["relatedTo"], !relations.isEmpty else { continue }
            let lines = relations.compactMap { relation in
                uid(of: alerts[relation.key]).flatMap { property(for: relation.value, uid: $0) }
            }
            if lines.count == relations.count { result[alert.key] = lines }
        }
        return result
    }

    private static func relation(for property: Property) -> JSONValue? {
        var relation = JSONObject(type: "Relation")
        switch property.parameters.count {
        case 0: break
        case 1:
            let type = property.parameters[0]
            guard type.name == "RELTYPE", type.values.count == 1, !type.value.isEmpty, type.value == type.value.uppercased() else {
                return nil
            }
            relation["relation"] = .object([JSONMember(key: type.value.lowercased(), value: .bool(true))])
        default: return nil
        }
        return relation.value
    }

    private static func property(for relation: JSONValue, uid: String) -> Property? {
        guard relation.members.allSatisfy({ ["@type", "relation"].contains($0.key) }) else { return nil }
        guard let types = relation["relation"] else { return Property(name: line, value: uid) }
        guard case .object(let flags) = types, flags.count == 1, flags[0].value == .bool(true), !flags[0].key.isEmpty,
            flags[0].key == flags[0].key.lowercased()
        else { return nil }
        return Property(name: line, parameters: [Parameter("RELTYPE", flags[0].key.uppercased())], value: uid)
    }

    /// The UID an alert's iCalComponent carries.
    private static func uid(of alert: JSONValue?) -> String? {
        guard let specifics = alert?["iCalComponent"], let carried = try? ICalendarSpecifics.component(from: specifics, path: "$") else {
            return nil
        }
        let uids = carried.all("UID")
        return uids.count == 1 && uids[0].parameters.isEmpty ? uids[0].value : nil
    }
}
