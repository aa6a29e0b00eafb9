import Platform

/// Occurrences one worker formatted: their bytes one after another, their UIDs (each once per run of
/// occurrences that share it) and a record of each, sorted by the worker (`sort`) so that the caller
/// only merges; what passed the worker's memory budget went to sorted runs of its own (`spill`).
struct OccurrenceChunk {
    var bytes: [UInt8] = []
    var uids: [UInt8] = []
    var records: [OccurrenceRecord] = []
    /// The UID last appended, and its record's UID fields, for the next occurrence of the series.
    private var lastUID: (uid: String, record: OccurrenceRecord)?
    /// The runs the worker wrote, all in `file`.
    fileprivate(set) var spilled: [Range<Int>] = []
    fileprivate(set) var file: ScratchFile?
    /// The last occurrence of the last run written, and its UID's bytes.
    private var lastSpilled: (record: OccurrenceRecord, uid: [UInt8])?
    /// Why a run could not be written; the caller fails with it.
    fileprivate(set) var failure: Error?

    /// Appends an occurrence that `format` appends the bytes of.
    mutating func append(
        second: Int, uid: String, series: Int, position: Int, seriesHash: Int, _ format: (inout [UInt8]) -> Void
    ) {
        var record: OccurrenceRecord
        if let last = lastUID, last.uid == uid {
            record = last.record
        } else {
            let start = uids.count
            uids += uid.utf8
            let traits = uids.withUnsafeBytes { OccurrenceRecord.uidTraits(UnsafeRawBufferPointer(rebasing: $0[start...])) }
            record = OccurrenceRecord(
                second: 0, series: 0, position: 0, seriesHash: 0, uidPrefix: traits.prefix, uid: start..<uids.count, bytes: 0..<0,
                uidIsASCII: traits.isASCII)
            lastUID = (uid, record)
        }
        let start = bytes.count
        format(&bytes)
        (record.second, record.series, record.position, record.seriesHash) = (second, series, position, seriesHash)
        record.bytes = start..<bytes.count
        records.append(record)
    }

    mutating func sort() {
        uids.withUnsafeBytes { uids in
            records.sort { a, b in
                OccurrenceRecord.precedes(a, b) {
                    $0(UnsafeRawBufferPointer(rebasing: uids[a.uid]), UnsafeRawBufferPointer(rebasing: uids[b.uid]))
                }
            }
        }
    }

    /// What the chunk holds, counted as the memory budget counts it.
    var size: Int { bytes.count + uids.count + records.count * MemoryLayout<OccurrenceRecord>.stride }

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
            try uids.withUnsafeBytes { uids in
                try bytes.withUnsafeBytes { bytes in
                    for record in records {
                        try writer.append(
                            record, UnsafeRawBufferPointer(rebasing: uids[record.uid]),
                            UnsafeRawBufferPointer(rebasing: bytes[record.bytes]))
                    }
                }
            }
            try writer.flush()
            if followsLastSpilled(), let run = spilled.popLast() {
                spilled.append(run.lowerBound..<file.count)
            } else {
                spilled.append(start..<file.count)
            }
            if let last = records.last { lastSpilled = (last, Array(uids[last.uid])) }
        } catch {
            failure = failure ?? error
        }
        // The capacity is kept: the worker fills the chunk again, and growing it afresh after every
        // spill faulted in new pages each time.
        bytes.removeAll(keepingCapacity: true)
        uids.removeAll(keepingCapacity: true)
        records.removeAll(keepingCapacity: true)
        lastUID = nil
    }

    /// The runs written so far (and why one could not be), handed over as a chunk of no occurrences
    /// in memory; this chunk keeps its file for the runs it writes next.
    mutating func handOverRuns() -> OccurrenceChunk {
        var runs = OccurrenceChunk()
        (runs.spilled, runs.file, runs.failure) = (spilled, file, failure)
        spilled = []
        lastSpilled = nil
        failure = nil
        return runs
    }

    /// Whether the (sorted) records all come after the last one of the last run written.
    private func followsLastSpilled() -> Bool {
        guard let last = lastSpilled, let first = records.first else { return false }
        return OccurrenceRecord.precedes(last.record, first) { order in
            last.uid.withUnsafeBytes { lastUID in uids.withUnsafeBytes { order(lastUID, UnsafeRawBufferPointer(rebasing: $0[first.uid])) } }
        }
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
    private static let fanIn = 128
    private var chunks: [OccurrenceChunk] = []
    private var chunkBytes = 0
    private var file: ScratchFile?
    private var runs: [Run] = []
    /// How many of `runs`, at the front, are merges of earlier runs.
    private var mergedRuns = 0
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
            if runs.count >= Self.fanIn { try mergeRuns() }
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
            try merge(chunks.map { ChunkCursor($0) }) { _, _, bytes in try out.append(bytes) }
        } else {
            try spillChunks()
            try merge(runs.map { try SpilledRunCursor($0.file, $0.range, isEarly: $0.isEarly) }) { _, _, bytes in try out.append(bytes) }
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
        try merge(chunks.map { ChunkCursor($0) }) { record, uid, bytes in try writer.append(record, uid, bytes) }
        try writer.flush()
        runs.append(Run(file: file, range: start..<file.count, isEarly: dropped == nil))
        spilledRuns += 1
        chunks = []
        chunkBytes = 0
        if runs.count >= Self.fanIn { try mergeRuns() }
    }

    /// Merges the runs added since the last merge into one, in a new scratch file, or every run when
    /// those are too few: a merged run is not copied again at every `fanIn` runs.
    private mutating func mergeRuns() throws {
        let start = runs.count - mergedRuns >= 2 ? mergedRuns : 0
        let merged = try ScratchFile()
        var writer = RunWriter(file: merged)
        let cursors = try runs[start...].map { try SpilledRunCursor($0.file, $0.range, isEarly: $0.isEarly) }
        try merge(cursors) { record, uid, bytes in try writer.append(record, uid, bytes) }
        try writer.flush()
        runs[start...] = [Run(file: merged, range: 0..<merged.count, isEarly: dropped == nil)]
        mergedRuns = start + 1
        file = merged
        spilledRuns += 1
    }

    /// Hands on every record of the sorted cursors in order (k-way, by a binary heap of their heads),
    /// with its UID's and its own bytes, leaving out the dropped series of early runs.
    private func merge<Cursor: OccurrenceCursor>(
        _ sources: [Cursor], _ emit: (OccurrenceRecord, UnsafeRawBufferPointer, UnsafeRawBufferPointer) throws -> Void
    ) throws {
        var heads = HeadHeap(sources)
        while !heads.isEmpty {
            try heads.withTop { record, isEarly, uid, bytes in
                if !(isEarly && dropped?.contains(record.seriesHash) == true) { try emit(record, uid, bytes) }
            }
            try heads.advanceTop()
        }
    }
}

