import Platform

/// One series member as ``SeriesMembers`` sorts it: its fingerprint, and where its details stand
/// among all the members' (which also says in what order the members were met).
struct SeriesMemberRecord: Comparable {
    var fingerprint: UInt64
    var offset: UInt64
    var length: UInt64

    /// By fingerprint, then in the order met.
    static func < (a: Self, b: Self) -> Bool {
        (a.fingerprint, a.offset) < (b.fingerprint, b.offset)
    }
}

/// The series members written out: sorted runs of records one after another in one scratch file, and
/// the members' details in another, in the order met.
final class SpilledSeriesMembers {
    let details: ScratchFile
    private let records: ScratchFile
    /// Where each run ends, in records.
    private var runEnds: [Int] = []
    /// How many records each run is read by at a time in the merge.
    private static let readLength = 1024
    private static let stride = MemoryLayout<SeriesMemberRecord>.stride

    init() throws(AtomicFile.Failure) {
        details = try ScratchFile()
        records = try ScratchFile()
    }

    /// Writes a run of records, sorted.
    func write(_ run: [SeriesMemberRecord]) throws(AtomicFile.Failure) {
        guard !run.isEmpty else { return }
        let failure = run.withUnsafeBytes { bytes -> AtomicFile.Failure? in
            do throws(AtomicFile.Failure) {
                try records.append(bytes)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
        try records.flush()
        runEnds.append((runEnds.last ?? 0) + run.count)
    }

    /// Hands on every record of every run in fingerprint order, merging the runs (a binary heap of
    /// their heads), each read a block at a time.
    func merged(_ take: (SeriesMemberRecord) throws(AtomicFile.Failure) -> Void) throws(AtomicFile.Failure) {
        var cursors: [RunCursor] = []
        for (index, end) in runEnds.enumerated() {
            var cursor = RunCursor(next: index == 0 ? 0 : runEnds[index - 1], end: end)
            try cursor.advance(in: records)
            cursors.append(cursor)
        }
        var heads = RecordHeap(cursors.indices.compactMap { cursor in cursors[cursor].head.map { ($0, cursor) } })
        while let (record, cursor) = heads.top {
            try take(record)
            try cursors[cursor].advance(in: records)
            heads.replaceTop(with: cursors[cursor].head.map { ($0, cursor) })
        }
    }

    /// Where the merge stands in one run.
    private struct RunCursor {
        /// The records read and not yet handed on, the next last.
        var block: [SeriesMemberRecord] = []
        /// The next record of the run to read, and where the run ends.
        var next: Int
        let end: Int

        var head: SeriesMemberRecord? { block.last }

        /// Moves on to the next record, reading the next block when this one is done.
        mutating func advance(in file: ScratchFile) throws(AtomicFile.Failure) {
            _ = block.popLast()
            guard block.isEmpty, next < end else { return }
            let count = min(SpilledSeriesMembers.readLength, end - next)
            let bytes = try file.read(at: next * SpilledSeriesMembers.stride, count: count * SpilledSeriesMembers.stride)
            next += count
            block = bytes.withUnsafeBytes { raw in
                (0..<count).reversed().map {
                    raw.loadUnaligned(fromByteOffset: $0 * SpilledSeriesMembers.stride, as: SeriesMemberRecord.self)
                }
            }
        }
    }
}

/// A min-heap of the runs' heads, each with its run's number.
private struct RecordHeap {
    typealias Head = (record: SeriesMemberRecord, run: Int)
    private var items: [Head]

    init(_ heads: [Head]) {
        items = heads
        for index in stride(from: items.count / 2 - 1, through: 0, by: -1) { siftDown(from: index) }
    }

    var top: Head? { items.first }

    /// Puts the top's run's next head in its place, or takes the top out when the run is done.
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
            if left < items.count, items[left].record < items[least].record { least = left }
            if right < items.count, items[right].record < items[least].record { least = right }
            guard least != parent else { return }
            items.swapAt(parent, least)
            parent = least
        }
    }
}
