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
        // Over the raw buffer: the slice's own iteration was not specialized here and cost a call a byte.
        bytes.withUnsafeBufferPointer { buffer in
            for byte in buffer {
                if byte == 0x0A {
                    position.line += 1
                    position.column = 1
                } else if byte & 0xC0 != 0x80 {
                    position.column += 1
                }
            }
        }
        return position
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
