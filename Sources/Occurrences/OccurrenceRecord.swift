/// Where one formatted occurrence's bytes are, and what it is ordered by, in fixed width: a merge
/// compares integers, and reads the UIDs themselves only when two occurrences start at one second and
/// the UIDs' first bytes do not tell them apart.
struct OccurrenceRecord {
    /// The start as ``CalendarExpansion`` orders it (UTC seconds, or wall clock for floating times).
    var second: Int
    /// The series' place in the file (the index of its first component) and the occurrence's place
    /// in its series: ties keep the order the whole-calendar expansion gives, and no two occurrences
    /// share a key, so any merge of sorted runs gives one order.
    var series: Int
    var position: Int
    /// The series key's hash: the early occurrences of a series expanded again are dropped by it.
    var seriesHash: Int
    /// The UID's first eight bytes, big-endian and padded with zeros: for two ASCII UIDs that differ
    /// there, their order.
    var uidPrefix: UInt64
    /// Where the UID's bytes and the occurrence's formatted bytes are in the source the record is
    /// read from (a chunk, a run's buffer).
    var uid: Range<Int>
    var bytes: Range<Int>
    /// Whether the UID is ASCII, whose bytes order as its String does; others are compared as Strings.
    var uidIsASCII: Bool

    /// The output's order: by start, then UID (as `expand` promises, in String order), then place in
    /// the file. `uids` gives both records' UID bytes, asked for only when start and prefix tie.
    static func precedes(
        _ a: Self, _ b: Self, uids: ((UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Bool) -> Bool
    ) -> Bool {
        if a.second != b.second { return a.second < b.second }
        if a.uidIsASCII && b.uidIsASCII && a.uidPrefix != b.uidPrefix { return a.uidPrefix < b.uidPrefix }
        return uids { aUID, bUID in
            let order = uidOrder(aUID, a.uidIsASCII, bUID, b.uidIsASCII)
            return order != 0 ? order < 0 : (a.series, a.position) < (b.series, b.position)
        }
    }

    /// -1, 0 or 1 as the first UID comes before, with or after the second in String order: byte order
    /// for ASCII, which a String compares by its bytes too.
    private static func uidOrder(_ a: UnsafeRawBufferPointer, _ aIsASCII: Bool, _ b: UnsafeRawBufferPointer, _ bIsASCII: Bool) -> Int {
        guard aIsASCII && bIsASCII else {
            let first = String(decoding: a, as: UTF8.self), second = String(decoding: b, as: UTF8.self)
            return first < second ? -1 : second < first ? 1 : 0
        }
        for index in 0..<min(a.count, b.count) where a[index] != b[index] { return a[index] < b[index] ? -1 : 1 }
        return a.count < b.count ? -1 : a.count > b.count ? 1 : 0
    }

    /// The prefix and ASCII-ness of a UID's bytes.
    static func uidTraits(_ uid: UnsafeRawBufferPointer) -> (prefix: UInt64, isASCII: Bool) {
        var prefix: UInt64 = 0
        for index in 0..<8 { prefix = prefix << 8 | UInt64(index < uid.count ? uid[index] : 0) }
        return (prefix, !uid.contains { $0 >= 0x80 })
    }
}

extension [UInt8] {
    /// Appends bytes held in memory bound to bytes (an array's storage) in one copy: appended as an
    /// `UnsafeRawBufferPointer`, they would be copied one by one.
    mutating func append(storedBytes piece: UnsafeRawBufferPointer) {
        append(contentsOf: UnsafeBufferPointer(start: piece.baseAddress?.assumingMemoryBound(to: UInt8.self), count: piece.count))
    }

    /// Appends integers as 8-byte little-endian fields, in one copy.
    mutating func append(littleEndian fields: (Int, Int, Int, Int, Int, Int, Int)) {
        let values = (
            Int64(fields.0).littleEndian, Int64(fields.1).littleEndian, Int64(fields.2).littleEndian, Int64(fields.3).littleEndian,
            Int64(fields.4).littleEndian, Int64(fields.5).littleEndian, Int64(fields.6).littleEndian
        )
        Swift.withUnsafeBytes(of: values) { raw in raw.withMemoryRebound(to: UInt8.self) { append(contentsOf: $0) } }
    }
}
