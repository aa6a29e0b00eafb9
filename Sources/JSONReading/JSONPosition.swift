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
    /// it cuts, and calbridge writes jCal as one line. UTF-8 continuation bytes (`10xxxxxx`) do not
    /// begin a character.
    package func advanced(over bytes: ArraySlice<UInt8>) -> JSONPosition {
        var position = self
        bytes.withUnsafeBytes { raw in
            // Eight bytes at a time while they hold no line feed (a whole jCal file is one line):
            // their columns are the bytes that do not continue a character.
            let lineFeeds: UInt64 = 0x0A0A_0A0A_0A0A_0A0A, ones: UInt64 = 0x0101_0101_0101_0101
            let high: UInt64 = 0x8080_8080_8080_8080
            var i = 0
            while i + 8 <= raw.count {
                let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let noLineFeed = word ^ lineFeeds
                if (noLineFeed &- ones) & ~noLineFeed & high == 0 {
                    // A continuation byte has its top bit set and the next one clear.
                    position.column += 8 - (word & high & ~(word << 1)).nonzeroBitCount
                } else {
                    for offset in i..<i + 8 { position.step(over: raw[offset]) }
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
