import CalendarModel

/// One content line after unfolding, with the physical lines it came from so any byte of it can be
/// pointed at. The one line type of every reader: iCalendar's, vCard's and a store's UID scan.
package struct UnfoldedLine: Sendable {
    package var bytes: [UInt8]
    /// The physical line the content line began on.
    package var line: Int
    /// Where each continuation line starts in `bytes`, its line number, and how many bytes the
    /// unfolding removed from its start (the fold's space or tab; none where a fold lost it or a
    /// quoted-printable soft break joined it). Empty for most lines.
    package var continuations: [(offset: Int, line: Int, removed: Int)] = []

    package init(bytes: [UInt8] = [], line: Int = 0) {
        self.bytes = bytes
        self.line = line
    }

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

    /// Starts the line afresh with one physical line, keeping the room already made: a reader that
    /// refills one line for each content line allocates nothing for most of them. The readers' two
    /// kinds of slice are taken by name rather than as `some Collection`: a generic method of another
    /// module ran the standard library's unspecialised copy, a quarter more instructions per line.
    package mutating func start(_ physical: Slice<UnsafeBufferPointer<UInt8>>, at number: Int) {
        start(UnsafeBufferPointer(rebasing: physical), at: number)
    }

    /// `start` for a line held in an array.
    package mutating func start(_ physical: ArraySlice<UInt8>, at number: Int) {
        physical.withUnsafeBufferPointer { start($0, at: number) }
    }

    private mutating func start(_ physical: UnsafeBufferPointer<UInt8>, at number: Int) {
        bytes.replaceSubrange(bytes.startIndex..<bytes.endIndex, with: physical)
        line = number
        if !continuations.isEmpty { continuations.removeAll(keepingCapacity: true) }
    }

    /// Adds a continuation line: `indented` when it begins with the space or tab of a fold, which
    /// is no part of the text; otherwise a line joined whole (a fold that lost its space, or what
    /// follows a quoted-printable soft break).
    package mutating func append(_ physical: Slice<UnsafeBufferPointer<UInt8>>, at number: Int, indented: Bool) {
        append(UnsafeBufferPointer(rebasing: physical), at: number, indented: indented)
    }

    /// `append` for a line held in an array.
    package mutating func append(_ physical: ArraySlice<UInt8>, at number: Int, indented: Bool) {
        physical.withUnsafeBufferPointer { append($0, at: number, indented: indented) }
    }

    private mutating func append(_ physical: UnsafeBufferPointer<UInt8>, at number: Int, indented: Bool) {
        continuations.append((bytes.count, number, indented ? 1 : 0))
        bytes.append(contentsOf: indented ? UnsafeBufferPointer(rebasing: physical.dropFirst()) : physical)
    }
}
