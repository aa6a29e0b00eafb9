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
    private var lastStartZone: String?
    /// The TZIDs whose times are read as floating, each with the line of its first event; known
    /// once `settle` has run.
    private var floatingZones: [(tzid: String, line: Int?)] = []

    /// What `note` reads of an event or to-do: read on the reader's workers (see
    /// `StreamedExpansion.reader`), so that the thread reading the calendar only takes it in.
    struct Sighting: Sendable {
        var name: String
        var uid: String?
        var isOverride: Bool
        var isLeftOut: Bool
        /// The TZID of its start, and that property's line.
        var startZone: String?
        var startZoneLine: Int?

        init(_ component: Component) {
            name = component.name
            uid = component["UID"]?.text
            isOverride = component.has("RECURRENCE-ID")
            isLeftOut = isOverride ? SeriesExpansion.hasUnusableStart(component) : !SeriesExpansion.hasUsableStart(component)
            if let start = component.firstIndex(named: "DTSTART") {
                startZone = component.properties[start][parameter: "TZID"]
                startZoneLine = component.properties[start].location?.line
            }
        }
    }

    /// Notes an event or to-do (`line` is its first line): whether it is left out, and its start's TZID.
    mutating func note(_ sighting: Sighting, line: Int?) {
        if sighting.isLeftOut { leftOut.append((sighting.name, sighting.uid, line, sighting.isOverride)) }
        // Most events share a few zones: the last one met is told without hashing its name.
        if let tzid = sighting.startZone, tzid != lastStartZone {
            lastStartZone = tzid
            // The property's own line, where the user looks for the TZID a warning names.
            if startZones[tzid] == nil {
                let zoneLine: Int? = sighting.startZoneLine ?? line
                startZones[tzid] = zoneLine
            }
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
