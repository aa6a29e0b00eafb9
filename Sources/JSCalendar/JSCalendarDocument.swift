import CalendarModel
import JSONReading
import TimeZones

/// JSCalendar (RFC 8984) documents both ways: a VCALENDAR is a Group with its events and tasks as
/// `entries`, or, when it holds one event or task and nothing a Group would have to carry, that
/// Event or Task alone. ics → JSCalendar → ics gives back the same components, properties, parameters
/// and values; properties of different names may come back in another order.
package enum JSCalendarDocument {
    package static func bytes(of calendar: Component) -> [UInt8] {
        JSONText.bytes(of: object(for: calendar))
    }

    static func object(for calendar: Component) -> JSONValue {
        guard calendar.name == "VCALENDAR" else {
            return ObjectFromComponent.object(for: calendar, zones: TimeZoneResolver(definitions: [:]))
        }
        let items = calendar.components.filter(\.isEntry)
        let methods = calendar.all("METHOD")
        let method =
            !items.isEmpty && methods.count == 1 && methods[0].parameters.isEmpty
                && methods[0].value == methods[0].value.uppercased() ? methods[0] : nil
        let zones = TimeZoneResolver(calendar: calendar)
        var entries = SeriesEntries.entries(of: items, zones: zones)
        if let method { entries = entries.map { $0.setting("method", .string(method.value.lowercased())) } }
        if entries.count == 1, items.count == calendar.components.count, let lone = lone(entries[0], in: calendar, method: method) {
            return lone
        }
        var group = ObjectFromComponent.groupMembers(of: calendar, leaving: method, zones: zones)
        // A zone that is a TimeZone is said by its key, the TZID after a `/` (-08 §2.1.4).
        if let timeZones = group["timeZones"] {
            let tzids = Set(timeZones.members.map { String($0.key.dropFirst()) })
            entries = entries.map { TimeZoneObjects.renaming($0, tzids, adding: true) }
        }
        // The draft (-08 §2.3.33) gives every entry the calendar's PRODID as well as the Group.
        if let prodId = group["prodId"] { entries = entries.map { $0.setting("prodId", prodId) } }
        group["entries"] = .array(entries)
        return group.value
    }

    /// The one entry of a calendar that says no more than VERSION:2.0, a PRODID and its METHOD.
    private static func lone(_ entry: JSONValue, in calendar: Component, method: Property?) -> JSONValue? {
        let prodIds = calendar.all("PRODID")
        guard calendar.all("VERSION") == [Property(name: "VERSION", value: "2.0")], prodIds.count <= 1,
            calendar.properties.allSatisfy({ ["VERSION", "PRODID"].contains($0.name) || $0 == method })
        else { return nil }
        guard let prodId = prodIds.first else { return entry }
        return MappingTable.group.first { $0.member == "prodId" }?.json(exactlyFor: prodId).map { entry.setting("prodId", $0) }
    }

    /// The calendar a JSCalendar document stands for, and the problems of the entries it skipped.
    static func calendar(for object: JSONValue) throws(JSCalendarProblem) -> (calendar: Component, skipped: [JSCalendarProblem]) {
        switch object["@type"]?.string {
        case "Group":
            return try GroupReading.calendar(for: object)
        case "Event", "Task":
            var calendar = Component(name: "VCALENDAR", properties: [Property(name: "VERSION", value: "2.0")])
            var entry = object
            if let prodId = object["prodId"]?.string {
                calendar.properties.append(Property(name: "PRODID", value: TextEscaping.escape(prodId)))
                entry = entry.removing("prodId")
            }
            if let method = object["method"]?.string {
                calendar.properties.append(Property(name: "METHOD", value: method.uppercased()))
                entry = entry.removing("method")
            }
            calendar.components = try ComponentFromObject.components(for: entry, path: "$", zones: TimeZoneResolver(definitions: [:]))
            return (calendar, [])
        default:
            throw JSCalendarProblem(path: "$.@type", "a JSCalendar document is an object whose \"@type\" is Event, Task or Group")
        }
    }
}

extension Component {
    /// An event or to-do: what becomes an entry of a Group.
    var isEntry: Bool { name == "VEVENT" || name == "VTODO" }
}
