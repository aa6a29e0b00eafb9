import JSONReading

/// JSON text read from chunks as it arrives: punctuation one byte at a time, and whole values (one
/// property, one component) cut out for `JSONReader`, so memory holds one value however long the text.
/// A value deeper than `JSONReader.maximumDepth` or larger than `maximumValueBytes` is refused as
/// soon as the cut reaches that far.
struct JSONStream {
    let maximumValueBytes: Int
    /// Appends the next piece of the text to the buffer it is given; false at the end of the text.
    private let appendChunk: (_ buffer: inout [UInt8]) throws -> Bool
    private var buffer: [UInt8] = []
    private var i = 0
    private var ended = false
    /// Whether a byte order mark may still be ahead.
    private var atTextStart = true
    /// Where `buffer[0]` is in the text.
    private var origin = JSONPosition.start
    /// A place already worked out (`buffer[mark]` is at `markPosition`), so that finding where each
    /// value begins looks at every byte once.
    private var mark = 0
    private var markPosition = JSONPosition.start

    init(chunks appendChunk: @escaping (_ buffer: inout [UInt8]) throws -> Bool, maximumValueBytes: Int) {
        self.appendChunk = appendChunk
        self.maximumValueBytes = maximumValueBytes
    }

    /// The next byte that is not white space, left unread; nil at the end of the text.
    mutating func peek() throws -> UInt8? {
        if atTextStart { try dropByteOrderMark() }
        while try available(i) {
            switch buffer[i] {
            case 0x20, 0x09, 0x0A, 0x0D: i += 1
            default: return buffer[i]
            }
        }
        return nil
    }

    /// Editors on Windows write a byte order mark, which RFC 8259 lets a reader ignore; it is dropped
    /// rather than skipped so that it is no column of the first line.
    private mutating func dropByteOrderMark() throws {
        atTextStart = false
        if try available(2), buffer.starts(with: [0xEF, 0xBB, 0xBF]) { buffer.removeFirst(3) }
    }

    /// Reads `byte` (after white space), or fails with `message` where the text has something else.
    mutating func expect(_ byte: UInt8, _ message: @autoclosure () -> String) throws {
        guard try peek() == byte else { throw error(message()) }
        i += 1
    }

    /// Reads `,` and says true, or `]` and says false.
    mutating func commaOrClose() throws -> Bool {
        switch try peek() {
        case UInt8(ascii: ","): i += 1; return true
        case UInt8(ascii: "]"): i += 1; return false
        default: throw error("expected ',' or ']'")
        }
    }

    /// Fails unless only white space is left.
    mutating func expectEnd() throws {
        guard try peek() == nil else { throw error("text after the JSON value") }
    }

    /// The next value, parsed, and where it begins; its syntax errors are placed in the whole text.
    mutating func value() throws -> (value: JSONValue, at: JSONPosition) {
        let text = try cut()
        return (try text.parsed(), text.origin)
    }

    /// The next value's text, not yet parsed, and where it begins.
    mutating func cut() throws -> JSONCut {
        let (bytes, start) = try cutValue()
        return JSONCut(bytes: bytes, origin: position(of: start))
    }

    /// The bytes of the next value and where it begins, read through to its end.
    private mutating func cutValue() throws -> (bytes: [UInt8], start: Int) {
        _ = try peek()
        compact()
        let start = i
        var end = start
        var cut = ValueCut()
        scan: while true {
            // A byte past the bound is looked at only to say the value is too large.
            let limit = min(buffer.count, start + maximumValueBytes + 1)
            switch buffer.withUnsafeBufferPointer({ cut.scan($0, from: &end, to: limit) }) {
            case .ended: break scan
            case .tooDeep: throw error("nested deeper than \(JSONReader.maximumDepth) levels", at: end)
            case .needsMore:
                guard try available(end) else { break scan }
                guard end - start <= maximumValueBytes else {
                    throw error("a value larger than \(DocumentError.size(maximumValueBytes)) begins here", at: start)
                }
            }
        }
        if cut.inString || cut.depth > 0 { throw error("the text ends inside a value", at: min(end, buffer.count)) }
        i = min(end, buffer.count)
        return (Array(buffer[start..<i]), start)
    }

