import CalendarModel
import Platform

/// A stretch of an iCalendar input, cut where a top-level component seems to begin, that a worker
/// scans on its own. It keeps the input's reads as they were made, so that its scan sees at every
/// line what the one-block-at-a-time scanner sees there, and the bytes the last read brought past
/// its end (the next chunk's first line) for the same reason.
package struct CalendarChunk: Sendable {
    var bytes: [UInt8]
    /// Where the chunk's lines end: the next chunk's first line begins there.
    var end: Int
    /// The bytes already read when the chunk's first line is reached.
    var alreadyRead: Int
    /// Where each later read of the input ended, in the chunk's bytes.
    var readEnds: [Int]
    var isFirst: Bool
    var isLast: Bool
}

/// Reads an input in blocks and cuts it into chunks of about `size` bytes, each cut at the start
/// of a line `BEGIN:` of a component that stands at the top of a calendar (a VEVENT, say, not a
/// VALARM). The cut is only a guess at where the scanner will stand; `CalendarScanner.adopt` checks it.
struct CalendarChunkCutter {
    let input: InputFile
    let size: Int
    /// How much each read asks for: as much as `CalendarScanner.blockSize`.
    let blockSize: Int
    /// What was read past the last cut, and where its reads ended.
    private var rest: [UInt8] = []
    private var restAlreadyRead = 0
    private var restReadEnds: [Int] = []
    private var atEnd = false
    private var cuts = 0

    init(input: InputFile, size: Int, blockSize: Int) {
        (self.input, self.size, self.blockSize) = (input, size, blockSize)
    }

    /// The next chunk, or `nil` when the input is all cut.
    mutating func next() throws(InputFile.OpenError) -> CalendarChunk? {
        guard !(atEnd && rest.isEmpty && cuts > 0) else { return nil }
        while true {
            if !atEnd && rest.count < size {
                try readBlock()
                continue
            }
            if atEnd { return cut(at: rest.count) }
            if let cut = Self.cutPoint(in: rest, near: size) { return self.cut(at: cut) }
            // Nothing to cut at: one line or component this long stops the scanner, so a chunk can
            // end inside it once it is longer than that.
            if rest.count > CalendarScanner.maximumComponentSize + CalendarScanner.maximumLineLength + 2 * blockSize {
                return cut(at: rest.count)
            }
            try readBlock()
        }
    }

    private mutating func readBlock() throws(InputFile.OpenError) {
        if try input.read(into: &rest, count: blockSize) == 0 {
            atEnd = true
        } else {
            restReadEnds.append(rest.count)
        }
    }

    /// Cuts the chunk ending at `end`, with the bytes up to the first read that reached it.
    private mutating func cut(at end: Int) -> CalendarChunk {
        let isLast = atEnd && end == rest.count
        // The reads the scanner makes before its line at `end`: none when that line was read already.
        let reads = restAlreadyRead >= end ? 0 : (restReadEnds.firstIndex { $0 >= end }.map { $0 + 1 } ?? restReadEnds.count)
        let reached = reads > 0 ? restReadEnds[reads - 1] : restAlreadyRead
        // The chunk takes the bytes read; only what follows its end is copied for the next.
        var bytes: [UInt8] = []
        swap(&bytes, &rest)
        rest = Array(bytes[end...])
        bytes.removeLast(bytes.count - reached)
        let chunk = CalendarChunk(
            bytes: bytes, end: end, alreadyRead: restAlreadyRead,
            readEnds: Array(restReadEnds[..<reads]), isFirst: cuts == 0, isLast: isLast)
        cuts += 1
        restAlreadyRead = reached - end
        restReadEnds = restReadEnds[reads...].map { $0 - end }
        return chunk
    }

    /// The start of the last line before `size` in `bytes` that begins a top-level component, or
    /// failing that of the first after it; never the first line.
    static func cutPoint(in bytes: [UInt8], near size: Int) -> Int? {
        bytes.withUnsafeBufferPointer { all in
            func isCut(_ start: Int) -> Bool { all[start - 1] == 0x0A && beginsTopLevelComponent(all[start...]) }
            let near = min(size, all.count - 1)
            if near >= 1, let before = stride(from: near, through: 1, by: -1).first(where: isCut) { return before }
            return stride(from: max(near + 1, 1), to: all.count, by: 1).first(where: isCut)
        }
    }

    private static let topLevelBegins = ["VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY", "VTIMEZONE"].map { Array("BEGIN:\($0)".utf8) }

    /// Whether the line at the start of `line` is `BEGIN:` of a top-level component, written whole.
    private static func beginsTopLevelComponent(_ line: UnsafeBufferPointer<UInt8>.SubSequence) -> Bool {
        topLevelBegins.contains { begin in
            line.count > begin.count && line.starts(with: begin)
                && (line[line.startIndex + begin.count] == 0x0D || line[line.startIndex + begin.count] == 0x0A)
        }
    }
}

/// Where a chunk's scan began: at the input's start, or between the top-level components of a calendar.
package enum ChunkStart: Sendable {
    case input
    case calendarLevel
}

/// Where a worker's scan of a chunk ended, when nothing was open there (no component, no
/// calendar-level line), reading did not stop, and no message names a line by its number: what
/// follows can then be read without the scan.
enum ChunkEnd: Sendable {
    case outside(afterCalendar: Bool, skipped: CalendarScanner.SkippedText?)
    /// Between a calendar's components; the calendar's kind is `nil` when it began before the
    /// chunk, which the scan could not see.
    case calendarLevel(CalendarScanner.CalendarKind?)
}

/// What a worker's scan of one chunk found, its lines counted from the chunk's start, with where
/// it ended: the sequential scanner takes it over where it stands where the scan began.
package struct ChunkScan: Sendable {
    let start: ChunkStart
    var items: [ScannedItem]
    var diagnostics: [Diagnostic]
    var lines: Int
    /// `nil` when the scan cannot be taken over (see `ChunkEnd`).
    var end: ChunkEnd?
    var itemsHandedOn: Int
    var notes: ChunkNotes
}

/// What the reading of a chunk noted that decides whether and how its scan can be taken over.
struct ChunkNotes: Sendable {
    /// Where in the diagnostics the once-per-input notes stand (lone CRs, long lines).
    var loneCRReport: Int?
    var longLineReport: Int?
    var endedCalendar = false
    /// A message names a line by its number, which the scan could not know.
    var namesLines = false
}

/// A chunk being read in place of the input: its bytes come into the buffer one read at a time,
/// as the input's reads brought them, and its lines end at `source.end`.
struct ChunkReading {
    var source: CalendarChunk
    var revealed: Int
    var nextRead = 0
    /// The bytes of the chunk already let go of from the front of the buffer.
    var consumed = 0

    init(_ source: CalendarChunk) {
        self.source = source
        revealed = source.alreadyRead
    }

    /// Appends the bytes of the next read; 0 when the chunk's reads are all made.
    mutating func reveal(into buffer: inout [UInt8]) -> Int {
        guard nextRead < source.readEnds.count else { return 0 }
        let end = source.readEnds[nextRead]
        nextRead += 1
        buffer += source.bytes[revealed..<end]
        defer { revealed = end }
        return end - revealed
    }
}
