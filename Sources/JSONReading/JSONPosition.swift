/// A line and column in JSON text, both from 1. Lines are counted at line feeds and columns in
/// characters rather than bytes, so a place after `Grüße` is where an editor shows it.
package struct JSONPosition: Equatable, Sendable {
    package var line: Int
    package var column: Int

    /// The beginning of a text.
    package static let start = JSONPosition(line: 1, column: 1)

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The position after `bytes`, read from here: jCal's stream places every component it cuts,
    /// and xCal's ranges are placed in their document, so every byte of a file is counted here.
    /// UTF-8 continuation bytes (`10xxxxxx`) do not begin a character; a carriage return is a
    /// character, as libxml2 counts it.
    package func advanced(over bytes: ArraySlice<UInt8>) -> JSONPosition {
        bytes.withUnsafeBytes { raw in
            // Only the characters after the last line feed make the column: they are counted from
            // the end, eight bytes at a time while no line feed is among them, and the line feeds
            // before it are counted eight at a time.
            var end = raw.count
            var characters = 0
            while end >= 8 {
                let word = raw.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self)
                guard Self.lineFeeds(in: word) == 0 else { break }
                // A byte begins a character unless its top bit is set and the next one clear.
                characters += Self.count(~(word & ~(word << 1)) & Self.high)
                end -= 8
            }
            while end > 0 {
                end -= 1
                if raw[end] == 0x0A {
                    return JSONPosition(
                        line: line + 1 + Self.lineFeeds(in: UnsafeRawBufferPointer(rebasing: raw[..<end])),
                        column: 1 + characters)
                }
                if raw[end] & 0xC0 != 0x80 { characters += 1 }
            }
            return JSONPosition(line: line, column: column + characters)
        }
    }

    private static let high: UInt64 = 0x8080_8080_8080_8080

    /// The top bit of each byte of `word` that is a line feed, and no other bit.
    private static func lineFeeds(in word: UInt64) -> UInt64 {
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let other = word ^ 0x0A0A_0A0A_0A0A_0A0A
        return ~(((other & low) &+ low) | other) & high
    }

    /// How many bytes of `marks` have their top bit set (no other bit may be): the bits brought
    /// down to each byte's lowest and summed into the top byte by one multiplication.
    /// `nonzeroBitCount` is a dozen instructions on an x86-64 without POPCNT, Swift's default target.
    private static func count(_ marks: UInt64) -> Int {
        Int(truncatingIfNeeded: ((marks >> 7) &* 0x0101_0101_0101_0101) >> 56)
    }

    private static func lineFeeds(in raw: UnsafeRawBufferPointer) -> Int {
        var total = 0
        var i = 0
        while i + 8 <= raw.count {
            total += count(lineFeeds(in: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
            i += 8
        }
        return total + raw[i...].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }
}

/// JSON text that does not parse: where reading stopped and why.
package struct JSONSyntaxError: Error, Equatable, Sendable {
    package var position: JSONPosition
    package var message: String

    package init(at position: JSONPosition, _ message: String) {
        self.position = position
        self.message = message
    }
}
