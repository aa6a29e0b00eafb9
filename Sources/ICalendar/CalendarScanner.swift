import CalendarModel

/// What the scanner finds at the top of a calendar stream, in order.
public enum ScannedItem {
    case beginCalendar(SourceLocation)
    case calendarProperty(Property)
    case component(RawComponent)
    case endCalendar
}

/// Reads an iCalendar stream block by block and cuts it into calendar-level properties and the raw
/// bytes of each top-level component, so memory holds one component at a time however large the
/// file. It tracks only structure; `ComponentReader` reads what is inside.
public struct CalendarScanner {
    /// Longer physical lines are refused: no calendar a person made has one, and it bounds memory.
    public static let maximumLineLength = 4 << 20
    /// Components nested deeper than this are refused (a VCALENDAR, an event, an alarm is 3).
    public static let maximumDepth = 32
    /// Larger single components are refused for the same reason.
    public static let maximumComponentSize = 64 << 20
    private static let blockSize = 1 << 20

    private let input: InputFile
    public private(set) var diagnostics: [Diagnostic] = []
    private var buffer: [UInt8] = []
    private var position = 0
    private var atEnd = false
    private var lineNumber = 0
    private var insideCalendar = false
    private var sawCalendar = false
    private var sawLoneCR = false
    private var sawLongLine = false
    private var pending: LogicalLine?
    private var raw: RawComponent?
    private var openNames: [String] = []
    private var ready: [ScannedItem] = []
    private var stopped = false

    public init(input: InputFile) {
        self.input = input
    }

    /// The next item, or `nil` at the end or after a problem that stops reading (in `diagnostics`).
    public mutating func next() throws(InputFile.OpenError) -> ScannedItem? {
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
            let found = buffer.withUnsafeBufferPointer { PhysicalLines.next(in: $0, from: position, isFinal: atEnd) }
            if let (line, next) = found {
                lineNumber += 1
                if line.endedWithLoneCR && !sawLoneCR {
                    sawLoneCR = true
                    report(.violation, lineNumber, line.range.count + 1,
                           "lines end with a lone CR (old Mac style); iCalendar needs CRLF", repair: "writes CRLF")
                }
                if line.range.count > 75 && !sawLongLine {
                    sawLongLine = true
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
            position = 0
            atEnd = try input.read(into: &buffer, count: Self.blockSize) == 0
        }
    }

    private mutating func handle(_ line: ArraySlice<UInt8>) {
        if raw != nil { return collect(line) }
        guard insideCalendar else { return expectCalendar(line) }
        if let first = line.first, first == 0x20 || first == 0x09, pending != nil {
            pending!.segments.append((pending!.bytes.count, lineNumber))
            pending!.bytes += line.dropFirst()
            return
        }
        flushPending()
        if let name = ComponentParser.structuralName("BEGIN:", line) {
            raw = RawComponent(bytes: Array(line) + [0x0A], firstLine: lineNumber)
            openNames = [name]
        } else if let name = ComponentParser.structuralName("END:", line) {
            guard name == "VCALENDAR" else {
                return report(.error, lineNumber, 5, "END:\(name) without a BEGIN:\(name) before it")
            }
            insideCalendar = false
            ready.append(.endCalendar)
        } else if line.isEmpty {
            report(.violation, lineNumber, 1, "an empty line, which iCalendar does not allow", repair: "removes it")
        } else {
            pending = LogicalLine(bytes: Array(line), segments: [(0, lineNumber)])
        }
    }

    private mutating func expectCalendar(_ line: ArraySlice<UInt8>) {
        var line = line
        if lineNumber == 1 && line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
        if ComponentParser.structuralName("BEGIN:", line) == "VCALENDAR" {
            insideCalendar = true
            sawCalendar = true
            ready.append(.beginCalendar(SourceLocation(line: lineNumber)))
            return
        }
        let shown = String(decoding: line.prefix(40), as: UTF8.self).unicodeScalars
            .map { $0.value >= 0x20 && $0.value < 0x7F ? String($0) : "?" }.joined()
        let message = sawCalendar
            ? "text after END:VCALENDAR ('\(shown)'); only another BEGIN:VCALENDAR may follow"
            : "this is not an iCalendar file: it should begin with BEGIN:VCALENDAR, but begins with '\(shown)'"
        report(.error, lineNumber, 1, message)
        stopped = true
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
            if name == "VCALENDAR" && openNames.last != "VCALENDAR" {
                let open = openNames.reversed().map { "END:" + $0 }.joined(separator: ", ")
                report(.error, lineNumber, 1, "END:VCALENDAR while \(openNames.last!) begun on line \(raw!.firstLine) is still open; add \(open) before it")
                stopped = true
                return
            }
            // A mismatched END is the parser's to report; here it closes the innermost component.
            if let index = openNames.lastIndex(of: name) { openNames.removeSubrange(index...) } else { openNames.removeLast() }
            if openNames.isEmpty { ready.append(.component(raw.take()!)) }
        }
    }

    private mutating func flushPending() {
        guard let line = pending.take() else { return }
        do {
            let (property, valueOffset) = try ContentLineParser.parse(line)
            if let problem = PropertyValueCheck.problem(in: property) {
                let place = line.location(ofOffset: valueOffset)
                report(.error, place.line, place.column, problem)
            }
            ready.append(.calendarProperty(property))
        } catch {
            let place = line.location(ofOffset: error.offset)
            report(.error, place.line, place.column, error.message)
        }
    }

    private mutating func finish() {
        flushPending()
        stopped = true
        if let raw {
            let open = openNames.reversed().map { "END:" + $0 }.joined(separator: ", ")
            report(.error, lineNumber, 1, "the file ends inside the \(openNames[0]) begun on line \(raw.firstLine); it looks truncated (missing \(open), END:VCALENDAR)",
                   repair: "drops the unfinished \(openNames[0]) and closes the calendar")
        } else if insideCalendar {
            report(.error, lineNumber, 1, "the file ends without END:VCALENDAR; it looks truncated", repair: "adds END:VCALENDAR")
        } else if !sawCalendar {
            report(.error, max(lineNumber, 1), 1, "this is not an iCalendar file: it holds no BEGIN:VCALENDAR")
        }
    }

    private mutating func report(_ severity: Diagnostic.Severity, _ line: Int, _ column: Int, _ message: String, repair: String? = nil) {
        diagnostics.append(Diagnostic(severity, file: input.name, at: SourceLocation(line: line, column: column), message, repair: repair))
    }
}
