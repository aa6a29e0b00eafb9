import Platform

/// A sorted source of formatted occurrences that a merge reads from front to back.
protocol OccurrenceCursor {
    /// The next occurrence; nil once all were read.
    var head: OccurrenceRecord? { get }
    /// Calls `body` with the head's UID bytes and formatted bytes (there must be a head).
    func withHead<Result>(_ body: (_ uid: UnsafeRawBufferPointer, _ bytes: UnsafeRawBufferPointer) throws -> Result) rethrows -> Result
    /// Whether the source may hold early occurrences of series expanded again.
    var isEarly: Bool { get }
    mutating func advance() throws
}

/// A worker's sorted chunk, read in memory. Chunks still in memory when the early expansions end
/// have their dropped series taken out then, so none is early.
struct ChunkCursor: OccurrenceCursor {
    /// The chunk's arrays alone, not the chunk: a cursor is copied as the merge goes, and each
    /// reference it holds is retained with it.
    private let bytes: [UInt8]
    private let uids: [UInt8]
    private let records: [OccurrenceRecord]
    private var index = 0
    private(set) var head: OccurrenceRecord?
    var isEarly: Bool { false }

    init(_ chunk: OccurrenceChunk) {
        (bytes, uids, records) = (chunk.bytes, chunk.uids, chunk.records)
        head = records.first
    }

    func withHead<Result>(_ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        let record = records[index]
        return try uids.withUnsafeBytes { uids in
            try bytes.withUnsafeBytes { bytes in
                try body(UnsafeRawBufferPointer(rebasing: uids[record.uid]), UnsafeRawBufferPointer(rebasing: bytes[record.bytes]))
            }
        }
    }

    mutating func advance() {
        index += 1
        head = index < records.count ? records[index] : nil
    }
}

/// How a run lays out each occurrence in the scratch file: a header of seven 8-byte integers (start
/// second, series, position, series hash, UID prefix, UID length times two plus one for an ASCII
/// UID, bytes length, at these offsets), then the UID, then the bytes.
private enum RunLayout {
    static let headerSize = 7 * 8
}

/// Appends the records of one run to a scratch file.
struct RunWriter {
    let file: ScratchFile
    private var staging: [UInt8] = []
    /// As large as the file's own buffer, so that the staged records go straight out, not copied again.
    private static let stagingSize = ScratchFile.flushSize

    init(file: ScratchFile) {
        self.file = file
    }

    /// Appends a record with its UID's and its own bytes.
    mutating func append(_ record: OccurrenceRecord, _ uid: UnsafeRawBufferPointer, _ bytes: UnsafeRawBufferPointer) throws {
        staging.append(
            littleEndian: (
                record.second, record.series, record.position, record.seriesHash, Int(Int64(bitPattern: record.uidPrefix)),
                uid.count << 1 | (record.uidIsASCII ? 1 : 0), bytes.count
            ))
        try appendPiece(uid)
        try appendPiece(bytes)
        if staging.count >= Self.stagingSize { try flush() }
    }

    /// A piece as large as the staging goes straight to the file, not copied through the staging.
    private mutating func appendPiece(_ piece: UnsafeRawBufferPointer) throws {
        guard piece.count >= Self.stagingSize else {
            staging.append(storedBytes: piece)
            return
        }
        try file.append(staging)
        staging.removeAll(keepingCapacity: true)
        try file.append(piece)
    }

    /// Writes out the staged records and the file's own buffer, so that the run can be read.
    mutating func flush() throws {
        try file.append(staging)
        staging.removeAll(keepingCapacity: true)
        try file.flush()
    }
}

/// A run in a scratch file, read front to back through a buffer of its own.
struct SpilledRunCursor: OccurrenceCursor {
    private var reader: ScratchReader
    private(set) var head: OccurrenceRecord?
    let isEarly: Bool

    init(_ file: ScratchFile, _ range: Range<Int>, isEarly: Bool) throws {
        reader = ScratchReader(file, range)
        self.isEarly = isEarly
        try advance()
    }

    func withHead<Result>(_ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        let uid = head?.uid ?? 0..<0, bytes = head?.bytes ?? 0..<0
        return try reader.withBuffered { try body(UnsafeRawBufferPointer(rebasing: $0[uid]), UnsafeRawBufferPointer(rebasing: $0[bytes])) }
    }

    /// Reads the next record, whose bytes stay in the reader's buffer until the next `advance`.
    mutating func advance() throws {
        if let head { reader.skip(RunLayout.headerSize + head.uid.count + head.bytes.count) }
        guard try reader.ensure(RunLayout.headerSize) else {
            head = nil
            return
        }
        let uidField = reader.integer(at: 40), bytesCount = reader.integer(at: 48)
        let uidStart = RunLayout.headerSize, bytesStart = uidStart + uidField >> 1
        guard try reader.ensure(bytesStart + bytesCount) else {
            throw AtomicFile.Failure.cannotWrite(path: "a temporary file", reason: "a sorted run ends early")
        }
        head = OccurrenceRecord(
            second: reader.integer(at: 0), series: reader.integer(at: 8), position: reader.integer(at: 16),
            seriesHash: reader.integer(at: 24), uidPrefix: UInt64(bitPattern: Int64(reader.integer(at: 32))),
            uid: uidStart..<bytesStart, bytes: bytesStart..<bytesStart + bytesCount, uidIsASCII: uidField & 1 == 1)
    }
}

/// Reads a range of a scratch file front to back, a block at a time: offsets it takes and gives
/// (`integer(at:)`, `buffered`) count from the current position.
struct ScratchReader {
    private let file: ScratchFile
    private let end: Int
    private var position: Int
    private var block: [UInt8] = []
    /// The file offset of `block[0]`.
    private var blockStart: Int
    /// A merge holds a block of each run it reads: `OccurrenceRuns`' 128 runs at most, 2 MB.
    private static let blockSize = 1 << 14

    init(_ file: ScratchFile, _ range: Range<Int>) {
        self.file = file
        end = range.upperBound
        position = range.lowerBound
        blockStart = range.lowerBound
    }

    /// Whether `count` bytes from the position are left, reading them into the buffer if they are.
    mutating func ensure(_ count: Int) throws -> Bool {
        guard position + count <= end else { return false }
        if position + count > blockStart + block.count {
            block = try file.read(at: position, count: min(end - position, max(Self.blockSize, count)))
            blockStart = position
        }
        return true
    }

    /// The file offset of the position.
    var offset: Int { position }

    mutating func skip(_ count: Int) {
        position += count
    }

    /// The integer at `offset` from the position (ensured).
    func integer(at offset: Int) -> Int {
        let start = position - blockStart + offset
        return Int(Int64(littleEndian: block.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: start, as: Int64.self) }))
    }

    /// Calls `body` with the buffer from the position on (as far as ensured).
    func withBuffered<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try block.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[(position - blockStart)...])) }
    }

    /// Bytes at offsets from the position (ensured).
    func buffered(_ range: Range<Int>) -> ArraySlice<UInt8> {
        let shift = position - blockStart
        return block[(range.lowerBound + shift)..<(range.upperBound + shift)]
    }
}
