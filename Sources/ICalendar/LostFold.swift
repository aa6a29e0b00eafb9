import CalendarModel
import ContentLines

/// Tells a line that continues the one above, its fold having lost the leading space (Google and
/// Outlook read such lines so, and so do the tools people compare calbridge with), from a line that
/// begins a property.
///
/// A property line begins with a name followed by ':' or ';' (or '=' in the slip `NAME=value`, which
/// is no continuation either), or by blanks that, once removed, leave the name of a property
/// calbridge knows or an X- one (`REFRESH - INTERVAL;…`). Anything else — text, a lone word, a
/// name followed by other punctuation or by words — continues the line above. A lone word or a name
/// followed by blanks is judged with the folded lines below it (`METHOD` / ` :REQUEST` is a valid
/// fold right after a name, RFC 5545 §3.1).
enum LostFold {
    static let message = "a line that continues the line above without the leading space a fold needs"
    static let repair = "joins it to the line above"

    /// What the start of a physical line says of it.
    enum Continuation {
        /// It begins a property (a name and ':', ';' or '=').
        case no
        /// It continues the line above, whatever follows it.
        case yes
        /// A lone word or a name and blanks: the lines folded into it decide.
        case dependsOnFolds
    }

    /// What the start of a physical line says: whether it continues the line above, and how long the
    /// name it begins with is (letters, digits, '-'), which the parser then need not find again.
    struct LineStart {
        var continuation: Continuation
        var nameLength: Int
    }

    /// Whether a whole logical line (folds undone) continues the line above.
    static func continues<Bytes: RandomAccessCollection<UInt8>>(_ line: Bytes) -> Bool where Bytes.Index == Int {
        switch start(of: line).continuation {
        case .no: return false
        case .yes: return true
        case .dependsOnFolds:
            return line.allSatisfy { ContentLineDialect.iCalendar.isNameByte($0) || $0 == UInt8(ascii: ".") } || !namesKnownProperty(line)
        }
    }

    /// Whether the physical line `line`, which starts as `start` says, continues the line above: its
    /// start decides, or where that leaves it open, the line with the lines from `next` in `buffer`
    /// that fold into it. Where the buffer may end before those lines do (`isFinal` false), a line
    /// whose folds are not all there is taken as a line of its own.
    static func continues(
        _ line: UnsafeBufferPointer<UInt8>.SubSequence, starting start: LineStart, foldedFrom next: Int,
        in buffer: UnsafeBufferPointer<UInt8>, isFinal: Bool
    ) -> Bool {
        switch start.continuation {
        case .no: return false
        case .yes: return true
        case .dependsOnFolds: break
        }
        var logical = Array(line)
        var position = next
        while true {
            guard let (folded, after) = PhysicalLines.next(in: buffer, from: position, isFinal: isFinal) else {
                if !isFinal && position < buffer.count { return false }
                break
            }
            guard let first = buffer[folded.range].first, first == 0x20 || first == 0x09 else { break }
            logical += buffer[folded.range].dropFirst()
            position = after
        }
        return continues(logical)
    }

    @inline(__always)
    static func start<Bytes: RandomAccessCollection<UInt8>>(of line: Bytes) -> LineStart where Bytes.Index == Int {
        var i = line.startIndex
        while i < line.endIndex && ContentLineDialect.iCalendar.isNameByte(line[i]) { i += 1 }
        let nameLength = i - line.startIndex
        // A vCard-style group prefix (`item1.X-ABLABEL`) is a name too.
        while i < line.endIndex && (ContentLineDialect.iCalendar.isNameByte(line[i]) || line[i] == UInt8(ascii: ".")) { i += 1 }
        guard i > line.startIndex else { return LineStart(continuation: .yes, nameLength: nameLength) }
        guard i < line.endIndex else { return LineStart(continuation: .dependsOnFolds, nameLength: nameLength) }
        switch line[i] {
        case UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "="): return LineStart(continuation: .no, nameLength: nameLength)
        case 0x20, 0x09: return LineStart(continuation: .dependsOnFolds, nameLength: nameLength)
        default: return LineStart(continuation: .yes, nameLength: nameLength)
        }
    }

    /// Whether the text before the first ':' or ';', blanks removed, names a known or X- property.
    private static func namesKnownProperty<Bytes: RandomAccessCollection<UInt8>>(_ line: Bytes) -> Bool where Bytes.Index == Int {
        let end = line.firstIndex { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ";") } ?? line.endIndex
        let name = Array(line[..<end].filter { $0 != 0x20 && $0 != 0x09 })
        guard !name.isEmpty, name.allSatisfy(ContentLineDialect.iCalendar.isNameByte) else { return false }
        let checks = PropertyChecks.of(name[...])
        let upperCased = ContentLineLexer.upperCased(name[...])
        return checks.kind != nil || checks.libicalForm != nil || PropertyDesignTable.type(of: upperCased) != .unknown
    }
}
