/// Occurrences one worker formatted: their bytes one after another, and a record of each.
struct OccurrenceChunk {
    var bytes: [UInt8] = []
    var records: [FormattedOccurrences.Record] = []
}

/// Occurrences already formatted, kept as a few large chunks of bytes and a small record each, so
/// that ordering them moves records, not text.
struct FormattedOccurrences {
    /// Where one occurrence's bytes are, and what it is ordered by.
    struct Record {
        /// The start as `CalendarExpansion` orders it (UTC seconds, or wall clock for floating times).
        var second: Int
        var uid: String
        /// The series' place in the file and the occurrence's place in its series: ties keep the
        /// order the whole-calendar expansion gives.
        var series: Int
        var position: Int
        var chunk: Int
        var bytes: Range<Int>
    }

    private var chunks: [[UInt8]] = []
    private var records: [Record] = []

    mutating func append(_ chunk: OccurrenceChunk) {
        let index = chunks.count
        chunks.append(chunk.bytes)
        records += chunk.records.map { record in
            var placed = record
            placed.chunk = index
            return placed
        }
    }

    /// Forgets the occurrences of these series (by place in the file).
    mutating func dropSeries(_ ordinals: Set<Int>) {
        guard !ordinals.isEmpty else { return }
        records.removeAll { ordinals.contains($0.series) }
    }

    /// Appends every occurrence's bytes, sorted by start, then UID, to `out` (which grows once).
    func appendSorted(to out: inout [UInt8]) {
        let order = records.sorted { a, b in (a.second, a.uid, a.series, a.position) < (b.second, b.uid, b.series, b.position) }
        out.reserveCapacity(out.count + order.reduce(0) { $0 + $1.bytes.count })
        for record in order { out += chunks[record.chunk][record.bytes] }
    }
}
