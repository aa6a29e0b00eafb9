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

    /// The position after `bytes`, read from here, in one pass: jCal's stream places every component
    /// it cuts, and xCal's ranges are placed in their document. UTF-8 continuation bytes
    /// (`10xxxxxx`) do not begin a character; a carriage return is a character, as libxml2 counts it.
    package func advanced(over bytes: ArraySlice<UInt8>) -> JSONPosition {
        var position = self
        bytes.withUnsafeBytes { raw in
            // Eight bytes at a time: the line feeds among them are counted, and the column is the
            // characters after the last of them (or added to the column when there is none).
            let lineFeeds: UInt64 = 0x0A0A_0A0A_0A0A_0A0A, low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
            let high: UInt64 = 0x8080_8080_8080_8080
            var i = 0
            while i + 8 <= raw.count {
                let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                // A byte begins a character unless its top bit is set and the next one clear.
                let characters = ~(word & ~(word << 1)) & high
                let other = word ^ lineFeeds
                let feeds = ~(((other & low) &+ low) | other) & high
                if feeds == 0 {
                    position.column += characters.nonzeroBitCount
                } else {
                    position.line += feeds.nonzeroBitCount
                    // The top bit of the last line feed, and the bits of the bytes after it.
                    let last = 63 - feeds.leadingZeroBitCount
                    let after = last == 63 ? 0 : ~((UInt64(1) << (last + 1)) &- 1)
                    position.column = 1 + (characters & after).nonzeroBitCount
                }
                i += 8
            }
            while i < raw.count {
                position.step(over: raw[i])
                i += 1
            }
        }
        return position
    }

    private mutating func step(over byte: UInt8) {
        if byte == 0x0A {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
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
