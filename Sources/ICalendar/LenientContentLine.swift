import CalendarModel
import ContentLines

/// Reads a content line that does not keep to RFC 5545's grammar the way its producer meant it, or
/// keeps it whole when nobody can tell: what a lenient reader owes the files real producers write.
///
/// Read as meant, each with a problem that says so: spaces around the name, its parameters and
/// their `=` (`REFRESH - INTERVAL; VALUE = DURATION:PT48H`), empty parameters (`DTSTART;;VALUE=…`),
/// a vCard-style group prefix (`item1.X-ABLABEL`, kept as written), bytes that are not UTF-8
/// (Windows-1252) and control characters (left out). Anything else — no `:` before the value, a
/// parameter without `=`, broken quoting — becomes an `unreadableLine`, written back as it was.
enum LenientContentLine {
    private static let colon = UInt8(ascii: ":"), semicolon = UInt8(ascii: ";"), comma = UInt8(ascii: ",")
    private static let equals = UInt8(ascii: "="), quote = UInt8(ascii: "\""), dot = UInt8(ascii: ".")

    /// Reads `line`, which the strict reader refused with `problem`.
    static func read(_ line: UnfoldedLine, after problem: ContentLineProblem) -> ContentLineReading {
        guard let colonIndex = ContentLineLexer.valueColon(line.bytes) else { return unreadable(line, problem) }
        // A control character means nothing in a name or parameter either: left out, as in values,
        // so that the line is read rather than kept unreadable and read only once written (found by
        // fuzzing read → write → read).
        let written = line.bytes[..<colonIndex]
        let headBytes = written.contains(where: isControl) ? ArraySlice(written.filter { !isControl($0) }) : written
        guard let head = Head(headBytes), !Self.isStructural(head.name) else { return unreadable(line, problem) }
        let (value, valueProblems) = ValueBytes.mended(line.bytes[(colonIndex + 1)...])
        let property = Property(
            upperCaseName: ContentLineLexer.upperCased(head.name[...]), parameters: head.parameters,
            value: value, location: line.location(ofOffset: 0))
        let name = property.name
        var problems: [ContentLineProblem] = []
        if head.hadBlanks {
            problems.append(
                ContentLineProblem(
                    offset: 0, message: "spaces inside the name or parameters of \(name)",
                    repair: "reads the line without them"))
        }
        if headBytes.count < written.count {
            problems.append(
                ContentLineProblem(offset: 0, message: "control characters in the name or parameters of \(name)", repair: "leaves them out")
            )
        }
        if head.hadEmptyParameter {
            problems.append(ContentLineProblem(offset: 0, message: "an empty parameter (';;') in \(name)", repair: "leaves it out"))
        }
        if let group = head.group {
            problems.append(
                ContentLineProblem(
                    offset: 0, message: "\(name) has a vCard-style group prefix '\(group).', which iCalendar does not have",
                    repair: "keeps the name as written"))
        }
        problems += valueProblems.map { ContentLineProblem(offset: colonIndex + 1 + $0.offset, message: $0.message, repair: $0.repair) }
        return ContentLineReading(property: property, valueOffset: colonIndex + 1, problems: problems)
    }

    /// The whole line kept as an unreadable-line property, its text mended as a value's is.
    private static func unreadable(_ line: UnfoldedLine, _ problem: ContentLineProblem) -> ContentLineReading {
        let mended = ValueBytes.mended(line.bytes[...]).text
        // Blanks the mending bared at its start are left out (a line of blanks only stays as it is).
        // A BEGIN or END the mending bared (`B\u{0E}EGIN:STANDARD`) stays text: the writer gives
        // such a line as its property (`KeptLine`), never as a line that would begin a component.
        let unbared = mended.drop { $0 == " " || $0 == "\t" }
        let text = unbared.isEmpty ? mended : String(unbared)
        let kept = ContentLineProblem(offset: problem.offset, message: problem.message, repair: "keeps the line as written")
        return ContentLineReading(property: .unreadableLine(text, location: line.location(ofOffset: 0)), valueOffset: nil, problems: [kept])
    }

