import CalendarModel
import Foundation
import ICalendar
import OrderedCollections
import Platform
import TimeZones

/// `expand` as the calendar is read, in memory that does not grow with the calendar: each batch of
/// events and to-dos is expanded, formatted and sorted on every core as soon as it is parsed; the
/// sorted chunks become sorted runs, spilled to a scratch file past `memoryBudget`, and are merged
/// into the output at the end (`OccurrenceRuns`). Each event's text goes to a scratch file too
/// (`KeptComponents`), and the series keys met are told apart in a fixed space (`SeriesSightings`).
///
/// Every event or to-do is first expanded as a series of its own. A series (type and UID) met again
/// (overrides, a duplicate; told by its key's hash, so a rare clash only expands a series again)
/// is expanded once more at the end from the kept text, and the first results are dropped. A
/// VTIMEZONE or X-WR-TIMEZONE that comes after times were already read in another zone, or a budget
/// overrun, makes every series be expanded again at the end, with every zone known: the result is
/// always the one `CalendarExpansion` gives for the whole calendar.
package struct StreamedExpansion {
    /// The window's bounds; its zone is the display zone, once known.
    package var window: SeriesExpansion.Window
    package var format: OccurrenceOutput
    /// `--tz`: resolved like a TZID, so a VTIMEZONE of the file may define it.
    package var displayZoneName: String?
    package var budget: Int
    /// Events expanded together; bounds the parsed components in memory and feeds both cores.
    package var batchSize = 256
    /// The formatted occurrences held in memory before they are written to a scratch file as a
    /// sorted run: a few megabytes, so that the merge reads few runs.
    package var memoryBudget = 4 << 20 {
        didSet { runs.memoryBudget = memoryBudget }
    }

    /// The properties the reader need build: what expansion reads, or all of them for iCalendar
    /// output, which writes every property of an event into its occurrences.
    package let selection: PropertySelection?

    /// `--tz` names no zone calbridge knows, nor one the file defines.
    private var unknownDisplayZone: UsageProblem {
        (resolver ?? TimeZoneResolver(definitions: [:])).unknownDisplayZone(displayZoneName ?? "")
    }

    /// The window needs more rule instances than the budget.
    private var overBudget: UsageProblem {
        UsageProblem(message: "the window needs more than \(budget) rule instances (a rule with COUNT counts from its DTSTART); "
                     + "narrow it or raise --max-instances")
    }

    private var properties: [Property] = []
    private var zones: [Component] = []
    private var resolver: TimeZoneResolver?
    private var display: (any ZoneRules)?
    /// A zone (or the display zone) became known after times were read without it.
    private var readLate = false
    /// The early expansions used more rule instances than the budget.
    private var overran = false
    /// While neither happened, the early results stand.
    private var expandsEarly: Bool { !readLate && !overran }
    private var components = 0
    private var pending: [SeriesUnit] = []
    /// The batch the workers are expanding while the file is read on, with its units' series hashes.
    private var inFlight: (hashes: [Int], formatting: OrderedParallelMap<SeriesUnit, Int, OccurrenceChunk>)?
    /// The series expanded at the end: a budget overrun then fails at once.
    private var expandingAgain = false
    /// Every event and to-do, kept to expand a series again.
    private var kept = KeptComponents()
    /// The series keys met so far, and the hashes of those (probably) met more than once.
    private var seen = SeriesSightings()
    private var metAgain: Set<Int> = []
    /// Events and to-dos without a DTSTART expansion can use, left out: their names, UIDs and first lines.
    private(set) var leftOut: [(name: String, uid: String?, line: Int?, isOverride: Bool)] = []
    /// The TZIDs of the events' starts, each with the line of its first event.
    private var startZones: [String: Int?] = [:]
    /// The TZIDs neither the file nor the tz database defines, whose times are read as floating,
    /// each with the line of its first event; known once `finish` has run.
    private(set) var floatingZones: [(tzid: String, line: Int?)] = []
    private var instances = 0
    private var runs = OccurrenceRuns(memoryBudget: 4 << 20)

    package init(window: SeriesExpansion.Window, format: OccurrenceOutput, displayZoneName: String?, budget: Int) {
        self.window = window
        self.format = format
        self.displayZoneName = displayZoneName
        self.budget = budget
        selection = format == .ics ? nil : PropertySelection(names: CalendarExpansion.propertiesRead)
    }

    /// A reader to feed `take`: calbridge's own checks still run, libical's second opinion (for
    /// convert and validate) does not, only the properties `selection` names are built, and what
    /// only a written calendar carries goes unreported (see `ComponentReader.writesCalendar`).
    package var reader: CalendarStreamReader {
        var reader = CalendarStreamReader()
        reader.checksWithLibical = false
        reader.writesCalendar = false
        reader.selection = selection
        return reader
    }

    /// Takes the next property or component of the merged calendar; fails when a scratch file cannot
    /// be written.
    package mutating func take(_ event: CalendarStreamEvent) throws {
        switch event {
        case .property(let property):
            if property.name == "X-WR-TIMEZONE" && resolver != nil && !properties.contains(where: { $0.name == property.name }) {
                readLate = true
            }
            properties.append(property)
        case .component(let read):
            guard let component = read.component else { return }
            let index = components
            components += 1
            switch component.role {
            case .zoneDefinition:
                zones.append(component)
                if let resolver, !resolver.define(component) { readLate = true }
            case .series:
                let isOverride = component.has("RECURRENCE-ID")
                if isOverride ? SeriesExpansion.hasUnusableStart(component) : !SeriesExpansion.hasUsableStart(component) {
                    leftOut.append((component.name, component["UID"]?.text, read.source?.firstLine, isOverride))
                }
                if let start = component.firstIndex(named: "DTSTART"), let tzid = component.properties[start][parameter: "TZID"],
                   startZones[tzid] == nil {
                    // The property's own line, where the user looks for the TZID a warning names.
                    startZones[tzid] = component.properties[start].location?.line ?? read.source?.firstLine
                }
                // A made UID may have been told apart from an equal item's, which reading the text again would not repeat.
                try keep(component, read.madeUID == nil ? read.source : nil, index: index)
            case .carried: break
            }
        }
    }

    /// Writes the whole output through `write`, in pieces: header, occurrences sorted by start and
    /// UID, footer. Nothing is written when the expansion fails.
    package mutating func finish(_ write: @escaping ([UInt8]) throws -> Void) throws {
        try expandPending()
        try collectInFlight()
        if expandsEarly && !prepare() { readLate = true }
        // Counted per component, the early expansions can only count too many where a UID came
        // again or zones came late; without either, an overrun stands without expanding again.
        if overran && !readLate && metAgain.isEmpty { throw overBudget }
        expandingAgain = true
        if expandsEarly {
            runs.dropEarly(metAgain)
        } else {
            // Start over with every zone known.
            runs = OccurrenceRuns(memoryBudget: memoryBudget)
            runs.dropEarly([])
            instances = 0
            resolver = nil
            guard prepare() else { throw unknownDisplayZone }
        }
        try expandAgain(everySeries: !expandsEarly)
        floatingZones = startZones.filter { resolver?.guessesZone(for: $0.key) ?? true }.map { ($0.key, $0.value) }
            .sorted { ($0.line ?? 0, $0.tzid) < ($1.line ?? 0, $1.tzid) }
        try write(OccurrenceFormat.header(format, properties: properties, zones: zones))
        try runs.write(write)
        try write(OccurrenceFormat.footer(format))
    }

    /// What the expansion could not use as written, named for the user (`file` is the input's
    /// name): events left out for want of a usable DTSTART, whose absence must not look like a
    /// missing event, and TZIDs unknown to the file and the tz database, whose times were read as
    /// floating. Known once `finish` has run.
    package func guesses(in file: String) -> [Diagnostic] {
        let leftOut = leftOut.map { event in
            Diagnostic(.violation, file: file, at: event.line.map { SourceLocation(line: $0) },
                       "\(event.name) \(event.uid ?? "without UID") has no usable DTSTART; "
                       + (event.isOverride ? "the override is left out and its instance stays as the series has it" : "it is left out"))
        }
        let floating = floatingZones.map { zone in
            Diagnostic(.violation, file: file, at: zone.line.map { SourceLocation(line: $0) }, TimeZoneResolver.unknownZoneMessage(zone.tzid))
        }
        return leftOut + floating
    }

    private mutating func keep(_ component: Component, _ source: RawComponent?, index: Int) throws {
        let key = SeriesKey(of: component, index: index)
        let hash = key.hashValue
        if seen.insert(hash) { metAgain.insert(hash) }
        try kept.keep(component, source: source, index: index, key: key, seriesHash: hash)
        guard expandsEarly else { return }
        pending.append(SeriesUnit(ordinal: index, key: key, seriesHash: hash, members: [.component(component)]))
        if pending.count >= batchSize { try expandPending() }
    }

    /// Expands the pending events as series of their own, on every core.
    private mutating func expandPending() throws {
        guard !pending.isEmpty else { return }
        var units = pending
        pending = []
        guard expandsEarly else { return }
        guard prepare() else {
            readLate = true
            return
        }
        try collectInFlight()
        guard expandsEarly else { return }
        inFlight = start(&units)
    }

    /// Expands at the end every series (`everySeries`) or those met again, from the kept texts, in
    /// batches on every core; a series met again is expanded whole once all its members are read.
    private mutating func expandAgain(everySeries: Bool) throws {
        guard everySeries || !metAgain.isEmpty else { return }
        try self.kept.flush()
        let kept = self.kept
        var groups: OrderedDictionary<SeriesKey, [KeptComponents.Entry]> = [:]
        var batch: [SeriesUnit] = []
        let givenBack = try kept.scan(countingInstancesOf: everySeries ? [] : metAgain) { entry in
            if metAgain.contains(entry.seriesHash) {
                groups[entry.key, default: []].append(entry)
            } else if everySeries {
                batch.append(SeriesUnit(ordinal: entry.index, key: entry.key, seriesHash: entry.seriesHash, members: [try kept.member(entry)]))
                if batch.count >= batchSize { try submitAgain(&batch) }
            }
        }
        instances -= givenBack
        for (key, entries) in groups {
            batch.append(SeriesUnit(ordinal: entries[0].index, key: key, seriesHash: entries[0].seriesHash,
                                    members: try entries.map(kept.member)))
            if batch.count >= batchSize { try submitAgain(&batch) }
        }
        try submitAgain(&batch)
        try collectInFlight()
    }

    /// Starts a batch expanded again, once the one in flight is collected.
    private mutating func submitAgain(_ batch: inout [SeriesUnit]) throws {
        guard !batch.isEmpty else { return }
        try collectInFlight()
        inFlight = start(&batch)
    }

    /// Waits for the batch in flight and takes in its occurrences and the instances it used: noted
    /// per series while expanding early, to give back if the series is expanded again; at the end
    /// an overrun fails at once.
    private mutating func collectInFlight() throws {
        guard var flight = inFlight.take() else { return }
        var used: [Int] = []
        try flight.formatting.finish { batch in
            for chunk in batch.gathered { try runs.add(chunk) }
            used = batch.outputs
        }
        if !expandingAgain {
            for (hash, count) in zip(flight.hashes, used) { try kept.noteInstances(count, seriesHash: hash) }
        }
        instances += used.reduce(0, +)
        guard used.contains(where: { $0 < 0 }) || instances > budget else { return }
        if expandingAgain { throw overBudget }
        overran = true
    }

    /// Makes the resolver (from the zones read so far) and the display zone when first needed; false
    /// when `--tz` names no zone known so far (the file may still define it).
    private mutating func prepare() -> Bool {
        if resolver == nil {
            let view = EventCalendar(component: Component(name: "VCALENDAR", properties: properties, components: zones))
            resolver = TimeZoneResolver(definitions: view.timeZoneDefinitions, calendarZone: view.timeZone)
        }
        guard let displayZoneName else { return true }
        display = resolver!.zone(for: displayZoneName)
        return display != nil
    }

    /// Starts expanding and formatting the units on every core, each worker's occurrences into one
    /// chunk. The units are taken away, so that the components die on the worker that expanded them:
    /// freeing the parsed model was a tenth of the main thread.
    private func start(_ units: inout [SeriesUnit]) -> (hashes: [Int], formatting: OrderedParallelMap<SeriesUnit, Int, OccurrenceChunk>) {
        // The window is read in --tz when given, as CalendarExpansion reads it.
        let context = SeriesFormatting(window: SeriesExpansion.Window(start: window.start, end: window.end, zone: display),
                                       format: format, selection: selection, display: display, resolver: resolver!,
                                       budget: InstanceBudget(max(0, budget - instances)),
                                       memoryBudget: memoryBudget / OrderedParallelMap<SeriesUnit, Int, OccurrenceChunk>.workers)
        let hashes = units.map(\.seriesHash)
        var formatting = OrderedParallelMap<SeriesUnit, Int, OccurrenceChunk> { share in
            var chunk = OccurrenceChunk()
            let used = context.expandAndFormat(share, into: &chunk)
            return (used, chunk)
        }
        formatting.submit(&units) { _ in }
        return (hashes, formatting)
    }
}

