import CalendarModel
import Platform
import TimeZones

/// The zones an expansion reads times in: the calendar's (its VTIMEZONEs and X-WR-TIMEZONE, as
/// read so far) and the one `--tz` names.
struct ExpansionZones {
    let resolver: TimeZoneResolver
    /// The zone occurrences are shown in; nil without `--tz`.
    let display: (any ZoneRules)?

    /// Zones from the calendar's properties and VTIMEZONEs; nil when `--tz` names a zone that
    /// neither they nor the tz database define (the rest of the file may still define it).
    init?(properties: [Property], zones: [Component], displayZoneName: String?) {
        let view = EventCalendar(component: Component(name: "VCALENDAR", properties: properties, components: zones))
        resolver = TimeZoneResolver(definitions: view.timeZoneDefinitions, calendarZone: view.timeZone)
        guard let displayZoneName else {
            display = nil
            return
        }
        guard let zone = resolver.zone(for: displayZoneName) else { return nil }
        display = zone
    }
}

/// Series expanded on every core with one set of zones into one set of sorted runs, one batch in
/// flight while the caller reads on: the early pass as the calendar is read, or the pass at the end.
struct ExpansionPass {
    let zones: ExpansionZones
    private var runs: OccurrenceRuns
    /// The rule instances the collected batches used.
    private(set) var instances = 0
    /// The batch the workers are expanding, with its units' series hashes.
    private var inFlight: (hashes: [Int], formatting: OrderedParallelMap<SeriesUnit, Int, OccurrenceChunk>)?

    /// What a collected batch used: each unit's series hash and rule instances (-1 over the budget).
    struct Used {
        var hashes: [Int]
        var instances: [Int]
    }

    init(zones: ExpansionZones, memoryBudget: Int) {
        self.zones = zones
        runs = OccurrenceRuns(memoryBudget: memoryBudget)
    }

    /// Whether the pass has gone over `budget`, counting the batch `used` collected last.
    func isOver(_ budget: Int, _ used: Used) -> Bool {
        used.instances.contains { $0 < 0 } || instances > budget
    }

    /// Starts expanding and formatting the units on every core, each worker's occurrences into one
    /// chunk; the batch in flight must have been collected. The units are taken away, so that the
    /// components die on the worker that expanded them: freeing the parsed model was a tenth of the
    /// main thread.
    mutating func start(_ units: inout [SeriesUnit], _ context: SeriesFormatting) {
        let hashes = units.map(\.seriesHash)
        var formatting = OrderedParallelMap<SeriesUnit, Int, OccurrenceChunk> { share in
            var chunk = OccurrenceChunk()
            let used = context.expandAndFormat(share, into: &chunk)
            return (used, chunk)
        }
        formatting.submit(&units) { _ in }
        inFlight = (hashes, formatting)
    }

    /// Waits for the batch in flight and takes in its occurrences and the instances it used; nil
    /// when no batch is in flight. Fails when a worker could not write a scratch file.
    mutating func collect() throws -> Used? {
        guard var flight = inFlight.take() else { return nil }
        var used: [Int] = []
        try flight.formatting.finish { batch in
            for chunk in batch.gathered { try runs.add(chunk) }
            used = batch.outputs
        }
        instances += used.reduce(0, +)
        return Used(hashes: flight.hashes, instances: used)
    }

    /// The early expansions are over: the occurrences of these series are left out of what was
    /// collected so far (see `OccurrenceRuns.dropEarly`).
    mutating func dropEarly(_ seriesHashes: Set<Int>) {
        runs.dropEarly(seriesHashes)
    }

    /// Gives back the instances the early expansions of series expanded again used.
    mutating func giveBack(_ count: Int) {
        instances -= count
    }

    /// Writes every occurrence's bytes in order, in pieces, through `write`.
    mutating func write(_ write: @escaping ([UInt8]) throws -> Void) throws {
        try runs.write(write)
    }
}