    private static func isControl(_ byte: UInt8) -> Bool { byte < 0x20 && byte != 0x09 }

    /// Whether a name read leniently is BEGIN or END, which no property may be called.
    static func isStructural(_ name: [UInt8]) -> Bool {
        let upper = ContentLineLexer.upperCased(name[...])
        return upper == "BEGIN" || upper == "END"
    }

    /// The name and parameters before the value, read with blanks around their parts ignored.
    private struct Head {
        var name: [UInt8] = []
        var group: String?
        var parameters: [Parameter] = []
        var hadBlanks = false
        var hadEmptyParameter = false

        init?(_ bytes: ArraySlice<UInt8>) {
            let pieces = LenientContentLine.split(bytes, at: LenientContentLine.semicolon)
            guard let first = pieces.first, readName(first) else { return nil }
            for piece in pieces.dropFirst() {
                let trimmed = trimmingBlanks(piece)
                if trimmed.isEmpty {
                    hadEmptyParameter = true
                    continue
                }
                guard let parameter = readParameter(trimmed) else { return nil }
                parameters.append(parameter)
            }
        }

        /// The property name, blanks inside it removed (`REFRESH - INTERVAL`), with an optional
        /// group prefix (`item1.`).
        private mutating func readName(_ piece: ArraySlice<UInt8>) -> Bool {
            name = piece.filter { !isBlank($0) }
            hadBlanks = hadBlanks || name.count < piece.count
            let parts = name.split(separator: LenientContentLine.dot, omittingEmptySubsequences: false)
            guard parts.count <= 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(ContentLineDialect.iCalendar.isNameByte) }) else {
                return false
            }
            if parts.count == 2 { group = String(decoding: parts[0], as: UTF8.self) }
            return true
        }

        private mutating func readParameter(_ piece: ArraySlice<UInt8>) -> Parameter? {
            guard let equals = piece.firstIndex(of: LenientContentLine.equals) else { return nil }
            let name = piece[..<equals].filter { !isBlank($0) }
            guard !name.isEmpty, name.allSatisfy(ContentLineDialect.iCalendar.isNameByte) else { return nil }
            hadBlanks = hadBlanks || name.count < equals - piece.startIndex
            var values: [String] = []
            for item in LenientContentLine.split(piece[(equals + 1)...], at: LenientContentLine.comma) {
                let trimmed = trimmingBlanks(item)
                hadBlanks = hadBlanks || trimmed.count < item.count
                guard let value = parameterValue(trimmed) else { return nil }
                values.append(value)
            }
            return Parameter(upperCaseName: ContentLineLexer.upperCased(name[...]), values: values)
        }

        /// A parameter value, quoted whole or not quoted at all.
        private func parameterValue(_ item: ArraySlice<UInt8>) -> String? {
            let quotes = item.filter { $0 == LenientContentLine.quote }.count
            if quotes == 0 { return ContentLineLexer.decoded(item) }
            guard quotes == 2, item.first == LenientContentLine.quote, item.last == LenientContentLine.quote else { return nil }
            return ContentLineLexer.decoded(item.dropFirst().dropLast())
        }

        private func trimmingBlanks(_ piece: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
            guard let first = piece.firstIndex(where: { !isBlank($0) }), let last = piece.lastIndex(where: { !isBlank($0) }) else {
                return piece[piece.startIndex..<piece.startIndex]
            }
            return piece[first...last]
        }

        private func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
    }

    /// `bytes` cut at `separator` where it is outside double quotes.
    private static func split(_ bytes: ArraySlice<UInt8>, at separator: UInt8) -> [ArraySlice<UInt8>] {
        var pieces: [ArraySlice<UInt8>] = []
        var start = bytes.startIndex, quoted = false
        for i in bytes.indices {
            if bytes[i] == quote {
                quoted.toggle()
            } else if bytes[i] == separator && !quoted {
                pieces.append(bytes[start..<i])
                start = i + 1
            }
        }
        pieces.append(bytes[start...])
        return pieces
    }
}
