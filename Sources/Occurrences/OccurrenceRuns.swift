import Platform

/// Where one formatted occurrence's bytes are, and what it is ordered by.
struct OccurrenceRecord {
    /// The start as ``CalendarExpansion`` orders it (UTC seconds, or wall clock for floating times).
    var second: Int
    var uid: String
    /// The series' place in the file (the index of its first component) and the occurrence's place
    /// in its series: ties keep the order the whole-calendar expansion gives, and no two occurrences
    /// share a key, so any merge of sorted runs gives one order.
    var series: Int
    var position: Int
    /// The series key's hash: the early occurrences of a series expanded again are dropped by it.
    var seriesHash: Int
    var bytes: Range<Int>

    /// The output's order: by start, then UID (as `expand` promises), then place in the file.
    static func precedes(_ a: Self, _ b: Self) -> Bool {
        (a.second, a.uid, a.series, a.position) < (b.second, b.uid, b.series, b.position)
    }
}

/// Occurrences one worker formatted: their bytes one after another and a record of each, sorted by
/// the worker (`sort`) so that the caller only merges; what passed the worker's memory budget went
/// to sorted runs of its own (`spill`).
struct OccurrenceChunk {
    var bytes: [UInt8] = []
    var records: [OccurrenceRecord] = []
    /// The runs the worker wrote, all in `file`.
    private(set) var spilled: [Range<Int>] = []
    private(set) var file: ScratchFile?
    /// The last occurrence of the last run written.
    private var lastSpilled: OccurrenceRecord?
    /// Why a run could not be written; the caller fails with it.
    private(set) var failure: Error?

    mutating func sort() {
        records.sort(by: OccurrenceRecord.precedes)
    }

    /// What the chunk holds, counted as the memory budget counts it.
    var size: Int { bytes.count + records.count * MemoryLayout<OccurrenceRecord>.stride }

    /// Sorts the occurrences and writes them out as a run, leaving the chunk empty. Occurrences that
    /// all follow the last one written lengthen its run: a series formatted in order, however many
    /// times it passes the budget, makes one run, so that the merge holds one occurrence of it.
    mutating func spill() {
        sort()
        do {
            let file = try self.file ?? ScratchFile()
            self.file = file
            let start = file.count
            var writer = RunWriter(file: file)
            for record in records { try writer.append(record, bytes[record.bytes]) }
            try writer.flush()
            if let last = lastSpilled, let first = records.first, OccurrenceRecord.precedes(last, first), let run = spilled.popLast() {
                spilled.append(run.lowerBound..<file.count)
            } else {
                spilled.append(start..<file.count)
            }
            lastSpilled = records.last ?? lastSpilled
        } catch {
            failure = failure ?? error
        }
        // Not keeping the capacity: the chunk goes to the caller with what the worker formats after
        // this, and the caller holds chunks by what they count, not by what they once held.
        bytes = []
        records = []
    }
}

/// Formatted occurrences on their way to the output in order, in bounded memory: sorted chunks stay
/// in memory until they pass `memoryBudget`, then are merged into one sorted run written to a
/// scratch file; at the end every run is merged (k-way) into the output. Runs past `fanIn` are merged
/// into one first, so the merge's read buffers stay bounded however long the calendar is.
struct OccurrenceRuns {
    /// A run in a scratch file; `isEarly` while the early expansions' dropped series may be in it.
    private struct Run {
        var file: ScratchFile
        var range: Range<Int>
        var isEarly: Bool
    }

    var memoryBudget: Int
    private static let fanIn = 64
    private var chunks: [OccurrenceChunk] = []
    private var chunkBytes = 0
    private var file: ScratchFile?
    private var runs: [Run] = []
    /// The hashes of the series expanded again, whose early occurrences are left out; nil until known.
    private var dropped: Set<Int>?

    init(memoryBudget: Int) {
        self.memoryBudget = memoryBudget
    }

    /// How many runs went to the scratch file (those merged into bigger ones included).
    private(set) var spilledRuns = 0

    mutating func add(_ chunk: OccurrenceChunk) throws {
        if let failure = chunk.failure { throw failure }
        if let file = chunk.file {
            runs += chunk.spilled.map { Run(file: file, range: $0, isEarly: dropped == nil) }
            spilledRuns += chunk.spilled.count
        }
        guard !chunk.records.isEmpty else { return }
        chunkBytes += chunk.size
        chunks.append(chunk)
        if chunkBytes > memoryBudget { try spillChunks() }
    }

    /// The early expansions are over: the occurrences of these series (by key hash) are left out of
    /// what was added so far; what is added from now on is kept whole.
    mutating func dropEarly(_ seriesHashes: Set<Int>) {
        dropped = seriesHashes
        guard !seriesHashes.isEmpty else { return }
        for index in chunks.indices {
            chunks[index].records.removeAll { seriesHashes.contains($0.seriesHash) }
        }
    }

