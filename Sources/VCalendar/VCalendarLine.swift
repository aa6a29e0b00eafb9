import CalendarModel
import ContentLines

/// One content line of a vCalendar 1.0 file, its value decoded into text: vCalendar 1.0 shares
/// vCard 2.1's line grammar (bare parameters such as `;QUOTED-PRINTABLE`, soft line breaks), so
/// it is read with the vCard dialect of the one `ContentLineLexer`.
struct VCalendarLine {
    /// Upper-cased; a group prefix, which vCalendar allows and nobody writes, is dropped.
    var name: String
    /// The parameters iCalendar keeps: ENCODING=QUOTED-PRINTABLE and CHARSET are spent on the value.
    var parameters: [Parameter]
    /// The value as text: quoted-printable decoded and the charset turned into Unicode.
    var value: String
    var location: SourceLocation
    /// The charset the line named that this reader does not know (its value read as UTF-8).
    var unknownCharset: String?
    /// Whether the value was written in quoted-printable.
    var wasQuotedPrintable: Bool
    /// Whether the decoded value held control characters, which were left out.
    var hadControlCharacters: Bool

    private static let lexer = ContentLineLexer.vCard

    /// Reads an unfolded line; a line that is not a content line throws with where it went wrong.
    init(_ line: UnfoldedLine) throws(ContentLineProblem) {
        let bytes = line.bytes
        var i = 0
        let (_, name) = try Self.lexer.propertyName(bytes, &i)
        try Self.refuseUnderscore(bytes, name, in: "name")
        var parameters: [Parameter] = []
        while i < bytes.count, bytes[i] == UInt8(ascii: ";") {
            i += 1
            parameters.append(try Self.parameter(bytes, &i))
        }
        let valueStart = try Self.lexer.valueStart(bytes, i, name: name)
        let encoding = parameters.first { $0.name == "ENCODING" }?.values.first?.uppercased()
        let charset = parameters.first { $0.name == "CHARSET" }?.values.first
        var valueBytes = Array(bytes[valueStart...])
        wasQuotedPrintable = encoding == "QUOTED-PRINTABLE"
        if wasQuotedPrintable { valueBytes = QuotedPrintable.decode(valueBytes[...]) }
        let decoded = ValueCharset.decode(valueBytes, charset: charset)
        self.name = ASCII.uppercased(bytes[name])
        self.parameters = parameters.filter { parameter in
            parameter.name != "CHARSET"
                && !(parameter.name == "ENCODING" && ["QUOTED-PRINTABLE", "8BIT", "7BIT"].contains(parameter.values.first?.uppercased()))
        }
        // Decoding can make control characters (`=00`), which no iCalendar value can carry.
        let isControl = { (c: Unicode.Scalar) in (c.value < 0x20 && c != "\t" && c != "\n" && c != "\r") || c.value == 0x7F }
        hadControlCharacters = decoded.text.unicodeScalars.contains(where: isControl)
        value =
            hadControlCharacters ? String(String.UnicodeScalarView(decoded.text.unicodeScalars.filter { !isControl($0) })) : decoded.text
        location = SourceLocation(line: line.line, column: 1)
        unknownCharset = decoded.unknownCharset ? charset : nil
    }

    /// A parameter; a bare one (`;QUOTED-PRINTABLE`, `;UTF-8`) is named by what it can only be.
    private static func parameter(_ bytes: [UInt8], _ i: inout Int) throws(ContentLineProblem) -> Parameter {
        let parameter = try lexer.parameter(bytes, &i)
        let name = ASCII.uppercased(bytes[parameter.name])
        guard let first = parameter.firstValue else {
            // A bare parameter's name is a value (`TYPE=X_HOME`), where a `_` may stand.
            if ["QUOTED-PRINTABLE", "BASE64", "8BIT", "7BIT"].contains(name) { return Parameter(name: "ENCODING", values: [name]) }
            if ["UTF-8", "ISO-8859-1", "WINDOWS-1252", "US-ASCII"].contains(name) { return Parameter(name: "CHARSET", values: [name]) }
            return Parameter(name: "TYPE", values: [name])
        }
        try refuseUnderscore(bytes, parameter.name, in: "parameter name")
        var values = [ContentLineLexer.decoded(bytes[first])]
        while let next = try lexer.nextValue(bytes, &i) { values.append(ContentLineLexer.decoded(bytes[next])) }
        return Parameter(name: name, values: values)
    }

    /// vCard's dialect lets X- names have a `_`; an iCalendar property or parameter name cannot, so
    /// a line with one is kept as written (a parameter's found by fuzzing: written, it was a line
    /// the iCalendar reader keeps as written, not the property the translation held).
    private static func refuseUnderscore(_ bytes: [UInt8], _ name: Range<Int>, in what: String) throws(ContentLineProblem) {
        guard let underscore = bytes[name].firstIndex(of: UInt8(ascii: "_")) else { return }
        throw ContentLineProblem(
            offset: underscore, message: "a '_' in the \(what) \(ASCII.uppercased(bytes[name])), which iCalendar does not allow")
    }

    /// The first value of the named parameter (an upper-case name).
    func parameter(_ name: String) -> String? {
        parameters.first { $0.name == name }?.values.first
    }
}
