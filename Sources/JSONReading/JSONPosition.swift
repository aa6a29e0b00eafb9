/// A line and column in JSON text, both from 1. Lines are counted at line feeds and columns in
/// characters rather than bytes, so a place after `Grüße` is where an editor shows it.
public struct JSONPosition: Equatable, Sendable {
    public var line: Int
    public var column: Int

    /// The beginning of a text.
    public static let start = JSONPosition(line: 1, column: 1)

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The position after `bytes`, read from here.
    public func advanced(over bytes: ArraySlice<UInt8>) -> JSONPosition {
        guard let lastNewline = bytes.lastIndex(of: 0x0A) else {
            return JSONPosition(line: line, column: column + Self.characters(in: bytes))
        }
        return JSONPosition(line: line + bytes.count(where: { $0 == 0x0A }),
                            column: 1 + Self.characters(in: bytes[(lastNewline + 1)...]))
    }

    /// UTF-8 continuation bytes (`10xxxxxx`) do not begin a character.
    private static func characters(in bytes: ArraySlice<UInt8>) -> Int {
        bytes.count(where: { $0 & 0xC0 != 0x80 })
    }
}

/// JSON text that does not parse: where reading stopped and why.
public struct JSONSyntaxError: Error, Equatable, Sendable {
    public var position: JSONPosition
    public var message: String

    public init(at position: JSONPosition, _ message: String) {
        self.position = position
        self.message = message
    }
}
