import CalendarModel

/// Tells a line that continues the one above, its fold having lost the leading space (Google and
/// Outlook read such lines so, and so do the tools people compare calbridge with), from a line that
/// begins a property.
///
/// A property line begins with a name followed by ':' or ';' (or '=' in the slip `NAME=value`, which
/// is no continuation either), or by blanks that, once removed, leave the name of a property
/// calbridge knows or an X- one (`REFRESH - INTERVAL;…`). Anything else — text, a lone word, a
/// name followed by other punctuation or by words — continues the line above.
enum LostFold {
    static let message = "a line that continues the line above without the leading space a fold needs"
    static let repair = "joins it to the line above"

    /// What the start of a physical line says: whether it continues the line above, and how long the
    /// name it begins with is (letters, digits, '-'), which the parser then need not find again.
    struct LineStart {
        var continues: Bool
        var nameLength: Int
    }

    static func continues<Bytes: RandomAccessCollection<UInt8>>(_ line: Bytes) -> Bool where Bytes.Index == Int {
        start(of: line).continues
    }

    @inline(__always)
    static func start<Bytes: RandomAccessCollection<UInt8>>(of line: Bytes) -> LineStart where Bytes.Index == Int {
        var i = line.startIndex
        while i < line.endIndex && ContentLineParser.isNameByte(line[i]) { i += 1 }
        let nameLength = i - line.startIndex
        // A vCard-style group prefix (`item1.X-ABLABEL`) is a name too.
        while i < line.endIndex && (ContentLineParser.isNameByte(line[i]) || line[i] == UInt8(ascii: ".")) { i += 1 }
        guard i > line.startIndex, i < line.endIndex else { return LineStart(continues: true, nameLength: nameLength) }
        switch line[i] {
        case UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "="): return LineStart(continues: false, nameLength: nameLength)
        case 0x20, 0x09: return LineStart(continues: !namesKnownProperty(line), nameLength: nameLength)
        default: return LineStart(continues: true, nameLength: nameLength)
        }
    }

    /// Whether the text before the first ':' or ';', blanks removed, names a known or X- property.
    private static func namesKnownProperty<Bytes: RandomAccessCollection<UInt8>>(_ line: Bytes) -> Bool where Bytes.Index == Int {
        let end = line.firstIndex { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ";") } ?? line.endIndex
        let name = Array(line[..<end].filter { $0 != 0x20 && $0 != 0x09 })
        guard !name.isEmpty, name.allSatisfy(ContentLineParser.isNameByte) else { return false }
        let checks = PropertyChecks.of(name[...])
        let upperCased = ContentLineParser.upperCased(name[...])
        return checks.kind != nil || checks.libicalForm != nil || PropertyDesignTable.type(of: upperCased) != PropertyDesignTable.unknownType
    }
}
