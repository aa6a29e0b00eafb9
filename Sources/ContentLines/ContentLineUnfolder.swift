import CalendarModel

/// Splits a whole file into content lines and joins what belongs together: folding (a line that
/// starts with a space or tab continues the one before) and, in vCard, vCard 2.1 quoted-printable
/// soft line breaks (a quoted-printable value ending in `=` continues on the next line, which need
/// not start with white space). The iCalendar reader unfolds as it streams (see `LostFold`); this is
/// for whole small files: vCards and a store's resources.
///
/// Every step looks at each byte a bounded number of times, so a 10 MB line or a binary file is
/// read in time proportional to its size.
package struct ContentLineUnfolder: IteratorProtocol {
    private let input: [UInt8]
    private let dialect: ContentLineDialect
    private var position = 0
    private var lineNumber = 0
    /// A physical line read ahead to see whether it continues the current one.
    private var lookahead: (range: Range<Int>, line: Int)?

    package init(_ input: [UInt8], dialect: ContentLineDialect) {
        self.input = input
        self.dialect = dialect
    }

    package mutating func next() -> UnfoldedLine? {
        guard let first = lookahead ?? readPhysicalLine() else { return nil }
        lookahead = nil
        var line = UnfoldedLine(bytes: Array(input[first.range]), line: first.line)
        var header = HeaderScan()
        while let following = readPhysicalLine() {
            let continuation = input[following.range]
            if dialect == .vCard, line.bytes.last == UInt8(ascii: "="), header.isQuotedPrintable(line.bytes),
                !Self.startsComponent(continuation)
            {
                // Checked before folding: a quoted-printable value never ends in a literal `=`, so
                // this is a soft break, and a space after it is part of the value. The `=` itself
                // is no part of the value.
                line.bytes.removeLast()
                line.append(continuation, at: following.line, indented: false)
            } else if let marker = continuation.first, marker == UInt8(ascii: " ") || marker == UInt8(ascii: "\t") {
                line.append(continuation, at: following.line, indented: true)
            } else {
                lookahead = following
                break
            }
        }
        return line
    }

    /// The next physical line without its line break (CRLF, LF or a lone CR).
    private mutating func readPhysicalLine() -> (range: Range<Int>, line: Int)? {
        guard let (line, next) = input.withUnsafeBufferPointer({ PhysicalLines.next(in: $0, from: position, isFinal: true) })
        else { return nil }
        position = next
        lineNumber += 1
        return (line.range, lineNumber)
    }

    /// A writer that forgot to encode a final `=` must not swallow the card's end or the next card,
    /// nor, in vCalendar 1.0 (read with this dialect too), a component's end or the next component.
    private static func startsComponent(_ line: ArraySlice<UInt8>) -> Bool {
        ASCII.hasPrefixIgnoringCase(line, "END:V") || ASCII.hasPrefixIgnoringCase(line, "BEGIN:V")
    }
}

/// Finds out, once per content line, whether its parameters say QUOTED-PRINTABLE. The scan resumes
/// where it stopped, so a long line of soft breaks without a colon is not scanned again and again.
private struct HeaderScan {
    private var scanned = 0
    private var inQuotes = false
    private var answer: Bool?

    mutating func isQuotedPrintable(_ bytes: [UInt8]) -> Bool {
        if let answer { return answer }
        while scanned < bytes.count {
            let byte = bytes[scanned]
            if byte == UInt8(ascii: "\"") {
                inQuotes.toggle()
            } else if byte == UInt8(ascii: ":"), !inQuotes {
                let found = QuotedPrintable.isSaid(by: bytes[..<scanned])
                answer = found
                return found
            }
            scanned += 1
        }
        return false
    }
}