    /// Writes every occurrence's bytes in order, in pieces, through `write`.
    mutating func write(_ write: @escaping ([UInt8]) throws -> Void) throws {
        var out = OutputPieces(write: write)
        if runs.isEmpty {
            try merge(chunks.map { ChunkCursor($0) }) { record, bytes in try out.append(bytes) }
        } else {
            try spillChunks()
            try merge(runs.map { try SpilledRunCursor($0.file, $0.range, isEarly: $0.isEarly) }) { _, bytes in try out.append(bytes) }
        }
        try out.flush()
    }

    /// Merges the chunks in memory into one run in the scratch file, then the runs into one when
    /// there are `fanIn` of them.
    private mutating func spillChunks() throws {
        guard !chunks.isEmpty else { return }
        let file = try self.file ?? ScratchFile()
        self.file = file
        let start = file.count
        var writer = RunWriter(file: file)
        try merge(chunks.map { ChunkCursor($0) }) { record, bytes in try writer.append(record, bytes) }
        try writer.flush()
        runs.append(Run(file: file, range: start..<file.count, isEarly: dropped == nil))
        spilledRuns += 1
        chunks = []
        chunkBytes = 0
        if runs.count >= Self.fanIn { try mergeRuns() }
    }

    /// Merges every run into one, in a new scratch file; the old ones are freed.
    private mutating func mergeRuns() throws {
        let merged = try ScratchFile()
        var writer = RunWriter(file: merged)
        let cursors = try runs.map { try SpilledRunCursor($0.file, $0.range, isEarly: $0.isEarly) }
        try merge(cursors) { record, bytes in try writer.append(record, bytes) }
        try writer.flush()
        runs = [Run(file: merged, range: 0..<merged.count, isEarly: dropped == nil)]
        file = merged
        spilledRuns += 1
    }

    /// Hands on every record of the sorted cursors in order (k-way, by a binary heap of their heads),
    /// leaving out the dropped series of early runs.
    private func merge<Cursor: OccurrenceCursor>(_ sources: [Cursor], _ emit: (OccurrenceRecord, ArraySlice<UInt8>) throws -> Void) throws {
        var cursors = sources
        var heads = HeadHeap(cursors.indices.compactMap { index in cursors[index].head.map { HeadHeap.Head(record: $0, cursor: index) } })
        while let head = heads.top {
            let cursor = head.cursor
            if !(cursors[cursor].isEarly && dropped?.contains(head.record.seriesHash) == true) {
                try emit(head.record, cursors[cursor].bytes(of: head.record))
            }
            try cursors[cursor].advance()
            heads.replaceTop(with: cursors[cursor].head.map { HeadHeap.Head(record: $0, cursor: cursor) })
        }
    }
}

/// A min-heap of the cursors' heads, each with its cursor's number.
private struct HeadHeap {
    /// A cursor's head and the cursor's number: a struct, as an array of tuples is copied through
    /// the runtime's generic tuple witnesses.
    struct Head {
        var record: OccurrenceRecord
        var cursor: Int
    }

    private var items: [Head]

    init(_ heads: [Head]) {
        items = heads
        for index in stride(from: items.count / 2 - 1, through: 0, by: -1) { siftDown(from: index) }
    }

    var top: Head? { items.first }

    /// Puts the top's cursor's next head in its place, or takes the top out when the cursor is done.
    mutating func replaceTop(with next: Head?) {
        if let next {
            items[0] = next
        } else {
            let last = items.removeLast()
            guard !items.isEmpty else { return }
            items[0] = last
        }
        siftDown(from: 0)
    }

    private mutating func siftDown(from start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1, right = left + 1
            var least = parent
            if left < items.count && OccurrenceRecord.precedes(items[left].record, items[least].record) { least = left }
            if right < items.count && OccurrenceRecord.precedes(items[right].record, items[least].record) { least = right }
            guard least != parent else { return }
            items.swapAt(parent, least)
            parent = least
        }
    }
}

/// The output in pieces of about a quarter of a megabyte, so that it is never held whole.
private struct OutputPieces {
    let write: ([UInt8]) throws -> Void
    var piece: [UInt8] = []
    private static let size = 1 << 18

    init(write: @escaping ([UInt8]) throws -> Void) {
        self.write = write
    }

    mutating func append(_ bytes: ArraySlice<UInt8>) throws {
        piece += bytes
        if piece.count >= Self.size { try flush() }
    }

    mutating func flush() throws {
        guard !piece.isEmpty else { return }
        try write(piece)
        piece.removeAll(keepingCapacity: true)
    }
}
