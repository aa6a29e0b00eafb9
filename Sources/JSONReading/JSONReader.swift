/// The one strict RFC 8259 reader of calbridge, for timetables and jCal alike. calbridge reads JSON
/// itself rather than with `JSONSerialization` to keep member order and number literals, refuse
/// duplicate keys and lone surrogates, and say at which line and column the text went wrong.
package struct JSONReader {
    /// Neither timetables nor jCal nest deeply; the limit stops hostile input from exhausting the stack.
    package static let maximumDepth = 64

    // Internal rather than private so the string reading in JSONReaderStrings.swift can use them.
    let bytes: [UInt8]
    var index: Int
    /// Where the text being positioned begins: after a byte order mark, which no editor shows as a column.
    private let first: Int
    private let origin: JSONPosition

    /// The one value `bytes` hold. `origin` is where they begin in a larger text (a jCal component cut
    /// out of its document), so that errors are placed in that text. A byte order mark, which editors on
    /// Windows write and RFC 8259 lets a reader ignore, is skipped at the beginning of a text only.
    package static func value(of bytes: [UInt8], at origin: JSONPosition = .start) throws(JSONSyntaxError) -> JSONValue {
        var reader = JSONReader(bytes: bytes, origin: origin)
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.index == bytes.count else { throw reader.failure("text after the end of the JSON value") }
        return value
    }

    private init(bytes: [UInt8], origin: JSONPosition) {
        self.bytes = bytes
        self.origin = origin
        first = origin == .start && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        index = first
    }

    private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth < Self.maximumDepth else { throw failure("nested more than \(Self.maximumDepth) levels deep") }
        skipSpace()
        guard index < bytes.count else { throw failure("the text ends where a value should be") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw failure("expected a value (object, array, string, number, true, false or null)")
        }
    }

    private mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var members: [JSONMember] = []
        skipSpace()
        if take(UInt8(ascii: "}")) { return .object(members) }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw failure("expected a key in double quotes")
            }
            let keyStart = index
            let key = try string()
            // RFC 8259 leaves a repeated key's meaning open; readers differ on which one wins, so none does.
            if members.contains(where: { $0.key == key }) {
                index = keyStart
                throw failure("the key \"\(key)\" appears twice in this object")
            }
            skipSpace()
            guard take(UInt8(ascii: ":")) else { throw failure("expected ':' after the key \"\(key)\"") }
            members.append(JSONMember(key: key, value: try value(depth: depth + 1)))
            skipSpace()
            if take(UInt8(ascii: "}")) { return .object(members) }
            guard take(UInt8(ascii: ",")) else { throw failure("expected ',' or '}' after a member") }
        }
    }

    private mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var elements: [JSONValue] = []
        skipSpace()
        if take(UInt8(ascii: "]")) { return .array(elements) }
        while true {
            elements.append(try value(depth: depth + 1))
            skipSpace()
            if take(UInt8(ascii: "]")) { return .array(elements) }
            guard take(UInt8(ascii: ",")) else { throw failure("expected ',' or ']' after an element") }
        }
    }

    private mutating func literal(_ word: String, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
        let expected = Array(word.utf8)
        guard bytes[index...].starts(with: expected) else { throw failure("expected a value (did you mean \(word)?)") }
        index += expected.count
        return value
    }

    /// RFC 8259's number grammar exactly: no `+1`, `.5`, `1.` or `01`, which other readers take differently.
    private mutating func number() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        _ = take(UInt8(ascii: "-"))
        if !take(UInt8(ascii: "0")) {
            guard digits() > 0 else { throw failure("a number needs digits") }
        }
        if take(UInt8(ascii: ".")) {
            guard digits() > 0 else { throw failure("a number needs digits after its '.'") }
        }
        if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
            if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
            guard digits() > 0 else { throw failure("a number needs digits in its exponent") }
        }
        return .number(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    private mutating func digits() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index - start
    }

    mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// The error at where reading stopped; positions are worked out only here, as errors are rare.
    func failure(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(at: origin.advanced(over: bytes[first..<max(first, min(index, bytes.count))]), message)
    }
}
