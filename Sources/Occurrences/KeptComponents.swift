import CalendarModel
import ICalendar
import Platform

/// Every event and to-do of the calendar, kept in case its series must be expanded again (met again,
/// a zone came late, the budget ran over), the series met more than once, and the rule instances
/// each early expansion used: their text goes to a scratch file in file order, so memory does not
/// grow with the calendar. Components that have no text of their own (read from JSON, xCal or jCal,
/// or given a made UID) stay in memory.
struct KeptComponents {
    /// One component as kept: its place among the calendar's components, its series, and where its
    /// text is (loaded by `member`).
    struct Entry {
        var index: Int
        var key: SeriesKey
        var seriesHash: Int
        fileprivate var place: Place
    }

    fileprivate enum Place {
        case text(offset: Int, count: Int, firstLine: Int)
        case memory(Int)
    }

    /// What an entry of the file holds, its first integer.
    private enum Kind: Int {
        case text, memory, instances
    }

    /// Each entry's header: seven 8-byte integers (kind, index, series hash, is a to-do, UID length,
    /// first line or place in memory or instances, text length), then the UID and the text.
    private static let headerSize = 7 * 8
    private var file: ScratchFile?
    private var inMemory: [Component] = []
    private var staging: [UInt8] = []
    /// The series keys met so far.
    private var seen = SeriesSightings()
    /// The hashes of the series (probably) met more than once.
    private(set) var metAgain: Set<Int> = []

    /// Keeps the component at `index` among the calendar's, of the series `key` (whose hash is
    /// `seriesHash`), with its text when it has one.
    mutating func keep(_ component: Component, key: SeriesKey, seriesHash: Int, source: RawComponent?, index: Int) throws {
        if seen.insert(seriesHash) { metAgain.insert(seriesHash) }
        let uidCount = key.uid.utf8.count
        if let source {
            try append(.text, index, seriesHash, key.isTodo ? 1 : 0, uidCount, source.firstLine, source.bytes.count)
            staging += key.uid.utf8
            staging += source.bytes
        } else {
            try append(.memory, index, seriesHash, key.isTodo ? 1 : 0, uidCount, inMemory.count, 0)
            staging += key.uid.utf8
            inMemory.append(component)
        }
    }

    /// The rule instances an early expansion of the series used, to be given back if it is expanded again.
    mutating func noteInstances(_ instances: Int, seriesHash: Int) throws {
        guard instances != 0 else { return }
        try append(.instances, 0, seriesHash, 0, 0, instances, 0)
    }

    /// Appends an entry's header (see `headerSize`).
    private mutating func append(
        _ kind: Kind, _ index: Int, _ seriesHash: Int, _ isTodo: Int, _ uidCount: Int, _ place: Int, _ textCount: Int
    ) throws {
        if staging.count >= ScratchFile.flushSize { try flushStaging() }
        staging.append(littleEndian: (kind.rawValue, index, seriesHash, isTodo, uidCount, place, textCount))
    }

    @discardableResult
    private mutating func flushStaging() throws -> ScratchFile {
        let file = try self.file ?? ScratchFile()
        self.file = file
        try file.append(staging)
        staging.removeAll(keepingCapacity: true)
        return file
    }

    /// Writes out every entry, and gives them to be read back.
    mutating func flush() throws -> Written {
        let file = try flushStaging()
        try file.flush()
        return Written(file: file, inMemory: inMemory)
    }
}

extension KeptComponents {
    /// The kept components once written out, read back in file order.
    struct Written {
        fileprivate let file: ScratchFile
        fileprivate let inMemory: [Component]

        /// Reads the entries back in file order: `body` gets each component, and the instances noted
        /// for `counted` series are summed up and returned.
        func scan(countingInstancesOf counted: Set<Int>, _ body: (Entry) throws -> Void) throws -> Int {
            let headerSize = KeptComponents.headerSize
            var reader = ScratchReader(file, 0..<file.count)
            var instances = 0
            while try reader.ensure(headerSize) {
                let field = { (number: Int) in reader.integer(at: number * 8) }
                let uidCount = field(4), textCount = field(6)
                defer { reader.skip(headerSize + uidCount + textCount) }
                guard let kind = Kind(rawValue: field(0)) else {
                    throw AtomicFile.Failure.cannotWrite(path: "a temporary file", reason: "unreadable")
                }
                if kind == .instances {
                    if counted.contains(field(2)) { instances += field(5) }
                    continue
                }
                _ = try reader.ensure(headerSize + uidCount)
                let uid = String(decoding: reader.buffered(headerSize..<headerSize + uidCount), as: UTF8.self)
                let place: Place =
                    kind == .text
                    ? .text(offset: reader.offset + headerSize + uidCount, count: textCount, firstLine: field(5)) : .memory(field(5))
                try body(Entry(index: field(1), key: SeriesKey(isTodo: field(3) == 1, uid: uid), seriesHash: field(2), place: place))
            }
            return instances
        }

        /// The component of an entry, as it is kept to be read again.
        func member(_ entry: Entry) throws -> Kept {
            switch entry.place {
            case .memory(let place): return .component(inMemory[place])
            case .text(let offset, let count, let firstLine):
                return .text(RawComponent(bytes: try file.read(at: offset, count: count), firstLine: firstLine))
            }
        }
    }
}
