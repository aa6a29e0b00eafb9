import CalendarModel
import CalendarRouter
import Foundation
import ICalendar
import ParallelWork
import TimeZones

/// `expand` as the calendar is read: each batch of events and to-dos is expanded and formatted on
/// every core as soon as it is parsed, so memory holds the occurrences' bytes and each event's raw
/// text rather than the whole calendar model, and no single core formats every occurrence.
///
/// Every event or to-do is first expanded as a series of its own. A series (type and UID) met again
/// (overrides, a duplicate) is expanded once more at the end from the kept text, and the first
/// results are dropped. A VTIMEZONE or X-WR-TIMEZONE that comes after times were already read in
/// another zone, or a budget overrun, makes every series be expanded again at the end, with every
/// zone known: the result is always the one `CalendarExpansion` gives for the whole calendar.
package struct StreamedExpansion {
    /// The window's bounds; its zone is the display zone, once known.
    package var window: SeriesExpansion.Window
    package var format: OccurrenceOutput
    /// `--tz`: resolved like a TZID, so a VTIMEZONE of the file may define it.
    package var displayZoneName: String?
    package var budget: Int
    /// Events expanded together; bounds the parsed components in memory and feeds both cores.
    package var batchSize = 256

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
    /// The batch the workers are expanding while the file is read on.
    private var inFlight: (keys: [SeriesKey], formatting: OrderedParallelMap<SeriesUnit, Int, OccurrenceChunk>)?
    /// Every event and to-do, kept to expand a series again: `series` is the series in file order,
    /// `members` each series' components in the same order, and `ordinals` each series' place.
    private var members: [[Kept]] = []
    private var series: [SeriesKey] = []
    private var ordinals: [SeriesKey: Int] = [:]
    private var metAgain: Set<SeriesKey> = []
    /// Rule instances the early expansions used, by series, to give back when a series is expanded again.
    private var earlyInstances: [SeriesKey: Int] = [:]
    /// Events and to-dos without a DTSTART expansion can use, left out: their names, UIDs and first lines.
    private(set) var leftOut: [(name: String, uid: String?, line: Int?, isOverride: Bool)] = []
    /// The TZIDs of the events' starts, each with the line of its first event.
    private var startZones: [String: Int?] = [:]
    /// The TZIDs neither the file nor the tz database defines, whose times are read as floating,
    /// each with the line of its first event; known once `finish` has run.
    private(set) var floatingZones: [(tzid: String, line: Int?)] = []
    private var instances = 0
    private var output = FormattedOccurrences()

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

    /// Takes the next property or component of the merged calendar.
    package mutating func take(_ event: CalendarStreamEvent) {
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
            switch CalendarRouter.handler(for: component) {
            case .zoneRules:
                zones.append(component)
                if let resolver, !resolver.define(component) { readLate = true }
            case .recurrenceEngine:
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
                keep(component, read.madeUID == nil ? read.source : nil, index: index)
            case .none: break
            }
        }
    }

    /// The whole output: header, occurrences sorted by start and UID, footer.
    package mutating func finish() throws -> [UInt8] {
        expandPending()
        collectInFlight()
        if expandsEarly && !prepare() { readLate = true }
        // Counted per component, the early expansions can only count too many where a UID came
        // again or zones came late; without either, an overrun stands without expanding again.
        if overran && !readLate && metAgain.isEmpty { throw overBudget }
        let again = expandsEarly ? series.filter { metAgain.contains($0) } : series
        if expandsEarly {
            instances -= again.reduce(0) { $0 + earlyInstances[$1, default: 0] }
        } else {
            // Start over with every zone known.
            output = FormattedOccurrences()
            instances = 0
            resolver = nil
            guard prepare() else { throw unknownDisplayZone }
        }
        output.dropSeries(Set(again.map { ordinals[$0]! }))
        var units = again.map { SeriesUnit(ordinal: ordinals[$0]!, key: $0, members: members[ordinals[$0]!]) }
        let used = expand(&units)
        guard used.allSatisfy({ $0 >= 0 }), instances + used.reduce(0, +) <= budget else { throw overBudget }
        floatingZones = startZones.filter { resolver?.guessesZone(for: $0.key) ?? true }.map { ($0.key, $0.value) }
            .sorted { ($0.line ?? 0, $0.tzid) < ($1.line ?? 0, $1.tzid) }
        var text = OccurrenceFormat.header(format, properties: properties, zones: zones)
        output.appendSorted(to: &text)
        text += OccurrenceFormat.footer(format)
        return text
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

    private mutating func keep(_ component: Component, _ source: RawComponent?, index: Int) {
        let key = SeriesKey(of: component, index: index)
        // One lookup for the key: hashing every UID once more per table was a share of the reading thread.
        let ordinal: Int
        if let known = ordinals[key] {
            ordinal = known
            metAgain.insert(key)
        } else {
            ordinal = series.count
            ordinals[key] = ordinal
            series.append(key)
            members.append([])
        }
        members[ordinal].append(source.map { .text($0) } ?? .component(component))
        guard expandsEarly else { return }
        pending.append(SeriesUnit(ordinal: ordinal, key: key, members: [.component(component)]))
        if pending.count >= batchSize { expandPending() }
    }

    /// Expands the pending events as series of their own, on every core.
    private mutating func expandPending() {
        guard !pending.isEmpty else { return }
        var units = pending
        pending = []
        guard expandsEarly else { return }
        guard prepare() else {
            readLate = true
            return
        }
        collectInFlight()
        guard expandsEarly else { return }
        inFlight = start(&units)
    }

    /// Waits for the batch in flight and takes in its occurrences and the instances it used.
    private mutating func collectInFlight() {
        guard let (keys, used) = takeInFlight() else { return }
        for (key, count) in zip(keys, used) { earlyInstances[key, default: 0] += count }
        instances += used.reduce(0, +)
        if used.contains(where: { $0 < 0 }) || instances > budget { overran = true }
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

    /// Expands and formats the units on every core into `output`; returns the rule instances each
    /// used, -1 for one that ran over the budget.
    private mutating func expand(_ units: inout [SeriesUnit]) -> [Int] {
        inFlight = start(&units)
        return takeInFlight()!.used
    }

    /// Waits for the batch in flight, adds its occurrences to `output`, and returns its keys with the
    /// rule instances each unit used (-1: over budget).
    private mutating func takeInFlight() -> (keys: [SeriesKey], used: [Int])? {
        guard var flight = inFlight.take() else { return nil }
        var used: [Int] = []
        flight.formatting.finish { batch in
            for chunk in batch.gathered { output.append(chunk) }
            used = batch.outputs
        }
        return (flight.keys, used)
    }

    /// Starts expanding and formatting the units on every core, each worker's occurrences into one
    /// chunk. The units are taken away, so that the components die on the worker that expanded them:
    /// freeing the parsed model was a tenth of the main thread.
    private func start(_ units: inout [SeriesUnit]) -> (keys: [SeriesKey], formatting: OrderedParallelMap<SeriesUnit, Int, OccurrenceChunk>) {
        // The window is read in --tz when given, as CalendarExpansion reads it.
        let context = SeriesFormatting(window: SeriesExpansion.Window(start: window.start, end: window.end, zone: display),
                                       format: format, selection: selection, display: display, resolver: resolver!,
                                       budget: InstanceBudget(max(0, budget - instances)))
        let keys = units.map(\.key)
        var formatting = OrderedParallelMap<SeriesUnit, Int, OccurrenceChunk> { share in
            var chunk = OccurrenceChunk()
            let used = context.expandAndFormat(share, into: &chunk)
            return (used, chunk)
        }
        formatting.submit(&units) { _ in }
        return (keys, formatting)
    }
}

/// How an event or to-do is kept to be read again: its text, or the component itself when it came
/// from a format read whole (JSON, xCal, jCal).
enum Kept: Sendable {
    case text(RawComponent)
    case component(Component)

    /// The component, read again from its text with the properties in `selection`.
    func component(_ selection: PropertySelection?) -> Component? {
        switch self {
        case .component(let component): return component
        case .text(let raw):
            var reader = ComponentReader(file: "", checksWithLibical: false)
            reader.selection = selection
            return reader.read(raw).component
        }
    }
}

/// Components expanded as one series; `ordinal` is the series' place in the file (first appearance).
struct SeriesUnit: Sendable {
    var ordinal: Int
    var key: SeriesKey
    var members: [Kept]
}

/// What one worker needs to expand and format series: all of it read-only.
struct SeriesFormatting: Sendable {
    var window: SeriesExpansion.Window
    var format: OccurrenceOutput
    var selection: PropertySelection?
    var display: (any ZoneRules)?
    var resolver: TimeZoneResolver
    var budget: InstanceBudget

    /// One series expanded, not yet formatted; `nil` occurrences when it ran over the budget.
    struct Expanded {
        var ordinal: Int
        var occurrences: [Occurrence]?
        /// The texts every occurrence shares when the series is one component.
        var alone: OccurrenceTexts?
        var instances: Int
    }

    /// The unit's occurrences and the rule instances they used (-1 when over the budget).
    func expand(_ unit: SeriesUnit) -> Expanded {
        let components = unit.members.compactMap { $0.component(selection) }
        var expansion = SeriesExpansion()
        components.forEach { expansion.add($0) }
        let allowed = budget.remaining
        var remaining = allowed
        guard let occurrences = try? expansion.occurrences(in: window, resolver: resolver, budget: &remaining) else {
            budget.spend(allowed + 1)
            return Expanded(ordinal: unit.ordinal, occurrences: nil, alone: nil, instances: -1)
        }
        budget.spend(allowed - remaining)
        // A series of one component describes every occurrence with it: read its texts once.
        let alone = components.count == 1 ? occurrences.first.map { OccurrenceTexts($0, for: format) } : nil
        return Expanded(ordinal: unit.ordinal, occurrences: occurrences, alone: alone, instances: allowed - remaining)
    }

    /// Expands a worker's units, then formats them into `chunk` unless the batch went over the
    /// budget (it fails then whatever the series hold, and formatting millions of flooding
    /// occurrences would be waste); returns each unit's rule instances, -1 over budget.
    func expandAndFormat(_ units: [SeriesUnit], into chunk: inout OccurrenceChunk) -> [Int] {
        let expanded = units.map(expand)
        guard !budget.isOverspent else { return expanded.map { _ in -1 } }
        for series in expanded {
            for (position, occurrence) in (series.occurrences ?? []).enumerated() {
                let start = chunk.bytes.count
                OccurrenceFormat.append(occurrence, series.alone ?? OccurrenceTexts(occurrence, for: format), as: format, shownIn: display,
                                        to: &chunk.bytes)
                chunk.records.append(FormattedOccurrences.Record(
                    second: occurrence.start.orderingSecond(floatingZone: window.zone), uid: occurrence.uid,
                    series: series.ordinal, position: position, chunk: 0, bytes: start..<chunk.bytes.count))
            }
        }
        return expanded.map(\.instances)
    }
}

/// The rule instances a batch may still generate, shared by its workers: each series may use what
/// is left when it starts, so a batch of flooding rules stops after about one budget per worker
/// rather than one per series.
final class InstanceBudget: @unchecked Sendable {
    private let lock = NSLock()
    private var left: Int
    private var overspent = false

    init(_ instances: Int) {
        left = instances
    }

    var remaining: Int {
        lock.lock()
        defer { lock.unlock() }
        return left
    }

    /// More was spent than there was: the batch as a whole is over the budget.
    var isOverspent: Bool {
        lock.lock()
        defer { lock.unlock() }
        return overspent
    }

    func spend(_ instances: Int) {
        lock.lock()
        overspent = overspent || instances > left
        left = max(0, left - instances)
        lock.unlock()
    }
}
