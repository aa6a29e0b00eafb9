import CalendarModel
import ContentLines

/// Turns the bytes of one top-level component into a `Component`, reporting every problem with its
/// line and column; lines it cannot read are reported, never dropped silently.
struct ComponentParser {
    static let maximumDepth = CalendarScanner.maximumDepth

    var file: String
    /// Keep the lines libical has to judge (those `LibicalAcceptance` cannot vouch for).
    var collectsLinesForLibical = false
    /// Build only these properties (the others are checked and left out); honoured only when not
    /// collecting lines for libical.
    var selection: PropertySelection?

    private(set) var diagnostics: [Diagnostic] = []
    /// The content lines, unfolded, that libical must read to say whether it accepts them.
    private(set) var linesForLibical: [(bytes: [UInt8], location: SourceLocation)] = []
    private var stack: [Component] = []
    private var finished: Component?

    init(file: String) {
        self.file = file
    }

    /// Parses `raw`; `nil` when its structure is too broken to give a component.
    mutating func parse(_ raw: RawComponent) -> Component? {
        raw.bytes.withUnsafeBufferPointer { buffer in
            // One logical line, refilled for each content line so that unfolding allocates nothing.
            var pending = UnfoldedLine()
            var hasPending = false
            // The length of the pending line's name when its first physical line showed all of it.
            var pendingName: Int?
            var start = 0, lineNumber = raw.firstLine
            while let (line, next) = PhysicalLines.next(in: buffer, from: start, isFinal: true) {
                defer { start = next; lineNumber += 1 }
                let bytes = buffer[line.range]
                if let first = bytes.first, first == 0x20 || first == 0x09, hasPending {
                    pending.append(bytes, at: lineNumber, indented: true)
                    continue
                }
                if hasPending, pending.bytes.last == UInt8(ascii: "="), !bytes.isEmpty, QuotedPrintableValue.endsInSoftBreak(pending.bytes),
                    !Self.isStructural(Array(bytes)[...])
                {
                    // A quoted-printable soft line break: the `=` is no part of the value, and the
                    // next line goes on with it whatever it begins with.
                    pending.bytes.removeLast()
                    pending.append(bytes, at: lineNumber, indented: false)
                    continue
                }
                let lineStart = LostFold.start(of: bytes)
                if hasPending && !bytes.isEmpty
                    && LostFold.continues(bytes, starting: lineStart, foldedFrom: next, in: buffer, isFinal: true)
                    && !Self.isStructural(pending.bytes[...])
                {
                    pending.append(bytes, at: lineNumber, indented: false)
                    report(.error, lineNumber, 1, LostFold.message, repair: LostFold.repair)
                    continue
                }
                if hasPending { guard handle(pending, nameLength: pendingName) else { return nil } }
                hasPending = !bytes.isEmpty
                guard hasPending else {
                    report(.violation, lineNumber, 1, Self.emptyLine, repair: "removes it")
                    continue
                }
                // Control characters are left out of a line, so one of nothing else would be kept as
                // an empty line, which a writer cannot write (found by fuzzing read → write → read).
                if bytes.allSatisfy({ $0 < 0x20 }) {
                    hasPending = false
                    report(.error, lineNumber, 1, "a line of nothing but control characters", repair: "removes it")
                    continue
                }
                if ComponentParser.isBlank(bytes) {
                    hasPending = false
                    report(.violation, lineNumber, 1, ComponentParser.blankLine, repair: "removes it")
                    continue
                }
                pending.start(bytes, at: lineNumber)
                // A name that runs to the end of the line may go on in a folded continuation.
                pendingName = lineStart.nameLength > 0 && lineStart.nameLength < bytes.count ? lineStart.nameLength : nil
            }
            if hasPending { guard handle(pending, nameLength: pendingName) else { return nil } }
            // The scanner closes what a file leaves open before handing a component on; this is
            // only for a caller that hands over an unfinished one.
            if finished == nil && !stack.isEmpty { close(upTo: stack[0].name, at: lineNumber) }
            return finished.take()
        }
    }

