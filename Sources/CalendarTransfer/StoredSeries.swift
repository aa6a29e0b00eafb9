import CalendarModel
import CalendarStores
import ICalendar
import Platform

/// Whether a resource a store holds already says what an import would write, so the import can
/// leave it (and its etag, which every other client watches) alone. Compared are the series'
/// components (events, tasks, their overrides and alarms) in canonical form: order, folding and
/// parameter order carry no meaning, and the VTIMEZONEs and calendar properties a server may
/// rewrite (PRODID, its own copy of a zone) are not the series. What servers respell is seen
/// through: a multi-value EXDATE, RDATE or CATEGORIES is compared value by value (Cyrus writes each
/// on a line of its own), rules part by part, durations by their length, and an empty property
/// (which Cyrus drops) as absent.
package enum StoredSeries {
    package static func holds(_ stored: [UInt8], sameAs resource: CalendarResource) -> Bool {
        var reader = CalendarStreamReader(encodes: false)
        reader.checksWithLibical = false
        var components: [Component] = []
        do {
            try reader.read(InputFile(name: "stored", contents: stored)) { event in
                if case .component(let read) = event, let component = read.component, component.name != "VTIMEZONE" {
                    components.append(component)
                }
            }
        } catch {
            return false
        }
        return canonical(components) == canonical(resource.calendar.components.filter { $0.name != "VTIMEZONE" })
    }

    /// The components in one canonical wrapper, which puts them in a fixed order (also what
    /// `verify` compares).
    package static func canonical(_ components: [Component]) -> Component {
        Component(name: "VCALENDAR", components: components.map(splittingLists)).canonicalForm
    }

    /// Each EXDATE, RDATE and CATEGORIES value on a property of its own, cut at unescaped commas,
    /// durations in one spelling (Radicale writes `-P0DT0H30M0S` as `-PT30M`) and a rule's parts
    /// in one order.
    private static func splittingLists(_ component: Component) -> Component {
        var copy = component
        // Cyrus leaves out a property with an empty value (`LOCATION:`), which says nothing anyway.
        copy.properties = component.properties.filter { !$0.value.isEmpty }.flatMap { property -> [Property] in
            if ["TRIGGER", "DURATION"].contains(property.name), let duration = CalendarDuration(icalendar: property.value) {
                var spelled = property
                // Days stay apart from seconds: a day is nominal (23 or 25 hours across a DST change).
                spelled.value =
                    "\(duration.isNegative ? "-" : "")\(duration.weeks * 7 + duration.days)d"
                    + "\(duration.hours * 3600 + duration.minutes * 60 + duration.seconds)s"
                return [spelled]
            }
            if ["RRULE", "EXRULE"].contains(property.name) {
                // Cyrus writes the parts in libical's order and leaves out WKST=MO, the default.
                var spelled = property
                spelled.value = property.value.uppercased().split(separator: ";").filter { $0 != "WKST=MO" }.sorted().joined(separator: ";")
                return [spelled]
            }
            guard ["EXDATE", "RDATE", "CATEGORIES"].contains(property.name), property.value.contains(",") else { return [property] }
            return unescapedCommaParts(property.value).map { value in
                var one = property
                one.value = value
                return one
            }
        }
        copy.components = component.components.map(splittingLists)
        return copy
    }

    private static func unescapedCommaParts(_ value: String) -> [String] {
        var parts = [""]
        var escaped = false
        for character in value {
            if character == ",", !escaped {
                parts.append("")
            } else {
                parts[parts.count - 1].append(character)
            }
            escaped = character == "\\" && !escaped
        }
        return parts
    }
}
