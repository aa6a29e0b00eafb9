import CalendarModel
import ContentLines

/// A content line as read: the property (`nil` when the reader was told not to build it) and what
/// was wrong in the line. A line that cannot be read as a property at all becomes an
/// `unreadableLine` property, so it is written back as it was.
struct ContentLineReading {
    var property: Property?
    /// Where the value begins in the line, for pointing at it; `nil` for an unreadable line.
    var valueOffset: Int?
    var problems: [ContentLineProblem] = []
}

/// Reads one unfolded content line, `NAME *(";" param) ":" value` (RFC 5545 §3.1), into a `Property`,
/// with the iCalendar dialect of the one `ContentLineLexer`.
enum ContentLineParser {
    private static let lexer = ContentLineLexer.iCalendar

    /// Reads a whole line, building the property: strictly, and where the line does not keep to RFC
    /// 5545, as `LenientContentLine` reads it.
    static func parse(_ line: UnfoldedLine) -> ContentLineReading {
        do throws(ContentLineProblem) {
            let (property, valueOffset) = try read(line, nameEnd: try readPropertyName(line.bytes), building: true)
            return ContentLineReading(property: property, valueOffset: valueOffset)
        } catch {
            return LenientContentLine.read(line, after: error)
        }
    }

    /// Where the property name, which begins the line, ends.
    static func readPropertyName(_ bytes: [UInt8]) throws(ContentLineProblem) -> Int {
        var i = 0
        return try lexer.name(bytes, &i, what: "property name").upperBound
    }

    /// Reads the parameters and value after the name, which ends at `nameEnd`, checking them all; the
    /// property is built only when `building` (a reader may check lines it does not keep, see
    /// ``PropertySelection``), so both ways report the same problems.
    static func read(_ line: UnfoldedLine, nameEnd: Int, building: Bool) throws(ContentLineProblem) -> (Property?, valueOffset: Int) {
        let bytes = line.bytes
        if nameEnd == 3 || nameEnd == 5, LenientContentLine.isStructural(Array(bytes[..<nameEnd])) {
            throw ContentLineProblem(offset: 0, message: "a line that begins with BEGIN or END but is not one (no property is named so)")
        }
        var i = nameEnd
        var parameters: [Parameter] = []
        // ATTENDEE and ORGANIZER carry up to four or five: room made once rather than grown into.
        if building && i < bytes.count && bytes[i] == UInt8(ascii: ";") { parameters.reserveCapacity(4) }
        while i < bytes.count && bytes[i] == UInt8(ascii: ";") {
            i += 1
            let parameter = try lexer.parameter(bytes, &i)
            // Most parameters have one value: an array made with it, not grown to it. The iCalendar
            // dialect throws on a parameter without `=value`, so each one here has a first value.
            var values = building ? [ContentLineLexer.decoded(bytes[parameter.firstValue!])] : []
            while let next = try lexer.nextValue(bytes, &i) {
                if building { values.append(ContentLineLexer.decoded(bytes[next])) }
            }
            if building { parameters.append(Parameter(upperCaseName: ContentLineLexer.upperCased(bytes[parameter.name]), values: values)) }
        }
        let valueStart = try lexer.valueStart(bytes, i, name: 0..<nameEnd)
        try checkText(bytes, from: valueStart)
        guard building else { return (nil, valueStart) }
        let value = String(decoding: bytes[valueStart...], as: UTF8.self)
        return (
            Property(
                upperCaseName: ContentLineLexer.upperCased(bytes[..<nameEnd]), parameters: parameters, value: value,
                location: line.location(ofOffset: 0)), valueStart
        )
    }

    /// Rejects control characters RFC 5545 excludes from values and byte sequences that are not UTF-8.
    private static func checkText(_ bytes: [UInt8], from start: Int) throws(ContentLineProblem) {
        var i = printableASCIIPrefix(bytes, from: start)
        while i < bytes.count {
            let b = bytes[i]
            if b < 0x80 {
                if b < 0x20 && b != 0x09 {
                    throw ContentLineProblem(
                        offset: i,
                        message: "control character \(ContentLineLexer.describe(b)) in a value; binary data must be BASE64-encoded")
                }
                i += 1
                continue
            }
            let length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC2 ? 2 : 0
            guard length > 0, i + length <= bytes.count,
                bytes[(i + 1)..<(i + length)].allSatisfy({ $0 & 0xC0 == 0x80 })
            else {
                throw ContentLineProblem(
                    offset: i,
                    message:
                        "byte \(ContentLineLexer.describe(b)) is not UTF-8; convert the file to UTF-8 first (for example iconv -f WINDOWS-1252 -t UTF-8)"
                )
            }
            i += length
        }
    }

    /// Where the run of printable ASCII from `start` ends, to a multiple of eight bytes: most values
    /// are such text, and eight bytes are judged at once.
    private static func printableASCIIPrefix(_ bytes: [UInt8], from start: Int) -> Int {
        bytes.withUnsafeBytes { raw in
            var i = start
            while i + 8 <= raw.count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                // A byte of 0x80 or more sets its top bit; one below 0x20 borrows and sets it too.
                let high: UInt64 = 0x8080_8080_8080_8080, spaces: UInt64 = 0x2020_2020_2020_2020
                guard (word | (word &- spaces) & ~word) & high == 0 else { break }
                i += 8
            }
            return i
        }
    }
}
