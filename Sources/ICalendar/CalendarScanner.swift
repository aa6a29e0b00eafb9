import CalendarModel
import ContentLines
import Platform

/// What the scanner finds at the top of a calendar stream, in order.
package enum ScannedItem: Sendable {
    case beginCalendar(SourceLocation)
    case calendarProperty(Property)
    case component(RawComponent)
    case endCalendar
}

/// Reads an iCalendar stream block by block and cuts it into calendar-level properties and the raw
/// bytes of each top-level component, so memory holds one component at a time however large the
/// file. It tracks only structure; `ComponentReader` reads what is inside.
package struct CalendarScanner {
    /// Longer physical lines are refused: no calendar a person made has one, and it bounds memory.
    package static let maximumLineLength = 4 << 20
    /// Components nested deeper than this are refused (a VCALENDAR, an event, an alarm is 3).
    package static let maximumDepth = 32
    /// Larger single components are refused for the same reason.
    package static let maximumComponentSize = 64 << 20
    /// How much each read of the input asks for; the chunked reading reads the same way (see `CalendarChunk`).
    package static let defaultBlockSize = 1 << 20
    /// Settable for tests, where reads of a few bytes put a block's end on every line.
    package var blockSize = Self.defaultBlockSize

    /// Refuse the input when nothing usable survives its reading: set for a file a person handed a
    /// command, not for one resource among a store's, which must not sink the others.
    ///
    /// Usable, from the point of view of the person who gave the file, is an item: an event, to-do,
    /// journal, free/busy or any other component that is not a VTIMEZONE. A calendar written with
    /// no item is still usable as it was written — an empty calendar (its properties only), a file
    /// of VTIMEZONEs — unless the reading lost something of it: then the file held items and none
    /// survived (a file cut inside its only event). Even `BEGIN:VCALENDAR` `END:VCALENDAR` alone is
    /// an empty calendar, which python icalendar's test calendars hold and other tools read. Without
    /// a calendar the input is refused whatever this says.
    package var refusesUnusableInput = false

    private let input: InputFile
    /// Set when the scanner reads a chunk of the input instead of the input itself.
    private var chunk: ChunkReading?
    package private(set) var diagnostics: [Diagnostic] = []
    private var buffer: [UInt8] = []
    private var position = 0
    private var atEnd = false
    private var lineNumber = 0
    private var insideCalendar = false
    private var sawCalendar = false
    /// The calendar was begun by a bare component, not by BEGIN:VCALENDAR, and ends with the input.
    private var implicitCalendar = false
    /// The first line of the text being skipped outside any calendar, and how many lines it has.
    private var skipped: (line: Int, text: String, count: Int)?
    private var sawLoneCR = false
    private var sawLongLine = false
    private var pending: LogicalLine?
    private var raw: RawComponent?
    private var openNames: [String] = []
    private var ready: [ScannedItem] = []
    private var stopped = false
    /// The items handed on (components other than VTIMEZONEs): whether anything usable survived
    /// (see `refusesUnusableInput`).
    private var itemsHandedOn = 0

    /// Whether a problem stopped reading (see `next`).
    package var hasStopped: Bool { stopped }

    package init(input: InputFile) {
        self.input = input
    }

    /// The next item, or `nil` at the end or after a problem that stops reading (in `diagnostics`).
    package mutating func next() throws(InputFile.OpenError) -> ScannedItem? {
        while ready.isEmpty && !stopped {
            guard let line = try nextLine() else {
                if !stopped { finish() }
                break
            }
            handle(line)
        }
        return ready.isEmpty ? nil : ready.removeFirst()
    }

    /// The next physical line, as a slice of the block buffer: valid until the next call, and copied
    /// only into the component it belongs to.
    private mutating func nextLine() throws(InputFile.OpenError) -> ArraySlice<UInt8>? {
        while true {
            if let chunk, chunk.consumed + position >= chunk.source.end { return nil }
            let found = buffer.withUnsafeBufferPointer { PhysicalLines.next(in: $0, from: position, isFinal: atEnd) }
            if let (line, next) = found {
                lineNumber += 1
                if line.endedWithLoneCR && !sawLoneCR {
                    sawLoneCR = true
                    chunk?.loneCRReport = diagnostics.count
                    report(.violation, lineNumber, line.range.count + 1,
                           "lines end with a lone CR (old Mac style); iCalendar needs CRLF", repair: "writes CRLF")
                }
                if line.range.count > 75 && !sawLongLine {
                    sawLongLine = true
                    chunk?.longLineReport = diagnostics.count
                    report(.notice, lineNumber, 76, "line \(lineNumber) is \(line.range.count) octets long; RFC 5545 asks for lines of at most 75, folded",
                           repair: "folds long lines")
                }
                position = next
                return buffer[line.range]
            }
            if atEnd { return nil }
            if buffer.count - position > Self.maximumLineLength {
                report(.error, lineNumber + 1, 1, "line \(lineNumber + 1) is longer than \(Self.maximumLineLength >> 20) MiB; "
                       + "this is not iCalendar text (an attachment this large belongs in a URL, not inline)")
                stopped = true
                return nil
            }
            buffer.removeFirst(position)
            chunk?.consumed += position
            position = 0
            if chunk != nil {
                // A chunk that is not the input's last ends with its lines; past them is the next chunk's.
                guard chunk!.reveal(into: &buffer) > 0 else {
                    if chunk!.source.isLast { atEnd = true; continue }
                    return nil
                }
                continue
            }
            atEnd = try input.read(into: &buffer, count: blockSize) == 0
        }
    }

    private mutating func handle(_ line: ArraySlice<UInt8>) {
        if raw != nil { return collect(line) }
        guard insideCalendar else { return expectCalendar(line) }
        if let first = line.first, first == 0x20 || first == 0x09, pending != nil {
            pending!.append(line, at: lineNumber, indented: true)
            return
        }
        if pending != nil && !line.isEmpty && continuesAbove(line) {
            pending!.append(line, at: lineNumber, indented: false)
            return report(.error, lineNumber, 1, LostFold.message, repair: LostFold.repair)
        }
        flushPending()
        if let name = ComponentParser.structuralName("BEGIN:", line) {
            beginComponent(name, line)
        } else if let name = ComponentParser.structuralName("END:", line) {
            guard name == "VCALENDAR" else {
                return report(.error, lineNumber, 5, "END:\(name) without a BEGIN:\(name) before it", repair: "skips it")
            }
            endCalendar()
        } else if line.isEmpty {
            report(.violation, lineNumber, 1, "an empty line, which iCalendar does not allow", repair: "removes it")
        } else if ComponentParser.isBlank(line) {
            report(.violation, lineNumber, 1, ComponentParser.blankLine, repair: "removes it")
        } else {
            var logical = LogicalLine()
            logical.start(line, at: lineNumber)
            pending = logical
        }
    }

    /// Whether a calendar-level line continues the one above, the lines folded into it (those in the
    /// block read so far) taken into account where its start leaves it open.
    private func continuesAbove(_ line: ArraySlice<UInt8>) -> Bool {
        buffer.withUnsafeBufferPointer { all in
            LostFold.continues(all[line.startIndex..<line.endIndex], starting: LostFold.start(of: line), foldedFrom: position,
                               in: all, isFinal: atEnd)
        }
    }

    private mutating func beginComponent(_ name: String, _ line: ArraySlice<UInt8>) {
        raw = RawComponent(bytes: Array(line) + [0x0A], firstLine: lineNumber)
        openNames = [name]
    }

    private mutating func endCalendar() {
        insideCalendar = false
        implicitCalendar = false
        chunk?.endedCalendar = true
        ready.append(.endCalendar)
    }

    /// A line outside any calendar: BEGIN:VCALENDAR begins one; a bare component (a file of VEVENTs
    /// without a VCALENDAR around them) begins one that lasts to the end of the input; other text is
    /// skipped, with one report for each run of skipped lines.
    private mutating func expectCalendar(_ line: ArraySlice<UInt8>) {
        var line = line
        if lineNumber == 1 && line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
        let trimmed = line.drop { $0 == 0x20 || $0 == 0x09 }
        // A contact card is no calendar component, bare or not: its lines are text here.
        guard let name = ComponentParser.structuralName("BEGIN:", trimmed), name != "VCARD" else {
            if skipped == nil { skipped = (lineNumber, Self.shown(trimmed), 0) }
            skipped!.count += 1
            return
        }
        reportSkipped()
        insideCalendar = true
        sawCalendar = true
        ready.append(.beginCalendar(SourceLocation(line: lineNumber)))
        if trimmed.count < line.count {
            report(.error, lineNumber, 1, "BEGIN:\(name) is indented", repair: "reads it without the indentation")
        }
        guard name != "VCALENDAR" else { return }
        implicitCalendar = true
        report(.error, lineNumber, 1, "BEGIN:\(name) outside a VCALENDAR (a bare component)",
               repair: "reads the components up to the end of the input as one calendar")
        beginComponent(name, trimmed)
    }

    /// Reports the run of lines skipped outside any calendar, if there was one.
    private mutating func reportSkipped() {
        guard let run = skipped.take() else { return }
        let lines = run.count == 1 ? "a line" : "\(run.count) lines"
        let place = sawCalendar ? "after END:VCALENDAR" : "before BEGIN:VCALENDAR"
        report(.error, run.line, 1, "\(lines) of text \(place), beginning '\(run.text)'", repair: "leaves them out")
    }

    /// The first characters of a line as they can be shown in a message.
    private static func shown(_ line: ArraySlice<UInt8>) -> String {
        String(decoding: line.prefix(40), as: UTF8.self).unicodeScalars
            .map { $0.value >= 0x20 && $0.value < 0x7F ? String($0) : "?" }.joined()
    }

    private mutating func collect(_ line: ArraySlice<UInt8>) {
        raw!.bytes += line
        raw!.bytes.append(0x0A)
        guard raw!.bytes.count <= Self.maximumComponentSize else {
            report(.error, raw!.firstLine, 1, "the \(openNames[0]) begun here is larger than \(Self.maximumComponentSize >> 20) MiB")
            stopped = true
            return
        }
        if let name = ComponentParser.structuralName("BEGIN:", line) {
            openNames.append(name)
            if openNames.count > ComponentParser.maximumDepth {
                report(.error, lineNumber, 1, "components are nested deeper than \(ComponentParser.maximumDepth) levels; this is not a calendar a person made")
                stopped = true
            }
        } else if let name = ComponentParser.structuralName("END:", line) {
            if name == "VCALENDAR" && !openNames.contains("VCALENDAR") {
                return closeAtEndOfCalendar()
            }
            // A mismatched END is the parser's to report; here it closes the innermost component.
            let top = openNames[0]
            if let index = openNames.lastIndex(of: name) { openNames.removeSubrange(index...) } else { openNames.removeLast() }
            if openNames.isEmpty { handOnComponent(named: top) }
        }
    }

    /// END:VCALENDAR inside a component: the ENDs the file left out are added to the component,
    /// which is handed on, and the calendar ends.
    private mutating func closeAtEndOfCalendar() {
        chunk?.namesLines = true
        let open = openNames.reversed().map { "END:" + $0 }
        report(.error, lineNumber, 1, "END:VCALENDAR while \(openNames.last!) begun on line \(raw!.firstLine) is still open (missing \(open.joined(separator: ", ")))",
               repair: "closes it there")
        raw!.bytes.removeLast(lineLength(of: raw!.bytes))
        for end in open { raw!.bytes += Array(end.utf8) + [0x0A] }
        let top = openNames[0]
        openNames = []
        handOnComponent(named: top)
        endCalendar()
    }

    /// Hands on the component collected, a top-level `name`.
    private mutating func handOnComponent(named name: String) {
        if name != "VTIMEZONE" { itemsHandedOn += 1 }
        ready.append(.component(raw.take()!))
    }

    /// The length of the last line in `bytes` with its LF.
    private func lineLength(of bytes: [UInt8]) -> Int {
        let start = bytes.dropLast().lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        return bytes.count - start
    }

    private mutating func flushPending() {
        guard let line = pending.take() else { return }
        let reading = ContentLineParser.parse(line)
        for problem in reading.problems {
            let place = line.location(ofOffset: problem.offset)
            report(.error, place.line, place.column, problem.message, repair: problem.repair)
        }
        guard let property = reading.property else { return }
        if let valueOffset = reading.valueOffset, let problem = PropertyValueCheck.problem(in: property) {
            let place = line.location(ofOffset: valueOffset)
            report(.error, place.line, place.column, problem, repair: PropertyValueCheck.repair)
        }
        ready.append(.calendarProperty(property))
    }

    private mutating func finish() {
        flushPending()
        stopped = true
        if let raw {
            reportTruncated(raw)
        } else if insideCalendar && !implicitCalendar {
            report(.error, lineNumber, 1, "the file ends without END:VCALENDAR; it looks truncated", repair: "adds END:VCALENDAR")
        }
        if !sawCalendar && lineNumber == 0 {
            report(.error, 1, 1, "the file is empty: there is no calendar in it; check that the export or download finished")
        } else if !sawCalendar {
            let begins = skipped.map { ", but begins with '\($0.text)'" } ?? ""
            let cards = skipped.map { $0.text.uppercased().hasPrefix("BEGIN:VCARD") } == true
                ? "; it holds contact cards, which `calbridge birthdays` makes a calendar of" : ""
            report(.error, max(skipped?.line ?? lineNumber, 1), 1, "this is not an iCalendar file: it holds no BEGIN:VCALENDAR\(begins)\(cards)")
        } else {
            reportSkipped()
        }
    }

    /// Reports the unfinished component the file ends in, which is dropped; when it was the only
    /// item and the input must hold something usable, the reading is refused instead.
    private mutating func reportTruncated(_ raw: RawComponent) {
        let open = openNames.reversed().map { "END:" + $0 }.joined(separator: ", ")
        let uid = Self.uid(in: raw.bytes).map { " (UID \($0))" } ?? ""
        let missing = implicitCalendar ? open : open + ", END:VCALENDAR"
        let cut = "the file ends inside the \(openNames[0]) begun on line \(raw.firstLine)\(uid)"
        let truncated = "; it looks truncated (missing \(missing))"
        guard refusesUnusableInput && itemsHandedOn == 0 else {
            return report(.error, lineNumber, 1, cut + truncated, repair: "drops the unfinished \(openNames[0]) and closes the calendar")
        }
        let only = openNames[0] == "VTIMEZONE" ? ", before any event or to-do" : ", its only item"
        report(.error, lineNumber, 1, cut + only + truncated
               + ", so nothing usable survives: get the whole file again (export the calendar anew) and run again")
    }

    /// The UID of an unfinished component, to name it by.
    private static func uid(in bytes: [UInt8]) -> String? {
        var start = 0
        while let (line, next) = bytes.withUnsafeBufferPointer({ PhysicalLines.next(in: $0, from: start, isFinal: true) }) {
            let text = bytes[line.range]
            if text.count > 4, text.prefix(4).map({ $0 | 0x20 }) == Array("uid:".utf8) {
                return String(decoding: text.dropFirst(4), as: UTF8.self)
            }
            start = next
        }
        return nil
    }

    private mutating func report(_ severity: Diagnostic.Severity, _ line: Int, _ column: Int, _ message: String, repair: String? = nil) {
        diagnostics.append(Diagnostic(severity, file: input.name, at: SourceLocation(line: line, column: column), message, repair: repair))
    }
}

