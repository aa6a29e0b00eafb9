import CalendarModel
import Foundation
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
///
/// Each worker formats into a chunk kept from batch to batch (`WorkerChunks`) and writes it out as
/// a sorted run itself once past its share of the memory budget; between batches the caller takes
/// only the runs' places, so that sorting and merging the occurrences as they come is the workers'
/// work, and the caller's is the one merge at the end.
struct ExpansionPass {
    let zones: ExpansionZones
    private var runs: OccurrenceRuns
    private let chunks = WorkerChunks()
    /// The rule instances the collected batches used.
    private(set) var instances = 0
    /// The batch the workers are expanding, with its units' series hashes.
    private var inFlight: (hashes: [Int], formatting: OrderedParallelMap<SeriesUnit, Int, Void>)?

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

    /// Starts expanding and formatting the units on every core, each worker's occurrences into a
    /// chunk of `chunks`; the batch in flight must have been collected. The units are taken away, so
    /// that the components die on the worker that expanded them: freeing the parsed model was a
    /// tenth of the main thread.
    mutating func start(_ units: inout [SeriesUnit], _ context: SeriesFormatting) {
        let hashes = units.map(\.seriesHash)
        var formatting = OrderedParallelMap<SeriesUnit, Int, Void> { [chunks] share in
            var chunk = chunks.take()
            let used = context.expandAndFormat(share, into: &chunk)
            chunks.put(chunk)
            return (used, ())
        }
        formatting.submit(&units) { _ in }
        inFlight = (hashes, formatting)
    }

    /// Waits for the batch in flight and takes in its occurrences and the instances it used; nil
    /// when no batch is in flight. Fails when a worker could not write a scratch file.
    mutating func collect() throws -> Used? {
        guard var flight = inFlight.take() else { return nil }
        var used: [Int] = []
        flight.formatting.finish { batch in used = batch.outputs }
        for written in chunks.handOverRuns() { try runs.add(written) }
        instances += used.reduce(0, +)
        return Used(hashes: flight.hashes, instances: used)
    }

    /// The early expansions are over: the occurrences of these series are left out of what was
    /// collected so far (see `OccurrenceRuns.dropEarly`).
    mutating func dropEarly(_ seriesHashes: Set<Int>) throws {
        try takeChunks()
        runs.dropEarly(seriesHashes)
    }

    /// Gives back the instances the early expansions of series expanded again used.
    mutating func giveBack(_ count: Int) {
        instances -= count
    }

    /// Writes every occurrence's bytes in order, in pieces, through `write`.
    mutating func write(_ write: @escaping ([UInt8]) throws -> Void) throws {
        try takeChunks()
        try runs.write(write)
    }

    /// Takes the workers' chunks in, sorted: the occurrences formatted so far are all in `runs`.
    private mutating func takeChunks() throws {
        for var chunk in chunks.takeAll() {
            chunk.sort()
            try runs.add(chunk)
        }
    }
}

/// The chunks the workers of a pass format into, kept between batches: a worker takes one (or a new
/// one) when its share starts and puts it back when done, so there are never more than workers.
/// `@unchecked Sendable`: `chunks` is touched only under `lock`.
final class WorkerChunks: @unchecked Sendable {
    private let lock = NSLock()
    private var chunks: [OccurrenceChunk] = []

    func take() -> OccurrenceChunk {
        lock.withLock { chunks.popLast() } ?? OccurrenceChunk()
    }

    func put(_ chunk: OccurrenceChunk) {
        lock.withLock { chunks.append(chunk) }
    }

    /// The runs each chunk wrote since last asked; between batches, while no worker runs.
    func handOverRuns() -> [OccurrenceChunk] {
        lock.withLock { chunks.indices.map { chunks[$0].handOverRuns() } }
    }

    /// Every chunk, leaving none; once no worker runs.
    func takeAll() -> [OccurrenceChunk] {
        lock.withLock {
            defer { chunks = [] }
            return chunks
        }
    }
}
