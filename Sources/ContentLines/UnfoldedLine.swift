import CalendarModel

/// One content line after unfolding, with the physical lines it came from so any byte of it can be
/// pointed at.
package struct UnfoldedLine {
    package var bytes: [UInt8]
    /// The physical line the content line began on.
    package var line: Int
    /// Where each continuation line starts in `bytes`, its line number, and how many bytes the
    /// unfolding removed from its start (the fold's space or tab). Empty for most lines.
    package var continuations: [(offset: Int, line: Int, removed: Int)] = []

    /// The physical line and column of a byte of `bytes`.
    package func location(ofOffset offset: Int) -> SourceLocation {
        guard let piece = continuations.last(where: { $0.offset <= offset }) else {
            return SourceLocation(line: line, column: offset + 1)
        }
        return SourceLocation(line: piece.line, column: offset - piece.offset + 1 + piece.removed)
    }

    package var isBlank: Bool {
        bytes.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
    }
}