/// Where a chunk's scan began: at the input's start, or between the top-level components of a calendar.
package enum ChunkStart: Sendable {
    case input
    case calendarLevel
}

/// What a worker's scan of one chunk found, its lines counted from the chunk's start, with the state
/// it ended in: the sequential scanner takes it over where it stands where the scan began.
package struct ChunkScan: Sendable {
    let start: ChunkStart
    var items: [ScannedItem]
    var diagnostics: [Diagnostic]
    var lines: Int
    /// Nothing is open at the chunk's end (no component, no calendar-level line), reading did not
    /// stop, and no message names a line by its number: what follows can be read without this scan.
    var isSelfContained: Bool
    var insideCalendar: Bool
    /// Set when the chunk ended or began a calendar, which decides the next one's kind.
    var implicitCalendar: Bool?
    var sawCalendar: Bool
    var skipped: (line: Int, text: String, count: Int)?
    var itemsHandedOn: Int
    /// Where in `diagnostics` the once-per-input notes stand (lone CRs, long lines).
    var loneCRReport: Int?
    var longLineReport: Int?
}

/// A chunk being read in place of the input: its bytes come into the buffer one read at a time,
/// as the input's reads brought them, and its lines end at `source.end`.
private struct ChunkReading {
    var source: CalendarChunk
    var revealed: Int
    var nextRead = 0
    /// The bytes of the chunk already let go of from the front of the buffer.
    var consumed = 0
    var loneCRReport: Int?
    var longLineReport: Int?
    var endedCalendar = false
    var namesLines = false

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

extension CalendarScanner {
    /// Scans `chunk` on a worker as if it began where its kind says (the input's start, or between
    /// components inside a calendar), its lines counted from 1.
    package static func scan(_ chunk: CalendarChunk, file: String) -> ChunkScan {
        var scanner = CalendarScanner(input: InputFile(name: file, contents: []))
        let start = chunk.isFirst ? ChunkStart.input : .calendarLevel
        if start == .calendarLevel { (scanner.insideCalendar, scanner.sawCalendar) = (true, true) }
        let items = scanner.read(chunk)
        let reading = scanner.chunk!
        return ChunkScan(start: start, items: items, diagnostics: scanner.diagnostics, lines: scanner.lineNumber,
                         isSelfContained: !scanner.stopped && scanner.raw == nil && scanner.pending == nil && !reading.namesLines,
                         insideCalendar: scanner.insideCalendar,
                         implicitCalendar: start == .input || reading.endedCalendar ? scanner.implicitCalendar : nil,
                         sawCalendar: scanner.sawCalendar, skipped: scanner.skipped, itemsHandedOn: scanner.itemsHandedOn,
                         loneCRReport: reading.loneCRReport, longLineReport: reading.longLineReport)
    }