/// The cursors of a merge and a min-heap of their heads, each with its cursor's number.
private struct HeadHeap<Cursor: OccurrenceCursor> {
    /// A cursor's head and the cursor's number: a struct, as an array of tuples is copied through
    /// the runtime's generic tuple witnesses.
    struct Head {
        var record: OccurrenceRecord
        var cursor: Int
    }

    private var cursors: [Cursor]
    private var items: [Head]

    init(_ cursors: [Cursor]) {
        self.cursors = cursors
        items = cursors.indices.compactMap { index in cursors[index].head.map { Head(record: $0, cursor: index) } }
        for index in stride(from: items.count / 2 - 1, through: 0, by: -1) { siftDown(from: index) }
    }

    var isEmpty: Bool { items.isEmpty }

    /// Calls `body` with the top's record, whether its cursor may hold early occurrences, and its
    /// UID's and its own bytes (there must be a top). Here, so that the cursor is not copied out.
    func withTop(_ body: (OccurrenceRecord, Bool, UnsafeRawBufferPointer, UnsafeRawBufferPointer) throws -> Void) rethrows {
        let top = items[0]
        try cursors[top.cursor].withHead { uid, bytes in try body(top.record, cursors[top.cursor].isEarly, uid, bytes) }
    }

    /// Moves the top's cursor on and puts its next head in its place, or takes the top out when the
    /// cursor is done.
    mutating func advanceTop() throws {
        let cursor = items[0].cursor
        try cursors[cursor].advance()
        if let next = cursors[cursor].head {
            items[0] = Head(record: next, cursor: cursor)
        } else {
            let last = items.removeLast()
            guard !items.isEmpty else { return }
            items[0] = last
        }
        siftDown(from: 0)
    }

    private func precedes(_ a: Head, _ b: Head) -> Bool {
        OccurrenceRecord.precedes(a.record, b.record) { order in
            cursors[a.cursor].withHead { aUID, _ in cursors[b.cursor].withHead { bUID, _ in order(aUID, bUID) } }
        }
    }

    private mutating func siftDown(from start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1, right = left + 1
            var least = parent
            if left < items.count && precedes(items[left], items[least]) { least = left }
            if right < items.count && precedes(items[right], items[least]) { least = right }
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

    mutating func append(_ bytes: UnsafeRawBufferPointer) throws {
        piece.append(storedBytes: bytes)
        if piece.count >= Self.size { try flush() }
    }

    mutating func flush() throws {
        guard !piece.isEmpty else { return }
        try write(piece)
        piece.removeAll(keepingCapacity: true)
    }
}
