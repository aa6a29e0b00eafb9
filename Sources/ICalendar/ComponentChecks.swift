import CalendarModel

/// The rules of RFC 5545 §3.6 about which properties a component must have, checked on a parsed
/// top-level component (and its alarms). A missing UID or DTSTAMP is not among them: the reader
/// makes one (`ItemIdentity`) and says which.
enum ComponentChecks {
    /// The DATE-TIMEs that must be in UTC, from the design table.
    private static let utcOnly = PropertyDesignTable.entries.filter(\.isUTCOnly).map(\.name)
    /// Those a component may hold, by component name: each component is asked only for its own.
    private static let utcOnlyByComponent: [String: [String]] = PropertyDesignTable.entries.filter(\.isUTCOnly)
        .reduce(into: [:]) { table, design in design.components.forEach { table[$0, default: []].append(design.name) } }
    /// Those of them expansion reads (the design table's expansion role): the only ones whose form an
    /// occurrence can depend on.
    private static let utcOnlyReadByExpansion = utcOnlyByComponent.mapValues { names in
        names.filter { PropertyDesignTable.design(for: $0)?.expansionRole != nil }
    }
    /// Every property name these checks look for, so that a reader building only some properties
    /// (`PropertySelection`) still builds these.
    static let namesLookedFor = ["DTSTART", "DTEND", "DURATION", "TZID", "ACTION", "TRIGGER", "STATUS"] + utcOnly
    /// The STATUS values RFC 5545 §3.8.1.11 allows each component (the design table's); it allows no
    /// x-name or iana-token here, and the exporters in the corpus and samples write none.
    private static let statuses = PropertyDesignTable.design(for: "STATUS")?.allowedValues ?? [:]

    /// Every problem of `component`. `placesOccurrencesOnly` (expand, view) leaves out what no
    /// occurrence depends on: the UTC form of properties expansion does not read, and alarms.
    static func diagnostics(for component: Component, file: String, placesOccurrencesOnly: Bool = false) -> [Diagnostic] {
        var found: [Diagnostic] = []
        let place = component.location
        func report(_ severity: Diagnostic.Severity, _ message: String, repair: String?) {
            found.append(Diagnostic(severity, file: file, at: place, message, repair: repair))
        }
        for name in (placesOccurrencesOnly ? utcOnlyReadByExpansion : utcOnlyByComponent)[component.name] ?? [] {
            // A value ending in Z is UTC or no date at all (which the value check reports): not parsed again.
            guard let index = component.firstIndex(named: name), component.properties[index].value.utf8.last != UInt8(ascii: "Z"),
                  let value = DateValue(property: component.properties[index]) else { continue }
            if case .utc = value { continue }
            found.append(Diagnostic(.violation, file: file, at: component.properties[index].location,
                                    "\(name) must be a UTC date-time ending in Z (RFC 5545 §3.8.7)", repair: nil))
        }
        if component.name == "VEVENT" {
            if component.has("DTEND") && component.has("DURATION") {
                report(.violation, "VEVENT has both DTEND and DURATION; RFC 5545 allows one", repair: nil)
            }
            if let start = component.date(named: "DTSTART"),
               let end = component.date(named: "DTEND"),
               start.tzid == end.tzid, end.local < start.local {
                report(.violation, "VEVENT ends (\(end.icalendarText)) before it starts (\(start.icalendarText))", repair: nil)
            }
        }
        if let status = statusProblem(in: component, file: file) { found.append(status) }
        if component.name == "VTIMEZONE" && !component.has("TZID") {
            // Unusable, but no reason to drop the rest of the file: carried as written, used by nothing.
            report(.error, "VTIMEZONE has no TZID, so nothing can refer to it", repair: "keeps it as written, unused")
        }
        for alarm in component.components where !placesOccurrencesOnly && alarm.name == "VALARM" && (!alarm.has("ACTION") || !alarm.has("TRIGGER")) {
            found.append(Diagnostic(.violation, file: file, at: alarm.location,
                                    "VALARM needs both ACTION and TRIGGER", repair: nil))
        }
        return found
    }

    /// A STATUS value the component's kind does not allow (`STATUS:COMPLETED` fits a to-do, not an event).
    private static func statusProblem(in component: Component, file: String) -> Diagnostic? {
        // Blanks after the value are an exporter's slip (the corpus has `STATUS:CONFIRMED `), not another status.
        guard let allowed = statuses[component.name], let index = component.firstIndex(named: "STATUS") else { return nil }
        let status = component.properties[index].value.trailingBlanksRemoved
        guard !allowed.contains(status.uppercasedName) else { return nil }
        let choices = allowed.joined(separator: ", ")
        return Diagnostic(.violation, file: file, at: component.properties[index].location,
                          "STATUS:\(status) is not a \(component.name) status; RFC 5545 §3.8.1.11 allows \(choices): "
                          + "change it to one of them", repair: nil)
    }
}