    /// Reads the lines of `source` on from where the scanner stands, and returns what they hold.
    package mutating func read(_ source: CalendarChunk) -> [ScannedItem] {
        chunk = ChunkReading(source)
        buffer = Array(source.bytes[..<source.alreadyRead])
        (position, atEnd) = (0, false)
        // A chunk is in memory: reading it cannot fail.
        while !stopped, let line = (try? nextLine()) ?? nil { handle(line) }
        return takeReady()
    }

    /// Ends the input after its last chunk: what is still open is reported as `next` would.
    package mutating func finishChunks() -> [ScannedItem] {
        if !stopped { finish() }
        return takeReady()
    }

    /// Takes over a worker's scan of the next chunk when the scanner stands where that scan began,
    /// and returns its items with their lines counted from the input's start; `nil` when the chunk
    /// must be read here instead.
    package mutating func adopt(_ scan: ChunkScan) -> [ScannedItem]? {
        guard scan.isSelfContained, standsAt(scan.start) else { return nil }
        let offset = lineNumber
        // The long-line note names its line; only the first of the input is given.
        if scan.longLineReport != nil && !sawLongLine && offset > 0 { return nil }
        var found = scan.diagnostics
        let repeated = [sawLoneCR ? scan.loneCRReport : nil, sawLongLine ? scan.longLineReport : nil].compactMap { $0 }
        for index in repeated.sorted(by: >) { found.remove(at: index) }
        diagnostics += offset == 0 ? found : found.map { diagnostic in
            var moved = diagnostic
            moved.location?.line += offset
            return moved
        }
        lineNumber += scan.lines
        insideCalendar = scan.insideCalendar
        implicitCalendar = scan.implicitCalendar ?? implicitCalendar
        sawCalendar = sawCalendar || scan.sawCalendar
        skipped = scan.skipped.map { ($0.line + offset, $0.text, $0.count) }
        itemsHandedOn += scan.itemsHandedOn
        sawLoneCR = sawLoneCR || scan.loneCRReport != nil
        sawLongLine = sawLongLine || scan.longLineReport != nil
        return offset == 0 ? scan.items : scan.items.map { Self.moved($0, by: offset) }
    }

    private mutating func takeReady() -> [ScannedItem] {
        defer { ready = [] }
        return ready
    }

    /// Whether nothing is open or pending, as at the start of a chunk scanned from `start`.
    private func standsAt(_ start: ChunkStart) -> Bool {
        guard !stopped, raw == nil, pending == nil, ready.isEmpty else { return false }
        switch start {
        case .input: return lineNumber == 0
        case .calendarLevel: return insideCalendar
        }
    }

    private static func moved(_ item: ScannedItem, by lines: Int) -> ScannedItem {
        switch item {
        case .beginCalendar(var location):
            location.line += lines
            return .beginCalendar(location)
        case .calendarProperty(var property):
            property.location?.line += lines
            return .calendarProperty(property)
        case .component(var raw):
            raw.firstLine += lines
            return .component(raw)
        case .endCalendar:
            return .endCalendar
        }
    }
}
