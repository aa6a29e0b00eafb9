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
/// file. It tracks only structure; ``ComponentReader`` reads what is inside.
///
/// Where it stands is one `State`: outside any calendar, between a calendar's components (unfolding
/// a calendar-level line), inside a top-level component (collecting its bytes), or stopped. Each
/// physical line is handled by the state's own method, which returns the state the line leaves.
package struct CalendarScanner {
    /// Longer physical lines are refused: no calendar a person made has one, and it bounds memory.
    package static let maximumLineLength = 4 << 20
    /// Components nested deeper than this are refused (a VCALENDAR, an event, an alarm is 3).
    package static let maximumDepth = 32
    /// Larger single components are refused for the same reason.
    package static let maximumComponentSize = 64 << 20
    /// How much each read of the input asks for; the chunked reading reads the same way (see ``CalendarChunk``).
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
    private var state = State.outside(afterCalendar: false, skipped: nil)
    /// The bytes of the top-level component being collected, while the state is `.component`.
    private var collected: [UInt8] = []
    /// Set when the scanner reads a chunk of the input instead of the input itself.
    private var chunk: ChunkReading?
    /// What the reading of a chunk noted, which decides whether its scan can be taken over.
    private var chunkNotes = ChunkNotes()
    package private(set) var diagnostics: [Diagnostic] = []
    private var buffer: [UInt8] = []
    private var position = 0
    private var atEnd = false
    private var lineNumber = 0
    /// The once-per-input notes already given.
    private var sawLoneCR = false
    private var sawLongLine = false
    private var ready: [ScannedItem] = []
    /// The items handed on (components other than VTIMEZONEs): whether anything usable survived
    /// (see `refusesUnusableInput`).
    private var itemsHandedOn = 0

    /// Whether a problem stopped reading (see `next`).
    package var hasStopped: Bool {
        if case .stopped = state { true } else { false }
    }

    package init(input: InputFile) {
        self.input = input
    }

    /// The next item, or `nil` at the end or after a problem that stops reading (in `diagnostics`).
    package mutating func next() throws(InputFile.OpenError) -> ScannedItem? {
        while ready.isEmpty && !hasStopped {
            guard let line = try nextLine() else {
                finish()
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
                noteOncePerInput(line)
                position = next
                return buffer[line.range]
            }
            if atEnd { return nil }
            if buffer.count - position > Self.maximumLineLength {
                report(
                    .error, lineNumber + 1, 1,
                    "line \(lineNumber + 1) is longer than \(Self.maximumLineLength >> 20) MiB; "
                        + "this is not iCalendar text (an attachment this large belongs in a URL, not inline)")
                state = .stopped
                return nil
            }
            buffer.removeFirst(position)
            chunk?.consumed += position
            position = 0
            if let revealed = chunk?.reveal(into: &buffer) {
                // A chunk that is not the input's last ends with its lines; past them is the next chunk's.
                if revealed == 0 {
                    guard chunk?.source.isLast == true else { return nil }
                    atEnd = true
                }
                continue
            }
            atEnd = try input.read(into: &buffer, count: blockSize) == 0
        }
    }

    /// Gives the notes made once per input (lone CRs, long lines) at the first line that needs them.
    /// Inlined: it runs for every line, and on nearly all of them it is two compares.
    @inline(__always)
    private mutating func noteOncePerInput(_ line: PhysicalLine) {
        if line.endedWithLoneCR && !sawLoneCR {
            sawLoneCR = true
            chunkNotes.loneCRReport = diagnostics.count
            report(
                .violation, lineNumber, line.range.count + 1,
                "lines end with a lone CR (old Mac style); iCalendar needs CRLF", repair: "writes CRLF")
        }
        if line.range.count > 75 && !sawLongLine {
            sawLongLine = true
            chunkNotes.longLineReport = diagnostics.count
            report(
                .notice, lineNumber, 76,
                "line \(lineNumber) is \(line.range.count) octets long; RFC 5545 asks for lines of at most 75, folded",
                repair: "folds long lines")
        }
    }

    /// Handles one physical line in the state the scanner stands in, and moves on to the state it leaves.
    private mutating func handle(_ line: ArraySlice<UInt8>) {
        switch state {
        case .component:
            collect(line)
        case .calendarLevel(let kind, var pending):
            state = .handling
            state = readCalendarLevel(line, in: kind, pending: &pending)
        case .outside(let afterCalendar, let skipped):
            state = expectCalendar(line, afterCalendar: afterCalendar, skipped: skipped)
        case .stopped, .handling:
            return
        }
    }

    /// A line between a calendar's components: a fold of the calendar-level line being unfolded, or
    /// what comes after it (a component's BEGIN, the calendar's END, the next calendar-level line).
    private mutating func readCalendarLevel(_ line: ArraySlice<UInt8>, in kind: CalendarKind, pending: inout UnfoldedLine?) -> State {
        if pending != nil {
            if let first = line.first, first == 0x20 || first == 0x09 {
                pending?.append(line, at: lineNumber, indented: true)
                return .calendarLevel(kind, pending: pending)
            }
            if !line.isEmpty && continuesAbove(line) {
                pending?.append(line, at: lineNumber, indented: false)
                report(.error, lineNumber, 1, LostFold.message, repair: LostFold.repair)
                return .calendarLevel(kind, pending: pending)
            }
        }
        if let complete = pending.take() { handOn(complete) }
        if let name = ComponentParser.structuralName("BEGIN:", line) {
            return beginComponent(name, line, in: kind)
        } else if let name = ComponentParser.structuralName("END:", line) {
            guard name == "VCALENDAR" else {
                report(.error, lineNumber, 5, "END:\(name) without a BEGIN:\(name) before it", repair: "skips it")
                return .calendarLevel(kind, pending: nil)
            }
            return endCalendar()
        } else if line.isEmpty {
            report(.violation, lineNumber, 1, ComponentParser.emptyLine, repair: "removes it")
        } else if ComponentParser.isBlank(line) {
            report(.violation, lineNumber, 1, ComponentParser.blankLine, repair: "removes it")
        } else {
            return .calendarLevel(kind, pending: UnfoldedLine(bytes: Array(line), line: lineNumber))
        }
        return .calendarLevel(kind, pending: nil)
    }

    /// Whether a calendar-level line continues the one above, the lines folded into it (those in the
    /// block read so far) taken into account where its start leaves it open.
    private func continuesAbove(_ line: ArraySlice<UInt8>) -> Bool {
        buffer.withUnsafeBufferPointer { all in
            LostFold.continues(
                all[line.startIndex..<line.endIndex], starting: LostFold.start(of: line), foldedFrom: position,
                in: all, isFinal: atEnd)
        }
    }

    /// Hands on a complete calendar-level line as a property, reporting what is wrong in it.
    private mutating func handOn(_ line: UnfoldedLine) {
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

    private mutating func endCalendar() -> State {
        chunkNotes.endedCalendar = true
        ready.append(.endCalendar)
        return .outside(afterCalendar: true, skipped: nil)
    }

    /// A line outside any calendar: BEGIN:VCALENDAR begins one; a bare component (a file of VEVENTs
    /// without a VCALENDAR around them) begins one that lasts to the end of the input; other text is
    /// skipped, with one report for each run of skipped lines.
    private mutating func expectCalendar(_ line: ArraySlice<UInt8>, afterCalendar: Bool, skipped: SkippedText?) -> State {
        var line = line
        if lineNumber == 1 && line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return .outside(afterCalendar: afterCalendar, skipped: skipped) }
        let trimmed = line.drop { $0 == 0x20 || $0 == 0x09 }
        // A contact card is no calendar component, bare or not: its lines are text here.
        guard let name = ComponentParser.structuralName("BEGIN:", trimmed), name != "VCARD" else {
            var run = skipped ?? SkippedText(line: lineNumber, text: Self.shown(trimmed), count: 0)
            run.count += 1
            return .outside(afterCalendar: afterCalendar, skipped: run)
        }
        reportSkipped(skipped, afterCalendar: afterCalendar)
        ready.append(.beginCalendar(SourceLocation(line: lineNumber)))
        if trimmed.count < line.count {
            report(.error, lineNumber, 1, "BEGIN:\(name) is indented", repair: "reads it without the indentation")
        }
        guard name != "VCALENDAR" else { return .calendarLevel(.written, pending: nil) }
        report(
            .error, lineNumber, 1, "BEGIN:\(name) outside a VCALENDAR (a bare component)",
            repair: "reads the components up to the end of the input as one calendar")
        return beginComponent(name, trimmed, in: .implicit)
    }

    /// The state a top-level component's BEGIN line leaves: its bytes collected from that line on.
    private mutating func beginComponent(_ name: String, _ line: ArraySlice<UInt8>, in kind: CalendarKind) -> State {
        collected = Array(line)
        collected.append(0x0A)
        return .component(kind, OpenComponent(name: name, firstLine: lineNumber))
    }

    /// Reports a run of lines skipped outside any calendar, if there was one.
    private mutating func reportSkipped(_ skipped: SkippedText?, afterCalendar: Bool) {
        guard let run = skipped else { return }
        let lines = run.count == 1 ? "a line" : "\(run.count) lines"
        let place = afterCalendar ? "after END:VCALENDAR" : "before BEGIN:VCALENDAR"
        report(.error, run.line, 1, "\(lines) of text \(place), beginning '\(run.text)'", repair: "leaves them out")
    }

    /// The first characters of a line as they can be shown in a message.
    private static func shown(_ line: ArraySlice<UInt8>) -> String {
        String(decoding: line.prefix(40), as: UTF8.self).unicodeScalars
            .map { $0.value >= 0x20 && $0.value < 0x7F ? String($0) : "?" }.joined()
    }

    /// A line of a top-level component: kept as it is, and followed only as far as it takes to know
    /// where the component ends. Most lines are properties, which add bytes and nothing else; the
    /// state is taken out and put back only for a BEGIN or END line and a component past the limit.
    private mutating func collect(_ line: ArraySlice<UInt8>) {
        collected += line
        collected.append(0x0A)
        let begun = ComponentParser.structuralName("BEGIN:", line)
        let ended = begun == nil ? ComponentParser.structuralName("END:", line) : nil
        guard begun != nil || ended != nil || collected.count > Self.maximumComponentSize,
            case .component(let kind, var open) = state
        else { return }
        state = .handling
        state = follow(begun: begun, ended: ended, in: &open, kind)
    }

    /// The state a BEGIN or END line inside a top-level component leaves, or a component that grew
    /// past the limit.
    private mutating func follow(begun: String?, ended: String?, in open: inout OpenComponent, _ kind: CalendarKind) -> State {
        guard collected.count <= Self.maximumComponentSize else {
            report(.error, open.firstLine, 1, "the \(open.name) begun here is larger than \(Self.maximumComponentSize >> 20) MiB")
            return .stopped
        }
        if let name = begun {
            open.nested.append(name)
            if 1 + open.nested.count > ComponentParser.maximumDepth {
                report(
                    .error, lineNumber, 1,
                    "components are nested deeper than \(ComponentParser.maximumDepth) levels; this is not a calendar a person made")
                return .stopped
            }
        } else if let name = ended {
            if name == "VCALENDAR" && open.name != "VCALENDAR" && !open.nested.contains("VCALENDAR") {
                return closeAtEndOfCalendar(open)
            }
            // A mismatched END is the parser's to report; here it closes the innermost component.
            if let index = open.nested.lastIndex(of: name) {
                open.nested.removeSubrange(index...)
            } else if name == open.name || open.nested.isEmpty {
                handOnCollected(open)
                return .calendarLevel(kind, pending: nil)
            } else {
                open.nested.removeLast()
            }
        }
        return .component(kind, open)
    }

    /// END:VCALENDAR inside a component: the ENDs the file left out are added to the component,
    /// which is handed on, and the calendar ends.
    private mutating func closeAtEndOfCalendar(_ open: OpenComponent) -> State {
        chunkNotes.namesLines = true
        let ends = open.missingEnds
        report(
            .error, lineNumber, 1,
            "END:VCALENDAR while \(open.innermost) begun on line \(open.firstLine) is still open (missing \(ends.joined(separator: ", ")))",
            repair: "closes it there")
        collected.removeLast(Self.lineLength(of: collected))
        for end in ends { collected += Array(end.utf8) + [0x0A] }
        handOnCollected(open)
        return endCalendar()
    }

    /// Hands on the top-level component collected.
    private mutating func handOnCollected(_ open: OpenComponent) {
        if open.name != "VTIMEZONE" { itemsHandedOn += 1 }
        ready.append(.component(RawComponent(bytes: collected, firstLine: open.firstLine)))
        collected = []
    }

    /// The length of the last line in `bytes` with its LF.
    private static func lineLength(of bytes: [UInt8]) -> Int {
        let start = bytes.dropLast().lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        return bytes.count - start
    }

    /// Ends the input: what it leaves open is reported, and a calendar-level line still unfolded is
    /// handed on.
    private mutating func finish() {
        let ended = state
        state = .stopped
        switch ended {
        case .calendarLevel(let kind, let pending):
            if let pending { handOn(pending) }
            if kind == .written {
                report(.error, lineNumber, 1, "the file ends without END:VCALENDAR; it looks truncated", repair: "adds END:VCALENDAR")
            }
        case .component(let kind, let open):
            reportTruncated(open, in: kind)
        case .outside(afterCalendar: true, let skipped):
            reportSkipped(skipped, afterCalendar: true)
        case .outside(afterCalendar: false, _) where lineNumber == 0:
            report(.error, 1, 1, "the file is empty: there is no calendar in it; check that the export or download finished")
        case .outside(afterCalendar: false, let skipped):
            let begins = skipped.map { ", but begins with '\($0.text)'" } ?? ""
            let cards =
                skipped.map { $0.text.uppercased().hasPrefix("BEGIN:VCARD") } == true
                ? "; it holds contact cards, which `calbridge birthdays` makes a calendar of" : ""
            report(
                .error, max(skipped?.line ?? lineNumber, 1), 1,
                "this is not an iCalendar file: it holds no BEGIN:VCALENDAR\(begins)\(cards)")
        case .stopped, .handling:
            break
        }
    }

    /// Reports the unfinished component the file ends in, which is dropped; when it was the only
    /// item and the input must hold something usable, the reading is refused instead.
    private mutating func reportTruncated(_ open: OpenComponent, in kind: CalendarKind) {
        let ends = open.missingEnds.joined(separator: ", ")
        let uid = Self.uid(in: collected).map { " (UID \($0))" } ?? ""
        let missing = kind == .implicit ? ends : ends + ", END:VCALENDAR"
        let cut = "the file ends inside the \(open.name) begun on line \(open.firstLine)\(uid)"
        let truncated = "; it looks truncated (missing \(missing))"
        guard refusesUnusableInput && itemsHandedOn == 0 else {
            return report(.error, lineNumber, 1, cut + truncated, repair: "drops the unfinished \(open.name) and closes the calendar")
        }
        let only = open.name == "VTIMEZONE" ? ", before any event or to-do" : ", its only item"
        report(
            .error, lineNumber, 1,
            cut + only + truncated
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

extension CalendarScanner {
    /// Scans `chunk` on a worker as if it began where its kind says (the input's start, or between
    /// components inside a calendar), its lines counted from 1.
    package static func scan(_ chunk: CalendarChunk, file: String) -> ChunkScan {
        var scanner = CalendarScanner(input: InputFile(name: file, contents: []))
        let start = chunk.isFirst ? ChunkStart.input : .calendarLevel
        // How the calendar the chunk begins in began is not known here; `ChunkEnd` says so.
        if start == .calendarLevel { scanner.state = .calendarLevel(.written, pending: nil) }
        let items = scanner.read(chunk)
        let notes = scanner.chunkNotes
        // A message naming a line by its number, or anything left open, keeps the scan from being taken over.
        let end: ChunkEnd? =
            switch scanner.state {
            case _ where notes.namesLines: nil
            case .outside(let afterCalendar, let skipped): .outside(afterCalendar: afterCalendar, skipped: skipped)
            case .calendarLevel(let kind, pending: nil): .calendarLevel(start == .input || notes.endedCalendar ? kind : nil)
            case .calendarLevel, .component, .stopped, .handling: nil
            }
        return ChunkScan(
            start: start, items: items, diagnostics: scanner.diagnostics, lines: scanner.lineNumber, end: end,
            itemsHandedOn: scanner.itemsHandedOn, notes: notes)
    }

    /// Reads the lines of `source` on from where the scanner stands, and returns what they hold.
    package mutating func read(_ source: CalendarChunk) -> [ScannedItem] {
        chunk = ChunkReading(source)
        chunkNotes = ChunkNotes()
        buffer = Array(source.bytes[..<source.alreadyRead])
        (position, atEnd) = (0, false)
        // A chunk is in memory: reading it cannot fail.
        while !hasStopped, let line = (try? nextLine()) ?? nil { handle(line) }
        return takeReady()
    }

    /// Ends the input after its last chunk: what is still open is reported as `next` would.
    package mutating func finishChunks() -> [ScannedItem] {
        finish()
        return takeReady()
    }

    /// Takes over a worker's scan of the next chunk when the scanner stands where that scan began,
    /// and returns its items with their lines counted from the input's start; `nil` when the chunk
    /// must be read here instead.
    package mutating func adopt(_ scan: ChunkScan) -> [ScannedItem]? {
        guard let end = scan.end, standsAt(scan.start) else { return nil }
        let offset = lineNumber
        // The long-line note names its line; only the first of the input is given.
        if scan.notes.longLineReport != nil && !sawLongLine && offset > 0 { return nil }
        var found = scan.diagnostics
        let repeated = [sawLoneCR ? scan.notes.loneCRReport : nil, sawLongLine ? scan.notes.longLineReport : nil].compactMap { $0 }
        for index in repeated.sorted(by: >) { found.remove(at: index) }
        diagnostics +=
            offset == 0
            ? found
            : found.map { diagnostic in
                var moved = diagnostic
                moved.location?.line += offset
                return moved
            }
        lineNumber += scan.lines
        switch end {
        case .outside(let afterCalendar, let skipped):
            let movedSkipped = skipped.map { SkippedText(line: $0.line + offset, text: $0.text, count: $0.count) }
            state = .outside(afterCalendar: afterCalendar, skipped: movedSkipped)
        case .calendarLevel(let kind?):
            state = .calendarLevel(kind, pending: nil)
        case .calendarLevel(nil):
            // The calendar the chunk began in goes on as it began.
            break
        }
        itemsHandedOn += scan.itemsHandedOn
        sawLoneCR = sawLoneCR || scan.notes.loneCRReport != nil
        sawLongLine = sawLongLine || scan.notes.longLineReport != nil
        return offset == 0 ? scan.items : scan.items.map { Self.moved($0, by: offset) }
    }

    private mutating func takeReady() -> [ScannedItem] {
        defer { ready = [] }
        return ready
    }

    /// Whether nothing is open or pending, as at the start of a chunk scanned from `start`.
    private func standsAt(_ start: ChunkStart) -> Bool {
        guard ready.isEmpty else { return false }
        switch (start, state) {
        case (.input, .outside): return lineNumber == 0
        case (.calendarLevel, .calendarLevel(_, pending: nil)): return true
        default: return false
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