    mutating func error(_ message: String) -> DocumentError {
        error(message, at: min(i, buffer.count))
    }

    private mutating func error(_ message: String, at index: Int) -> DocumentError {
        let place = position(of: index)
        return DocumentError(line: place.line, column: place.column, message)
    }

    private mutating func position(of index: Int) -> JSONPosition {
        guard index >= mark else { return origin.advanced(over: buffer[..<index]) }
        markPosition = markPosition.advanced(over: buffer[mark..<index])
        mark = index
        return markPosition
    }

    /// Whether `buffer[index]` exists, reading chunks until it does or the text ends.
    private mutating func available(_ index: Int) throws -> Bool {
        while index >= buffer.count && !ended {
            // Read straight into the buffer: a chunk of its own was one more copy of every byte.
            if try !appendChunk(&buffer) { ended = true }
        }
        return index < buffer.count
    }

    /// Drops what has been read, once it is most of the buffer.
    private mutating func compact() {
        guard i >= 1 << 20, i * 2 >= buffer.count else { return }
        origin = position(of: i)
        buffer.removeSubrange(..<i)
        i = 0
        mark = 0
    }
}

/// How far the cut of one value has come, kept while more of its text is read: how deep it is
/// and whether it stands inside a string.
private struct ValueCut {
    enum Outcome {
        case ended
        /// At the bracket that nests deeper than `JSONReader.maximumDepth`.
        case tooDeep
        case needsMore
    }

    var depth = 0
    var inString = false

    /// Scans `bytes` from `end` up to `limit`, leaving `end` after the value when it ends there.
    mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, from end: inout Int, to limit: Int) -> Outcome {
        // Read once: a global of another module is reached through an accessor on every use.
        let maximumDepth = JSONReader.maximumDepth
        while end < limit {
            if inString {
                // Most of jCal is the text of strings: run to the next quote or backslash, eight
                // bytes at a time while none is among them.
                while end + 8 <= limit,
                    !Self.holdsQuoteOrBackslash(UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: end, as: UInt64.self))
                {
                    end += 8
                }
                while end < limit, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\") { end += 1 }
                guard end < limit else { return .needsMore }
                if bytes[end] == UInt8(ascii: "\\") { end += 2; continue }
                end += 1
                inString = false
                if depth == 0 { return .ended }
                continue
            }
            switch bytes[end] {
            case UInt8(ascii: "\""):
                inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                guard depth < maximumDepth else { return .tooDeep }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if depth == 0 { return .ended }
                depth -= 1
                if depth == 0 { end += 1; return .ended }
            case UInt8(ascii: ","), 0x20, 0x09, 0x0A, 0x0D:
                if depth == 0 { return .ended }
            default: break
            }
            end += 1
        }
        return .needsMore
    }

    /// Whether a byte of `word` is `"` or `\\`: a byte of `word ^ pattern` is zero exactly there.
    private static func holdsQuoteOrBackslash(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ 0x2222_2222_2222_2222, backslashes = word ^ 0x5C5C_5C5C_5C5C_5C5C
        return ((quotes &- ones) & ~quotes | (backslashes &- ones) & ~backslashes) & high != 0
    }
}

/// One value's text cut out of a `JSONStream`, with where it begins: a component's text is parsed
/// by the worker that builds it, not by the thread reading the stream.
struct JSONCut: Sendable {
    var bytes: [UInt8]
    var origin: JSONPosition

    /// The value; its syntax errors are placed in the whole text.
    func parsed() throws(DocumentError) -> JSONValue {
        do throws(JSONSyntaxError) {
            return try JSONReader.value(of: bytes, at: origin)
        } catch {
            throw DocumentError(line: error.position.line, column: error.position.column, error.message)
        }
    }
}
