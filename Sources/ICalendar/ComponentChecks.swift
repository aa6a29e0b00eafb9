import CalendarModel

/// The rules of RFC 5545 §3.6 about which properties a component must have, checked on a parsed
/// top-level component (and its alarms). Which properties are required comes from the design
/// table's cardinality. A missing UID or DTSTAMP is not among them: the reader makes one
/// (``ItemIdentity``) and says which.
enum ComponentChecks {
    /// The components whose required properties others judge: the calendar's are `CalendarWideChecks`'
    /// (a calendar read from xCal or jCal comes here whole), a time zone's observances `DefinedTimeZone`'s.
    private static let judgedElsewhere: Set<String> = ["VCALENDAR", "STANDARD", "DAYLIGHT"]
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
    /// The properties the design table requires of each kind of component, in the table's order,
    /// but those the reader makes.
    private static let requiredByComponent: [String: [String]] = PropertyDesignTable.entries
        .filter { !ItemIdentity.madeNames.contains($0.name) }
        .reduce(into: [:]) { table, design in
            for (component, cardinality) in design.cardinality where cardinality == .required && !judgedElsewhere.contains(component) {
                table[component, default: []].append(design.name)
            }
        }
    /// Every property name these checks look for (the required ones, those an event's end and its
    /// status are judged by, and the UTC-only ones), so that a reader building only some properties
    /// (``PropertySelection``) still builds these.
    static let namesLookedFor = requiredByComponent.values.flatMap { $0 } + ["DTSTART", "DTEND", "DURATION", "STATUS"] + utcOnly
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
                let value = DateValue(property: component.properties[index])
            else { continue }
            if case .utc = value { continue }
            found.append(
                Diagnostic(
                    .violation, file: file, at: component.properties[index].location,
                    "\(name) must be a UTC date-time ending in Z (RFC 5545 §3.8.7)", repair: nil))
        }
        if component.name == "VEVENT" {
            if component.has("DTEND") && component.has("DURATION") {
                report(.violation, "VEVENT has both DTEND and DURATION; RFC 5545 allows one", repair: nil)
            }
            if let start = component.date(named: "DTSTART"),
                let end = component.date(named: "DTEND"),
                start.tzid == end.tzid, end.local < start.local
            {
                report(.violation, "VEVENT ends (\(end.icalendarText)) before it starts (\(start.icalendarText))", repair: nil)
            }
        }
        if let status = statusProblem(in: component, file: file) { found.append(status) }
        if let missing = missingProblem(in: component, file: file) { found.append(missing) }
        for alarm in component.components where !placesOccurrencesOnly && alarm.name == "VALARM" {
            if let missing = missingProblem(in: alarm, file: file) { found.append(missing) }
        }
        return found
    }

    /// A component that lacks a property the design table requires of it, said once with all its
    /// required names (`VALARM needs both ACTION and TRIGGER`).
    private static func missingProblem(in component: Component, file: String) -> Diagnostic? {
        guard let required = requiredByComponent[component.name], required.contains(where: { !component.has($0) }) else { return nil }
        if required == ["TZID"] {
            // A time zone without its name is unusable, not wrong in a way that should drop the rest
            // of the file: carried as written, used by nothing.
            return Diagnostic(
                .error, file: file, at: component.location, "\(component.name) has no TZID, so nothing can refer to it",
                repair: "keeps it as written, unused")
        }
        let names = required.count == 2 ? "both \(required[0]) and \(required[1])" : required.joined(separator: ", ")
        return Diagnostic(.violation, file: file, at: component.location, "\(component.name) needs \(names)", repair: nil)
    }

    /// A STATUS value the component's kind does not allow (`STATUS:COMPLETED` fits a to-do, not an event).
    private static func statusProblem(in component: Component, file: String) -> Diagnostic? {
        // Blanks after the value are an exporter's slip (the corpus has `STATUS:CONFIRMED `), not another status.
        guard let allowed = statuses[component.name], let index = component.firstIndex(named: "STATUS") else { return nil }
        let status = component.properties[index].value.trailingBlanksRemoved
        guard !allowed.contains(status.uppercasedName) else { return nil }
        let choices = allowed.joined(separator: ", ")
        return Diagnostic(
            .violation, file: file, at: component.properties[index].location,
            "STATUS:\(status) is not a \(component.name) status; RFC 5545 §3.8.1.11 allows \(choices): "
                + "change it to one of them", repair: nil)
    }
}
