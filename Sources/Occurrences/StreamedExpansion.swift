import CalendarModel
import Foundation
import ICalendar
import OrderedCollections
import Platform
import TimeZones

/// `expand` as the calendar is read, in memory that does not grow with the calendar: each batch of
/// events and to-dos is expanded and formatted on every core as soon as it is parsed; each worker
/// writes what it formatted out as sorted runs in a scratch file past its share of `memoryBudget`
/// (`ExpansionPass`), and the runs are merged into the output at the end (`OccurrenceRuns`). Each
/// event's text goes to a scratch file too (`KeptComponents`), and the series keys met are told apart
/// in a fixed space (`SeriesSightings`).
///
/// Every event or to-do is first expanded as a series of its own. A series (type and UID) met again
/// (overrides, a duplicate; told by its key's hash, so a rare clash only expands a series again)
/// is expanded once more at the end from the kept text, and the first results are dropped. A
/// VTIMEZONE or X-WR-TIMEZONE that comes after times were already read in another zone, or a budget
/// overrun, makes every series be expanded again at the end, with every zone known: the result is
/// always the one ``CalendarExpansion`` gives for the whole calendar.
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
    /// sorted run: a few megabytes, so that the merge reads few runs. Set before the first `take`.
    package var memoryBudget = 4 << 20

    /// The properties the reader need build: what expansion reads, or all of them for iCalendar
    /// output, which writes every property of an event into its occurrences.
    package let selection: PropertySelection?

    /// The window needs more rule instances than the budget.
    private var overBudget: UsageProblem {
        UsageProblem(
            message: "the window needs more than \(budget) rule instances (a rule with COUNT counts from its DTSTART); "
                + "narrow it or raise --max-instances")
    }

    /// Where the expansion stands while the calendar is read. The early pass (each event expanded
    /// as a series of its own as soon as it is read) lives only while its results may still stand.
    private enum Stage {
        /// No batch has been expanded yet; the zones are made for the first from what was read by then.
        case reading
        /// Events are expanded in batches as they are read, with the zones known when the first was.
        case expandingEarly(ExpansionPass)
        /// The early expansions used more rule instances than the budget. The resolver stays to tell
        /// whether a zone comes late, which makes expanding every series again worth trying.
        case overran(TimeZoneResolver)
        /// A zone (or the display zone) became known after times were read without it: every
        /// series is expanded again at the end, with every zone known.
        case zonesLate

        /// The resolver times were read with so far, if any.
        var resolver: TimeZoneResolver? {
            switch self {
            case .reading, .zonesLate: nil
            case .expandingEarly(let pass): pass.zones.resolver
            case .overran(let resolver): resolver
            }
        }
    }

    private var stage = Stage.reading
    private var properties: [Property] = []
    private var zones: [Component] = []
    private var componentsRead = 0
    /// The events read since the last early batch started; left empty once the early pass stopped.
    private var pending: [SeriesUnit] = []
    /// Every event and to-do, kept to expand a series again.
    private var kept = KeptComponents()
    private var guessed = ExpansionGuesses()

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
        // What `take` needs of each event is worked out on the workers that parse it.
        reader.study = { component in
            guard component.role == .series else { return () }
            return SeriesMemberNotes(component)
        }
        return reader
    }

    /// Takes the next property or component of the merged calendar; fails when a scratch file cannot
    /// be written.
    package mutating func take(_ event: CalendarStreamEvent) throws {
        switch event {
        case .property(let property):
            if property.name == "X-WR-TIMEZONE" && stage.resolver != nil && !properties.contains(where: { $0.name == property.name }) {
                try zonesCameLate()
            }
            properties.append(property)
        case .component(let read):
            guard let component = read.component else { return }
            let index = componentsRead
            componentsRead += 1
            switch component.role {
            case .zoneDefinition:
                zones.append(component)
                if let resolver = stage.resolver, !resolver.define(component) { try zonesCameLate() }
            case .series:
                // Components read whole (JSON, xCal, jCal) come without the workers' notes.
                let notes = read.notes as? SeriesMemberNotes ?? SeriesMemberNotes(component)
                guessed.note(notes.sighting, line: read.source?.firstLine)
                // A made UID may have been told apart from an equal item's, which reading the text again would not repeat.
                try keep(component, notes.key(index: index), read.madeUID == nil ? read.source : nil, index: index)
            case .carried: break
            }
        }
    }

    /// Writes the whole output through `write`, in pieces: header, occurrences sorted by start and
    /// UID, footer. Nothing is written when the expansion fails.
    package mutating func finish(_ write: @escaping ([UInt8]) throws -> Void) throws {
        try expandPending()
        try collectEarly()
        var pass: ExpansionPass
        let everySeries: Bool
        switch stage {
        case .reading:
            // No event or to-do was read, so none was expanded early.
            pass = try startOver()
            try pass.dropEarly([])
            everySeries = false
        case .expandingEarly(let early):
            pass = early
            try pass.dropEarly(kept.metAgain)
            everySeries = false
        // Counted per component, the early expansions can only count too many where a UID came
        // again or zones came late; without either, an overrun stands without expanding again.
        case .overran where kept.metAgain.isEmpty:
            throw overBudget
        case .overran, .zonesLate:
            pass = try startOver()
            try pass.dropEarly([])
            everySeries = true
        }
        try expandAgain(&pass, everySeries: everySeries)
        guessed.settle(with: pass.zones.resolver)
        try write(OccurrenceFormat.header(format, properties: properties, zones: zones))
        try pass.write(write)
        try write(OccurrenceFormat.footer(format))
    }

    /// What the expansion could not use as written, named for the user (`file` is the input's
    /// name): events left out for want of a usable DTSTART, whose absence must not look like a
    /// missing event, and TZIDs unknown to the file and the tz database, whose times were read as
    /// floating. Known once `finish` has run.
    package func guesses(in file: String) -> [Diagnostic] {
        guessed.diagnostics(in: file)
    }

    private mutating func keep(_ component: Component, _ series: (key: SeriesKey, hash: Int), _ source: RawComponent?, index: Int) throws {
        let (key, hash) = series
        try kept.keep(component, key: key, seriesHash: hash, source: source, index: index)
        switch stage {
        case .reading, .expandingEarly:
            pending.append(SeriesUnit(ordinal: index, key: key, seriesHash: hash, members: [.component(component)]))
            if pending.count >= batchSize { try expandPending() }
        case .overran, .zonesLate: break
        }
    }

    /// Expands the pending events as series of their own, on every core, once the batch in flight is
    /// collected; the first batch makes the zones.
    private mutating func expandPending() throws {
        guard !pending.isEmpty else { return }
        var units = pending
        pending = []
        if case .reading = stage {
            guard let zones = ExpansionZones(properties: properties, zones: zones, displayZoneName: displayZoneName) else {
                stage = .zonesLate
                return
            }
            stage = .expandingEarly(ExpansionPass(zones: zones, memoryBudget: memoryBudget))
        }
        try collectEarly()
        guard case .expandingEarly(var pass) = stage else { return }
        pass.start(&units, formatting(for: pass))
        stage = .expandingEarly(pass)
    }

    /// Waits for the early batch in flight and notes the instances it used per series, to give back
    /// if the series is expanded again; an overrun stops the early expansions.
    private mutating func collectEarly() throws {
        guard case .expandingEarly(var pass) = stage, let used = try pass.collect() else { return }
        for (hash, count) in zip(used.hashes, used.instances) { try kept.noteInstances(count, seriesHash: hash) }
        stage = pass.isOver(budget, used) ? .overran(pass.zones.resolver) : .expandingEarly(pass)
    }

    /// A zone came late: the early results are void. The batch in flight is still waited for, so
    /// that the workers are done (and a scratch file they could not write still fails the expansion).
    private mutating func zonesCameLate() throws {
        try collectEarly()
        stage = .zonesLate
    }

    /// A pass with zones made from the whole calendar; fails when `--tz` names no zone known.
    private func startOver() throws -> ExpansionPass {
        guard let zones = ExpansionZones(properties: properties, zones: zones, displayZoneName: displayZoneName) else {
            throw TimeZoneResolver(definitions: [:]).unknownDisplayZone(displayZoneName ?? "")
        }
        return ExpansionPass(zones: zones, memoryBudget: memoryBudget)
    }

    /// Expands at the end every series (`everySeries`) or those met again, from the kept texts, in
    /// batches on every core; a series met again is expanded whole once all its members are read.
    private mutating func expandAgain(_ pass: inout ExpansionPass, everySeries: Bool) throws {
        let metAgain = kept.metAgain
        guard everySeries || !metAgain.isEmpty else { return }
        let kept = try self.kept.flush()
        var groups: OrderedDictionary<SeriesKey, [KeptComponents.Entry]> = [:]
        var batch: [SeriesUnit] = []
        let givenBack = try kept.scan(countingInstancesOf: everySeries ? [] : metAgain) { entry in
            if metAgain.contains(entry.seriesHash) {
                groups[entry.key, default: []].append(entry)
            } else if everySeries {
                batch.append(
                    SeriesUnit(ordinal: entry.index, key: entry.key, seriesHash: entry.seriesHash, members: [try kept.member(entry)]))
                if batch.count >= batchSize { try submitAgain(&batch, to: &pass) }
            }
        }
        pass.giveBack(givenBack)
        for (key, entries) in groups {
            batch.append(
                SeriesUnit(
                    ordinal: entries[0].index, key: key, seriesHash: entries[0].seriesHash,
                    members: try entries.map(kept.member)))
            if batch.count >= batchSize { try submitAgain(&batch, to: &pass) }
        }
        try submitAgain(&batch, to: &pass)
        try collectAgain(&pass)
    }

    /// Starts a batch expanded again, once the one in flight is collected.
    private func submitAgain(_ batch: inout [SeriesUnit], to pass: inout ExpansionPass) throws {
        guard !batch.isEmpty else { return }
        try collectAgain(&pass)
        pass.start(&batch, formatting(for: pass))
    }

    /// Waits for the batch expanded again in flight: an overrun fails at once.
    private func collectAgain(_ pass: inout ExpansionPass) throws {
        guard let used = try pass.collect(), pass.isOver(budget, used) else { return }
        throw overBudget
    }

    /// What the workers need to expand and format a batch of the pass: the budget left, and the
    /// window read in `--tz` when given, as ``CalendarExpansion`` reads it.
    private func formatting(for pass: ExpansionPass) -> SeriesFormatting {
        let display = pass.zones.display
        return SeriesFormatting(
            window: SeriesExpansion.Window(start: window.start, end: window.end, zone: display),
            format: format, selection: selection, display: display, resolver: pass.zones.resolver,
            budget: InstanceBudget(max(0, budget - pass.instances)),
            // Half of each worker's part: a chunk's arrays may hold up to twice what they count.
            memoryBudget: memoryBudget / (2 * OrderedParallelMap<SeriesUnit, Int, Void>.workers))
    }
}
