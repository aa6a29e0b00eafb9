/// A JSON value as jCal needs it: objects keep their key order and numbers keep their literal, so
/// `1.500000` and the order of a rule's parts come back as written.
indirect enum JSONValue: Equatable, Sendable {
    case string(String)
    case number(String)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)), (.number(let a), .number(let b)): return a == b
        case (.bool(let a), .bool(let b)): return a == b
        case (.null, .null): return true
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)): return a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
        default: return false
        }
    }
}

/// Reads JSON text (RFC 8259) into `JSONValue`, with the line and column of the first error and a
/// depth limit so hostile input ends quickly.
public struct JSONText {
    static let maximumDepth = 64
    private let bytes: [UInt8]
    private var i = 0

    /// The one value `bytes` hold.
    static func parse(_ bytes: [UInt8]) throws(DocumentError) -> JSONValue {
        var parser = JSONText(bytes: bytes)
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.i == bytes.count else { throw parser.error("text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
    }

    private mutating func value(depth: Int) throws(DocumentError) -> JSONValue {
        guard depth < Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth) levels") }
        guard i < bytes.count else { throw error("the text ends where a value should be") }
        switch bytes[i] {
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "["):
            i += 1
            var items: [JSONValue] = []
            skipSpace()
            if peek(UInt8(ascii: "]")) { i += 1; return .array(items) }
            while true {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
                if peek(UInt8(ascii: ",")) { i += 1; continue }
                guard peek(UInt8(ascii: "]")) else { throw error("expected ',' or ']'") }
                i += 1
                return .array(items)
            }
        case UInt8(ascii: "{"):
            i += 1
            var pairs: [(key: String, value: JSONValue)] = []
            skipSpace()
            if peek(UInt8(ascii: "}")) { i += 1; return .object(pairs) }
            while true {
                skipSpace()
                guard peek(UInt8(ascii: "\"")) else { throw error("expected a quoted key") }
                let key = try string()
                skipSpace()
                guard peek(UInt8(ascii: ":")) else { throw error("expected ':' after a key") }
                i += 1
                skipSpace()
                pairs.append((key, try value(depth: depth + 1)))
                skipSpace()
                if peek(UInt8(ascii: ",")) { i += 1; continue }
                guard peek(UInt8(ascii: "}")) else { throw error("expected ',' or '}'") }
                i += 1
                return .object(pairs)
            }
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        default: return try number()
        }
    }

    private mutating func string() throws(DocumentError) -> String {
        i += 1
        var out = ""
        var run = i
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                out += String(decoding: bytes[run..<i], as: UTF8.self)
                i += 1
                return out
            }
            if b < 0x20 { throw error("a control character inside a string") }
            if b == UInt8(ascii: "\\") {
                out += String(decoding: bytes[run..<i], as: UTF8.self)
                try escape(into: &out)
                run = i
                continue
            }
            i += 1
        }
        throw error("a string is not closed")
    }

    private mutating func escape(into out: inout String) throws(DocumentError) {
        i += 1
        guard i < bytes.count else { throw error("a string ends in a backslash") }
        let b = bytes[i]
        i += 1
        switch b {
        case UInt8(ascii: "\""): out += "\""
        case UInt8(ascii: "\\"): out += "\\"
        case UInt8(ascii: "/"): out += "/"
        case UInt8(ascii: "b"): out += "\u{8}"
        case UInt8(ascii: "f"): out += "\u{C}"
        case UInt8(ascii: "n"): out += "\n"
        case UInt8(ascii: "r"): out += "\r"
        case UInt8(ascii: "t"): out += "\t"
        case UInt8(ascii: "u"):
            var code = try hex4()
            if (0xD800..<0xDC00).contains(code), bytes[i...].starts(with: Array("\\u".utf8)) {
                i += 2
                let low = try hex4()
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            }
            out.unicodeScalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
        default: throw error("an unknown escape \\\(Character(Unicode.Scalar(b)))")
        }
    }

    private mutating func hex4() throws(DocumentError) -> UInt32 {
        guard i + 4 <= bytes.count, let code = UInt32(String(decoding: bytes[i..<(i + 4)], as: UTF8.self), radix: 16) else {
            throw error("\\u needs four hex digits")
        }
        i += 4
        return code
    }

    private mutating func number() throws(DocumentError) -> JSONValue {
        let start = i
        while i < bytes.count, "+-0123456789.eE".utf8.contains(bytes[i]) { i += 1 }
        let literal = String(decoding: bytes[start..<i], as: UTF8.self)
        guard !literal.isEmpty, Double(literal) != nil else { throw error("expected a value") }
        return .number(literal)
    }

    private mutating func literal(_ word: String, _ value: JSONValue) throws(DocumentError) -> JSONValue {
        guard bytes[i...].starts(with: Array(word.utf8)) else { throw error("expected a value") }
        i += word.utf8.count
        return value
    }

    private func peek(_ byte: UInt8) -> Bool { i < bytes.count && bytes[i] == byte }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
    }

    private func error(_ message: String) -> DocumentError {
        let place = JSONPosition(line: 1, column: 1).advanced(over: bytes[..<min(i, bytes.count)])
        return DocumentError(line: place.line, column: place.column, message)
    }

    /// A JSON string literal for `text`.
    public static func quoted(_ text: String) -> String {
        var out = JSONOutput()
        out.string(text)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// `quoted(text)` appended to `bytes` as UTF-8, for writers that build their output as bytes
    /// (`calbridge expand`'s JSON lines).
    public static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        JSONOutput.appendQuoted(text, to: &bytes)
    }
}

/// A line and column in JSON text, both from 1.
struct JSONPosition: Sendable {
    var line: Int
    var column: Int

    /// The position after `bytes`, read from here.
    func advanced(over bytes: ArraySlice<UInt8>) -> JSONPosition {
        guard let lastNewline = bytes.lastIndex(of: 0x0A) else { return JSONPosition(line: line, column: column + bytes.count) }
        return JSONPosition(line: line + bytes.count(where: { $0 == 0x0A }), column: bytes.endIndex - lastNewline)
    }
}