    /// Handles one logical line, whose name's length is known when `nameLength` is given; `false`
    /// when parsing cannot go on.
    private mutating func handle(_ line: UnfoldedLine, nameLength: Int?) -> Bool {
        if let name = Self.structuralName("BEGIN:", line.bytes[...]) {
            guard stack.count < Self.maximumDepth else {
                report(
                    .error, line.line, 1,
                    "components are nested deeper than \(Self.maximumDepth) levels; this is not a calendar a person made")
                return false
            }
            var component = Component(name: name, location: SourceLocation(line: line.line))
            // Events carry ten or more properties: room made once rather than grown to in four steps.
            component.properties.reserveCapacity(8)
            stack.append(component)
            return true
        }
        if let name = Self.structuralName("END:", line.bytes[...]) {
            close(upTo: name, at: line.line)
            return true
        }
        guard !stack.isEmpty else { return false }
        do {
            let nameEnd = if let nameLength { nameLength } else { try ContentLineParser.readPropertyName(line.bytes) }
            let checks = PropertyChecks.of(line.bytes[..<nameEnd])
            let building = checks.kind != nil || builds(line.bytes[..<nameEnd])
            let (property, valueOffset) = try ContentLineParser.read(line, nameEnd: nameEnd, building: building)
            guard var property else { return true }
            check(property, checks, in: line, valueOffset: valueOffset)
            if QuotedPrintableValue.encodingIndex(in: property) != nil {
                property = QuotedPrintableValue.decoded(property)
            }
            stack[stack.count - 1].properties.append(property)
        } catch {
            readLeniently(line, after: error)
        }
        return true
    }

    /// A line the strict grammar refuses, read as `LenientContentLine` reads it and kept, whatever
    /// a selection says: such lines are few, and what was made of them should be seen.
    private mutating func readLeniently(_ line: UnfoldedLine, after problem: ContentLineProblem) {
        let reading = LenientContentLine.read(line, after: problem)
        for problem in reading.problems {
            let place = line.location(ofOffset: problem.offset)
            report(.error, place.line, place.column, problem.message, repair: problem.repair)
        }
        guard let property = reading.property else { return }
        if let valueOffset = reading.valueOffset {
            check(property, PropertyChecks.of(property.name), in: line, valueOffset: valueOffset)
        }
        stack[stack.count - 1].properties.append(property)
    }

    /// Closes the open component `name` and those inside it; an END naming no open component closes
    /// the innermost one, as the one meant (`END:VTOOD`). Each END that is not where it belongs is
    /// reported.
    private mutating func close(upTo name: String, at lineNumber: Int) {
        guard let open = stack.last else { return }
        let target = stack.lastIndex { $0.name == name } ?? stack.count - 1
        if open.name != name {
            let unclosed = stack[target...].reversed().map { "END:" + $0.name }.joined(separator: ", ")
            let closes = stack[target...].reversed().map { "\($0.name) (begun on line \($0.location?.line ?? 0))" }.joined(
                separator: " and ")
            report(.error, lineNumber, 5, "END:\(name) where \(unclosed) was expected", repair: "closes the \(closes) here")
        }
        while stack.count > target {
            let done = stack.removeLast()
            if stack.isEmpty { finished = done } else { stack[stack.count - 1].components.append(done) }
        }
    }

    /// Whether a property without a value check is built: always, unless a selection leaves it out.
    private func builds(_ name: ArraySlice<UInt8>) -> Bool {
        guard let selection, !collectsLinesForLibical, stack.first?.name != "VTIMEZONE" else { return true }
        return selection.contains(name)
    }

