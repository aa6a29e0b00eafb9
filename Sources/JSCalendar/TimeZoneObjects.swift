import CalendarModel
import JSONReading
import TimeZones

/// A VTIMEZONE whose TZID names no zone of the tz database as a TimeZone in the Group's
/// `timeZones`, keyed by the TZID after a `/`, which is also the `timeZone` of what is said in it
/// (draft-ietf-calext-jscalendar-icalendar-08 §2.1.4: such a VTIMEZONE "MUST be converted to the
/// timeZones property with the prefixed identifier as key"; §2.2.6 and the TZID…TZURL sections say
/// how). A VTIMEZONE of a database zone (or of one calbridge names by the database, see
/// `DateForm.zoneName`) is carried as it was. Lines, and DAYLIGHT or STANDARD subcomponents, that
/// convert to nothing ride in the object's `iCalComponent`, and a VTIMEZONE converts only when its
/// TimeZone gives it back as written (line order aside, see `losslessForm`).
enum TimeZoneObjects {
    /// The `timeZones` key, and `timeZone`, of a TZID whose VTIMEZONE is a TimeZone.
    static func key(for tzid: String) -> String { "/" + tzid }

    /// The TimeZone for a VTIMEZONE and its key; nil for a database zone or one that would not come back.
    static func timeZone(for component: Component, zones: TimeZoneResolver) -> (key: String, json: JSONValue)? {
        guard component.name == "VTIMEZONE" else { return nil }
        let tzids = component.all("TZID")
        guard tzids.count == 1, zones.databaseZone(for: tzids[0].value) == nil else { return nil }
        var zone = ZoneLines.object(for: component, type: "TimeZone", rules: ZoneLines.zone)
        var others: [Component] = []
        for child in component.components {
            guard let member = ruleMember[child.name] else {
                others.append(child)
                continue
            }
            let rules = ZoneLines.items(zone[member])
            zone[member] = .array(rules + [ZoneLines.object(for: child, type: "TimeZoneRule", rules: ZoneLines.rule).value])
        }
        if !others.isEmpty {
            let specifics = zone["iCalComponent"] ?? ICalendarSpecifics.component(Component(name: component.name))
            zone["iCalComponent"] = specifics.setting(
                "components", .array(others.map { ICalendarSpecifics.jCal($0) ?? ICalendarSpecifics.component($0) }))
        }
        let json = zone.value
        guard let back = try? self.component(for: json), back.losslessForm == component.losslessForm else { return nil }
        return (key(for: tzids[0].value), json)
    }

    /// The VTIMEZONE a TimeZone says, its DAYLIGHT and STANDARD rules in the order of their members;
    /// nil for one that cannot say it.
    static func component(for zone: JSONValue) throws(JSCalendarProblem) -> Component? {
        guard zone["@type"]?.string == "TimeZone",
            var component = try ZoneLines.component(for: zone, name: "VTIMEZONE", rules: ZoneLines.zone)
        else { return nil }
        for member in zone.members {
            guard let name = ruleMember.first(where: { $0.value == member.key })?.key else { continue }
            guard case .array(let rules) = member.value else { return nil }
            for rule in rules {
                guard let child = try ZoneLines.component(for: rule, name: name, rules: ZoneLines.rule) else { return nil }
                component.components.append(child)
            }
        }
        return component
    }

    private static let ruleMember = ["DAYLIGHT": "daylight", "STANDARD": "standard"]

    /// `timeZone` and `recurrenceIdTimeZone` members, at any depth, of a zone in `tzids` said with the
    /// `/` its key has (`adding`), or without it.
    static func renaming(_ value: JSONValue, _ tzids: Set<String>, adding: Bool) -> JSONValue {
        switch value {
        case .object(let members):
            return .object(
                members.map { member in
                    if ["timeZone", "recurrenceIdTimeZone"].contains(member.key), let zone = member.value.string {
                        if adding, tzids.contains(zone) { return JSONMember(key: member.key, value: .string(key(for: zone))) }
                        if !adding, zone.hasPrefix("/"), tzids.contains(String(zone.dropFirst())) {
                            return JSONMember(key: member.key, value: .string(String(zone.dropFirst())))
                        }
                    }
                    return JSONMember(key: member.key, value: renaming(member.value, tzids, adding: adding))
                })
        case .array(let items):
            return .array(items.map { renaming($0, tzids, adding: adding) })
        default:
            return value
        }
    }
}
