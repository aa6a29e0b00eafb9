import CalendarModel
import ContentLines

/// Reads vCalendar 1.0 (the versit Consortium's 1996 format, `.vcs`, still written by old phones and
/// Outlook 2003/2007) into iCalendar 2.0 component trees: the VCALENDARs it holds, each translated
/// (`VCalendarTranslation`), with one diagnostic for each kind of translation done in the file.
package enum VCalendarReader {
    /// What reading a file gave.
    package struct Reading {
        /// One VCALENDAR for each the file holds, in iCalendar 2.0 terms.
        package var calendars: [Component]
        package var diagnostics: [Diagnostic]
    }

    /// How deeply components may nest, the iCalendar reader's bound.
    static let maximumDepth = 32

    /// Whether a file's first bytes are a vCalendar 1.0: BEGIN:VCALENDAR, then VERSION:1.0 before
    /// any component begins. A `.ics` file that says so is one too, whatever its name. Every `.ics`
    /// input is asked this when its format is told, so it looks at bytes and makes no strings.
    package static func isVCalendar(_ prefix: some Collection<UInt8>) -> Bool {
        let bytes = Array(prefix.prefix(8192))
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var isFirst = true
        // Line by line, stopping at the VERSION line, which writers put first or second.
        while start < bytes.count {
            let end = bytes[start...].firstIndex { $0 == 0x0A || $0 == 0x0D } ?? bytes.count
            let line = bytes[start..<end]
            start = end + 1
            if line.isEmpty { continue }
            if isFirst {
                guard ASCII.hasPrefixIgnoringCase(line, "BEGIN:VCALENDAR"), trimmed(line).count == 15 else { return false }
                isFirst = false
            } else if ASCII.hasPrefixIgnoringCase(line, "BEGIN:") {
                return false
            } else if ASCII.hasPrefixIgnoringCase(line, "VERSION"), let colon = line.firstIndex(of: UInt8(ascii: ":")) {
                return trimmed(bytes[(colon + 1)..<end]).elementsEqual("1.0".utf8)
            }
        }
        return false
    }

    /// The bytes without spaces and tabs at either end.
    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let isBlank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        guard let start = bytes.firstIndex(where: { !isBlank($0) }), let last = bytes.lastIndex(where: { !isBlank($0) }) else { return [] }
        return bytes[start...last]
    }

    /// A file as one calendar, as a document reader hands it on: the first VCALENDAR's properties and
    /// every VCALENDAR's components. A file holding no component at all is refused with its problems.
    package static func document(_ bytes: [UInt8], file: String) throws(InvalidCalendarData) -> (
        calendar: Component, diagnostics: [Diagnostic]
    ) {
        let reading = read(bytes, file: file)
        guard var calendar = reading.calendars.first else {
            let nothing = Diagnostic(.error, file: file, at: nil, "no BEGIN:VCALENDAR, so nothing of the file is a vCalendar")
            throw InvalidCalendarData(
                diagnostics: reading.diagnostics + [nothing],
                advice: "give a vCalendar 1.0 file (BEGIN:VCALENDAR, VERSION:1.0) or name the file's own format with --from")
        }
        calendar.components += reading.calendars.dropFirst().flatMap(\.components)
        return (calendar, reading.diagnostics)
    }

    /// Reads a whole file. A line that is not a content line is kept as written and reported where
    /// it stands; every translation is reported once per kind.
    package static func read(_ bytes: [UInt8], file: String) -> Reading {
        var report = TranslationReport()
        var diagnostics: [Diagnostic] = []
        let nodes = tree(bytes, file: file, diagnostics: &diagnostics)
        let calendars = nodes.map { node in
            var translation = VCalendarTranslation(report: report)
            let calendar =
                node.name == "VCALENDAR"
                ? translation.calendar(node)
                : translation.calendar(VCalendarNode(name: "VCALENDAR", location: node.location, children: [node]))
            report = translation.report
            return calendar
        }
        return Reading(calendars: calendars, diagnostics: diagnostics + report.diagnostics(file: file))
    }

    /// Why a BEGIN or END line names no component a calendar can hold, `nil` when it names one. It may
    /// name nothing (`BEGIN:` where a file was cut short), or something that is not letters, digits and
    /// `-` (a quoted-printable BEGIN decoding to line breaks): such a line is kept as written, as the
    /// iCalendar reader keeps it, lest the translation hold a component its own iCalendar cannot name
    /// (both found by fuzzing).
    private static func componentNameProblem(_ line: VCalendarLine) -> String? {
        let name = line.value.trimmingBlanks
        if name.isEmpty { return "\(line.name): names no component" }
        if name.utf8.allSatisfy(ContentLineDialect.iCalendar.isNameByte) { return nil }
        return "\(line.name) names no component a calendar can hold: a component's name is letters, digits and '-'"
    }

    /// The file's components as written: BEGIN/END pairs, a missing END closed where its parent
    /// ends or at the end of the file, a line outside every component reported and left out.
    private static func tree(_ bytes: [UInt8], file: String, diagnostics: inout [Diagnostic]) -> [VCalendarNode] {
        var lines = ContentLineUnfolder(bytes, dialect: .vCard)
        var open: [VCalendarNode] = []
        var done: [VCalendarNode] = []
        func close() {
            guard let last = open.popLast() else { return }
            if open.isEmpty { done.append(last) } else { open[open.count - 1].children.append(last) }
        }
        func report(_ location: SourceLocation?, _ message: String, repair: String) {
            diagnostics.append(Diagnostic(.error, file: file, at: location, message, repair: repair))
        }
        reading: while let unfolded = lines.next() {
            guard !unfolded.isBlank else { continue }
            let place = SourceLocation(line: unfolded.line, column: 1)
            let line: VCalendarLine
            do {
                line = try VCalendarLine(unfolded)
            } catch {
                report(unfolded.location(ofOffset: error.offset), error.message, repair: "keeps the line as written")
                keep(unfolded, in: &open)
                continue
            }
            if line.name == "BEGIN" || line.name == "END", let problem = Self.componentNameProblem(line) {
                report(place, problem, repair: open.isEmpty ? "leaves the line out" : "keeps the line as written")
                keep(unfolded, in: &open)
                continue
            }
            switch line.name {
            case "BEGIN":
                // As the iCalendar reader does: a real calendar nests a few levels, and the
                // translation walks the tree by recursion.
                guard open.count < maximumDepth else {
                    report(
                        place, "components are nested deeper than \(maximumDepth) levels; this is not a calendar a person made",
                        repair: "reads no further")
                    break reading
                }
                open.append(VCalendarNode(name: line.value.trimmingBlanks.uppercased(), location: place))
            case "END":
                let name = line.value.trimmingBlanks.uppercased()
                guard let index = open.lastIndex(where: { $0.name == name }) else {
                    report(place, "END:\(name) ends no open component", repair: "leaves the line out")
                    continue
                }
                while open.count > index + 1 {
                    report(place, "END:\(open[open.count - 1].name) is missing", repair: "ends it before END:\(name)")
                    close()
                }
                close()
            default:
                guard !open.isEmpty else {
                    report(place, "\(line.name) stands outside every component", repair: "leaves the line out")
                    continue
                }
                open[open.count - 1].lines.append(.read(line))
            }
        }
        while let last = open.last {
            report(last.location, "END:\(last.name) is missing at the end of the file", repair: "ends it there")
            close()
        }
        return done
    }

    /// A line that is no content line or no structure, kept as written in the innermost open
    /// component (outside every component it is reported and left out). Control characters are
    /// left out, as the iCalendar reader leaves them out of a value, so that the kept line reads
    /// back the same once written (found by fuzzing).
    private static func keep(_ unfolded: UnfoldedLine, in open: inout [VCalendarNode]) {
        guard !open.isEmpty else { return }
        let text = String(decoding: unfolded.bytes.filter { $0 >= 0x20 || $0 == 0x09 }, as: UTF8.self)
        let place = SourceLocation(line: unfolded.line, column: 1)
        open[open.count - 1].lines.append(.unreadable(Property.unreadableLine(text, location: place)))
    }
}

/// One component as the file writes it, before translation.
struct VCalendarNode {
    /// A line of the component: read, or kept as written because it could not be.
    enum Line {
        case read(VCalendarLine)
        case unreadable(Property)
    }

    var name: String
    var location: SourceLocation
    var lines: [Line] = []
    var children: [VCalendarNode] = []

    /// The lines that could be read.
    var readLines: [VCalendarLine] {
        lines.compactMap { if case .read(let line) = $0 { line } else { nil } }
    }
}