    /// Checks the parameters whose values are closed and the value; whitespace after a date or number
    /// is a slip real exporters make, reported and trimmed by repair, while the value is judged without it.
    private mutating func check(_ property: Property, _ checks: PropertyChecks, in line: UnfoldedLine, valueOffset: Int) {
        if collectsLinesForLibical && !LibicalAcceptance.vouches(for: property, form: checks.libicalForm) {
            linesForLibical.append((line.bytes, line.location(ofOffset: 0)))
        }
        checkClosedParameters(of: property, in: line, valueOffset: valueOffset)
        // Free text and unknown names have nothing more to check.
        guard let kind = checks.kind else { return }
        var judged = property
        judged.value = property.value.trailingBlanksRemoved
        if judged.value.utf8.count < property.value.utf8.count {
            let place = line.location(ofOffset: valueOffset + judged.value.utf8.count)
            report(.violation, place.line, place.column, "whitespace after the value of \(property.name)", repair: "trims it")
        }
        if let problem = PropertyValueCheck.problem(in: judged, kind: kind) {
            let place = line.location(ofOffset: valueOffset)
            report(.error, place.line, place.column, problem, repair: PropertyValueCheck.repair)
        }
    }

    /// Reports each parameter whose value is outside the set RFC 5545 closes it to (`RSVP=MAYBE`).
    private mutating func checkClosedParameters(of property: Property, in line: UnfoldedLine, valueOffset: Int) {
        for parameter in property.parameters {
            guard let problem = ParameterValueCheck.problem(in: parameter, of: property.name) else { continue }
            let place = line.location(ofOffset: ParameterValueCheck.offset(of: parameter.name, in: line.bytes, before: valueOffset))
            report(.violation, place.line, place.column, problem.message, repair: problem.repair)
        }
    }

    /// Whether a line is a BEGIN or END line, which nothing continues.
    static func isStructural(_ bytes: ArraySlice<UInt8>) -> Bool {
        structuralName("BEGIN:", bytes) != nil || structuralName("END:", bytes) != nil
    }

    /// The component name of a `BEGIN:`/`END:` line (case-insensitive), else `nil`.
    @inline(__always)
    /// A line of spaces and tabs with no line above it to continue: libical 3.0 (in Cyrus, for one)
    /// folds a line that ends in a multi-byte character between its CR and LF, leaving `\r` `\r\n`
    /// ` \n`: an empty line and then such a fold, which carries nothing.
    static let blankLine = "a line of blanks only, a fold with no line above it to continue (libical 3.0 writes one after a line's CR)"
    /// A line with nothing on it, inside a component or between them.
    static let emptyLine = "an empty line, which iCalendar does not allow"

    static func isBlank<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        !bytes.isEmpty && bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    static func structuralName(_ keyword: StaticString, _ bytes: ArraySlice<UInt8>) -> String? {
        // Nearly every line is a property: ruled out on the first byte where the line is read (this
        // runs twice for every line of the file), before a call or anything is built.
        guard let first = bytes.first, first | 0x20 == keyword.utf8Start.pointee | 0x20 else { return nil }
        return name(after: keyword, bytes)
    }

    private static func name(after keyword: StaticString, _ bytes: ArraySlice<UInt8>) -> String? {
        let key = UnsafeBufferPointer(start: keyword.utf8Start, count: keyword.utf8CodeUnitCount)
        guard bytes.count > key.count else { return nil }
        for (offset, k) in key.enumerated() where bytes[bytes.startIndex + offset] | 0x20 != k | 0x20 { return nil }
        // `BEGIN:` with blanks after it names nothing, as `BEGIN:` alone does not.
        let name = String(decoding: bytes.dropFirst(key.count), as: UTF8.self).trailingBlanksRemoved.uppercasedName
        return name.isEmpty ? nil : name
    }

    private mutating func report(_ severity: Diagnostic.Severity, _ line: Int, _ column: Int, _ message: String, repair: String? = nil) {
        diagnostics.append(Diagnostic(severity, file: file, at: SourceLocation(line: line, column: column), message, repair: repair))
    }
}

extension Optional {
    /// The value, leaving `nil` behind.
    mutating func take() -> Wrapped? {
        defer { self = nil }
        return self
    }
}
