import CalendarModel

/// One line of a CSV file: a `#` comment (a timetable's may carry a setting) or a record of fields.
package enum CSVLine: Sendable {
    case comment(row: Int, text: String)
    /// `starts` holds where each field starts (its line, and its column counted in characters), for
    /// messages that point at a cell; a field after a quoted line break starts on a later line than `row`.
    case record(row: Int, fields: [String], starts: [SourceLocation])
}

/// Splits CSV bytes into lines and fields the RFC 4180 way: fields in double quotes may hold the
/// delimiter, line breaks and `""` for a quote. Rows are numbered by the file line a record starts
/// on, which is the row number a spreadsheet shows. Timetables and import manifests read with it.
package struct CSVScanner {
    private let bytes: [UInt8]
    private let delimiter: UInt8
    private var index = 0
    private var row = 1
    /// The last place whose column is known (a line's start or a field's), from which the next
    /// field's column is counted, so that each byte is counted once.
    private var counted = (index: 0, column: 1)

    /// The lines of `bytes`, or the row of the problem that stops reading.
    package static func lines(_ bytes: [UInt8]) -> Result<[CSVLine], CSVProblem> {
        // Excel writes a byte order mark before UTF-8 CSV.
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes[3...]) : bytes
        if let row = firstRowNotUTF8(text) {
            return .failure(CSVProblem(row: row, message: "the line is not UTF-8 (save the file as UTF-8)"))
        }
        if let (row, control) = firstControlCharacter(text) {
            return .failure(
                CSVProblem(row: row, message: "the line holds control character \(control), which a calendar cannot carry; remove it"))
        }
        var scanner = CSVScanner(bytes: text, delimiter: delimiter(of: text))
        return scanner.scan()
    }

    private init(bytes: [UInt8], delimiter: UInt8) {
        self.bytes = bytes
        self.delimiter = delimiter
    }

    private mutating func scan() -> Result<[CSVLine], CSVProblem> {
        var lines: [CSVLine] = []
        while index < bytes.count {
            let start = row
            if bytes[index] == UInt8(ascii: "#") {
                let end = bytes[index...].firstIndex(of: 0x0A) ?? bytes.count
                let text = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
                lines.append(.comment(row: start, text: Self.trim(text)))
                index = end + 1
                startLine()
            } else if let (fields, starts) = record() {
                // A line of nothing but spaces or delimiters is a spreadsheet's empty row.
                if fields.contains(where: { !$0.isEmpty }) { lines.append(.record(row: start, fields: fields, starts: starts)) }
            } else {
                return .failure(CSVProblem(row: start, message: "a quoted field is not closed before the end of the file"))
            }
        }
        return .success(lines)
    }

    /// A file line begins at `index` (just after a line feed).
    private mutating func startLine() {
        row += 1
        counted = (index, 1)
    }

    /// Where `index` is: its column counts characters (UTF-8 bytes that do not continue one).
    private mutating func position() -> SourceLocation {
        let column = counted.column + bytes[counted.index..<index].count(where: { $0 & 0xC0 != 0x80 })
        counted = (index, column)
        return SourceLocation(line: row, column: column)
    }

    /// The fields of the record at `index` and where each starts, or nil when a quote is left open.
    private mutating func record() -> ([String], [SourceLocation])? {
        var fields: [String] = []
        var starts = [position()]
        var field: [UInt8] = []
        var quoted = false
        while true {
            guard index < bytes.count else { break }
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\""), field.allSatisfy({ $0 == 0x20 || $0 == 0x09 }), !quoted {
                guard let text = quotedText() else { return nil }
                field = text
                quoted = true
            } else if quoted, byte == 0x20 || byte == 0x09 || byte == 0x0D {
                // Spaces between a closing quote and the delimiter are not part of the field.
                continue
            } else if byte == delimiter {
                fields.append(Self.finish(field, quoted: quoted))
                starts.append(position())
                field = []
                quoted = false
            } else if byte == 0x0A {
                startLine()
                break
            } else {
                field.append(byte)
            }
        }
        fields.append(Self.finish(field, quoted: quoted))
        return (fields, starts)
    }

    /// The text of a quoted field with `index` after its opening quote; leaves `index` after the closing one.
    private mutating func quotedText() -> [UInt8]? {
        var text: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\"") {
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return text }
                index += 1
            } else if byte == 0x0A {
                startLine()
            } else if byte == 0x0D, index < bytes.count, bytes[index] == 0x0A {
                // A spreadsheet's line break inside a cell is CRLF; the calendar's text keeps the LF.
                continue
            }
            text.append(byte)
        }
        return nil
    }

    /// Unquoted fields lose surrounding spaces and the CR of a CRLF line end; quoted ones stay as written.
    private static func finish(_ field: [UInt8], quoted: Bool) -> String {
        let text = String(decoding: field, as: UTF8.self)
        return quoted ? text : trim(text)
    }

    /// `;` when the header line has semicolons and no commas (as German spreadsheets save CSV), else `,`.
    private static func delimiter(of bytes: [UInt8]) -> UInt8 {
        for line in bytes.split(separator: 0x0A) {
            let isBlank = line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
            guard !isBlank, line.first != UInt8(ascii: "#") else { continue }
            let semicolons = line.filter { $0 == UInt8(ascii: ";") }.count
            return semicolons > 0 && !line.contains(UInt8(ascii: ",")) ? UInt8(ascii: ";") : UInt8(ascii: ",")
        }
        return UInt8(ascii: ",")
    }

    /// The text less surrounding spaces, tabs and carriage returns (Foundation is not needed for that).
    package static func trim(_ text: some StringProtocol) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(text[first...last])
    }

    /// The row and name of the first control character other than tab and line ends (LF, CRLF, and
    /// a CR that ends the file).
    private static func firstControlCharacter(_ bytes: [UInt8]) -> (Int, String)? {
        let found = bytes.indices.first { index in
            let byte = bytes[index]
            guard byte < 0x20, byte != 0x09, byte != 0x0A else { return false }
            return byte != 0x0D || (index + 1 < bytes.count && bytes[index + 1] != 0x0A)
        }
        guard let index = found else { return nil }
        let row = bytes[..<index].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        let hex = String(bytes[index], radix: 16, uppercase: true)
        return (row, "U+00" + (hex.count == 1 ? "0" : "") + hex)
    }

    private static func firstRowNotUTF8(_ bytes: [UInt8]) -> Int? {
        for (offset, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let text = String(decoding: line, as: UTF8.self)
            if !text.utf8.elementsEqual(line) { return offset + 1 }
        }
        return nil
    }
}

/// What stops a CSV file from being read at all, at the row where it happens.
package struct CSVProblem: Error, Sendable {
    package var row: Int
    package var message: String
}
