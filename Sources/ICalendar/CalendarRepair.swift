import CalendarModel

/// The repairs `validate --repair` makes to a calendar it could read: the properties RFC 5545 requires
/// that exporters leave out (VERSION and PRODID of the calendar, UID and DTSTAMP of its items, which the
/// readers add as they read: ``ItemIdentity``), and Google's floating times meant in X-WR-TIMEZONE. Line
/// endings, empty lines and folding are mended by reading and writing the file again.
package enum CalendarRepair {
    /// The calendar's own properties repaired: the required ones it lacks added first, where every
    /// exporter writes them.
    package static func repairedProperties(_ properties: [Property]) -> [Property] {
        CalendarWideChecks.missingProperties(of: Component(name: "VCALENDAR", properties: properties)) + properties
    }

    /// One top-level component repaired on its own, `zone` being the calendar's X-WR-TIMEZONE (as
    /// text) when it has one: `validate --repair` mends each component as it is read.
    package static func repair(_ component: inout Component, zone: String?) {
        trimStructuredValues(&component)
        if let zone { anchorFloatingTimes(&component, in: zone) }
    }

    /// A notice when a calendar names X-WR-TIMEZONE and holds floating times other apps will not place in it.
    package static func floatingTimeNotice(zone: Property?, floatingCount: Int, file: String) -> Diagnostic? {
        guard let zone, floatingCount > 0 else { return nil }
        return Diagnostic(
            .notice, file: file, at: zone.location,
            "\(floatingCount) floating times are meant in X-WR-TIMEZONE \(zone.text), which only some apps honour",
            repair: "gives them TZID=\(zone.text)")
    }

    /// How many DTSTART/DTEND/RECURRENCE-ID values of a component are floating date-times.
    package static func floatingTimes(in component: Component) -> Int {
        component.properties.filter { anchored.contains($0.name) && isFloating($0) }.count
    }

    /// The properties whose floating times a calendar's zone anchors (the design table's).
    private static let anchored = Set(PropertyDesignTable.entries.filter(\.isTimeAnchored).map(\.name))

    private static func isFloating(_ property: Property) -> Bool {
        guard property[parameter: "TZID"] == nil, property[parameter: "VALUE"] == nil else { return false }
        return property.value.split(separator: ",").allSatisfy {
            if case .floating = DateValue(icalendar: String($0)) { return true }
            return false
        }
    }

    private static func trimStructuredValues(_ component: inout Component) {
        for index in component.properties.indices where PropertyValueCheck.isStructured(component.properties[index].name) {
            component.properties[index].value = component.properties[index].value.trailingBlanksRemoved
        }
        for index in component.components.indices { trimStructuredValues(&component.components[index]) }
    }

    private static func anchorFloatingTimes(_ component: inout Component, in zone: String) {
        guard component.name != "VTIMEZONE" else { return }
        for index in component.properties.indices
        where anchored.contains(component.properties[index].name)
            && isFloating(component.properties[index])
        {
            component.properties[index].setParameter("TZID", zone)
        }
    }
}
