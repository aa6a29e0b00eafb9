import CalendarModel
import TimeZones

/// What a streamed expansion could not use as written, gathered as the calendar is read: events
/// left out for want of a usable DTSTART, whose absence must not look like a missing event, and
/// TZIDs unknown to the file and the tz database, whose times were read as floating.
struct ExpansionGuesses {
    /// The events and to-dos left out: their names, UIDs and first lines.
    private var leftOut: [(name: String, uid: String?, line: Int?, isOverride: Bool)] = []
    /// The TZIDs of the events' starts, each with the line of its first event.
    private var startZones: [String: Int?] = [:]
    /// The TZIDs whose times are read as floating, each with the line of its first event; known
    /// once `settle` has run.
    private var floatingZones: [(tzid: String, line: Int?)] = []

    /// Notes an event or to-do (`line` is its first line): whether it is left out, and its start's TZID.
    mutating func note(_ component: Component, line: Int?) {
        let isOverride = component.has("RECURRENCE-ID")
        if isOverride ? SeriesExpansion.hasUnusableStart(component) : !SeriesExpansion.hasUsableStart(component) {
            leftOut.append((component.name, component["UID"]?.text, line, isOverride))
        }
        if let start = component.firstIndex(named: "DTSTART"), let tzid = component.properties[start][parameter: "TZID"],
            startZones[tzid] == nil
        {
            // The property's own line, where the user looks for the TZID a warning names.
            startZones[tzid] = component.properties[start].location?.line ?? line
        }
    }

    /// Tells which start zones `resolver`, which knows every zone of the calendar, only guesses.
    mutating func settle(with resolver: TimeZoneResolver) {
        floatingZones = startZones.filter { resolver.guessesZone(for: $0.key) }.map { ($0.key, $0.value) }
            .sorted { ($0.line ?? 0, $0.tzid) < ($1.line ?? 0, $1.tzid) }
    }

    /// The guesses named for the user (`file` is the input's name).
    func diagnostics(in file: String) -> [Diagnostic] {
        let leftOut = leftOut.map { event in
            Diagnostic(
                .violation, file: file, at: event.line.map { SourceLocation(line: $0) },
                "\(event.name) \(event.uid ?? "without UID") has no usable DTSTART; "
                    + (event.isOverride ? "the override is left out and its instance stays as the series has it" : "it is left out"))
        }
        let floating = floatingZones.map { zone in
            Diagnostic(
                .violation, file: file, at: zone.line.map { SourceLocation(line: $0) }, TimeZoneResolver.unknownZoneMessage(zone.tzid))
        }
        return leftOut + floating
    }
}
