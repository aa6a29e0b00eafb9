import ArgumentParser
import AtomicOutput
import CalendarDocuments
import CalendarModel
import CalendarWebFormats
import Foundation
import ICalendar
import TimeZones

/// `calbridge convert`: any supported input to any supported output; several inputs merge.
struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert calendars between formats; several inputs merge into one calendar.",
        discussion: """
        iCalendar, xCal and jCal go through component by component, so a file of a million events \
        converts in little memory. Several inputs merge: time zones are de-duplicated and UIDs kept. \
        Contact cards become their birthday calendar (as `birthdays` makes it, with its defaults) and a \
        timetable (JSON or CSV) its calendar (as `schedule` makes it, without a state file).

        Examples:
          calbridge convert outlook.ics -o clean.ics
          calbridge convert a.ics b.ics -o both.ics
          calbridge convert calendar.ics --to json -o calendar.json
          calbridge convert calendar.json --to ics
          calbridge convert calendar.ics -o calendar.xcs        (xCal, RFC 6321)
          calbridge convert calendar.ics --to jcal -o cal.jcal  (jCal, RFC 7265)
          calbridge convert report.xml --from caldav-xml -o calendar.ics
          calbridge convert contacts.vcf semester.json -o mine.ics
        """)

    @Argument(help: "Input files, or - for standard input.")
    var inputs: [String]

    @Option(name: .shortAndLong, help: "The output file; standard output when absent.")
    var output: String?

    @Option(help: ArgumentHelp("Output format; when absent, taken from the output's extension: .ics (or none) iCalendar, "
                               + ".xcs or .xml xCal, .jcal jCal, .json model JSON; any other extension is refused.",
                               valueName: "format"))
    var to: WrittenFormat?

    @Option(help: ArgumentHelp("Input format; taken from each input's name or content when absent.", valueName: "format"))
    var from: ReadFormat?

    @OptionGroup var reading: ReadingOptions

    @OptionGroup var reporting: ReportingOptions

    func run() throws {
        reporting.apply()
        do {
            let format = try to?.format ?? Self.format(named: output)
            var sink = try AtomicFile(destination: output)
            let sources = CalendarInputs(paths: inputs, format: from?.format)
            let diagnostics: [Diagnostic]
            switch format {
            case .ics: diagnostics = try streamICalendar(sources, into: sink)
            case .xcal: diagnostics = try streamDocument(XCalWriter.self, sources, into: &sink)
            case .jcal: diagnostics = try streamDocument(JCalWriter.self, sources, into: &sink)
            default: diagnostics = try writeModelJSON(sources, into: sink)
            }
            do {
                try reading.judge(diagnostics)
            } catch {
                sink.discard()
                throw error
            }
            try sink.commit()
        } catch {
            throw ExitStatus.report(error)
        }
    }

    /// The format an output's name asks for: none (standard output, `/dev/null`) is iCalendar; an
    /// extension that names no format calbridge writes (`out.pdf`) is refused rather than filled
    /// with iCalendar under a name that promises something else.
    private static func format(named output: String?) throws -> CalendarFormat {
        guard let output, !(output as NSString).pathExtension.isEmpty else { return .ics }
        guard let format = CalendarFormat(path: output) else {
            throw UsageProblem(message: "\(output): no format calbridge writes ends in .\((output as NSString).pathExtension); name the output "
                               + ".ics, .xcs or .xml (xCal), .jcal or .json (model JSON), or give --to ics to write iCalendar into \(output) anyway")
        }
        try format.require(in: CalendarFormat.writable, as: "write")
        return format
    }

    /// Writes the merged calendar as it is read, one batch of components at a time, and at the end
    /// a VTIMEZONE (from the tz database) for every TZID the input used without defining. The
    /// calendars of a single input stay apart, as they were written; several inputs merge.
    private func streamICalendar(_ sources: CalendarInputs, into sink: AtomicFile) throws -> [Diagnostic] {
        var reader = CalendarStreamReader(encodes: true)
        // Noting zones per component is a worker's job; the main thread only merges, in order.
        reader.study = { ZoneUsage(of: $0) }
        var writer = ICalendarWriter()
        var zones = ZoneUsage()
        var floating: [Diagnostic] = []
        func endCalendar() {
            let resolver = TimeZoneResolver(definitions: [:])
            for zone in zones.missingDefinitions(resolver: resolver) { writer.write(zone) }
            writer.writeLine("END:VCALENDAR")
            // A guess made for the user is named: an unknown zone's times stay floating.
            floating += zones.unresolvable(resolver: resolver).map { zone in
                sources.paths.count == 1
                    ? Diagnostic(.violation, file: sources.paths[0], at: zone.firstUse, TimeZoneResolver.unknownZoneMessage(zone.tzid))
                    : Diagnostic(.violation, file: sources.paths.joined(separator: ", "), at: nil, TimeZoneResolver.unknownZoneMessage(zone.tzid))
            }
        }
        if sources.paths.count == 1 {
            reader.beginsLaterCalendar = {
                endCalendar()
                writer.writeLine("BEGIN:VCALENDAR")
                zones = ZoneUsage()
            }
        }
        writer.writeLine("BEGIN:VCALENDAR")
        let diagnostics = try sources.read(with: &reader) { event in
            switch event {
            case .property(let property):
                writer.write(property)
            case .component(let read):
                if let usage = read.notes as? ZoneUsage {
                    zones.merge(usage)
                } else if let component = read.component {
                    zones.record(component)
                }
                if let encoded = read.encoded {
                    try sink.write(writer.takeBytes())
                    try sink.write(encoded)
                } else if let component = read.component {
                    writer.write(component)
                }
            }
        }
        endCalendar()
        try sink.write(writer.takeBytes())
        return diagnostics + floating
    }

    /// Writes the merged calendar as xCal or jCal as it is read (see `StreamedDocument`). When a
    /// calendar property turned up after the first component, the opening already written lacks it:
    /// the inputs are then read once more with every property known from the start.
    private func streamDocument<Writer: CalendarDocumentWriter>(_: Writer.Type, _ sources: CalendarInputs,
                                                                into sink: inout AtomicFile) throws -> [Diagnostic] {
        let first = try StreamedDocument<Writer>(sources: sources).write(into: sink)
        guard let properties = first.propertiesForSecondPass,
              !reading.policy.refuses(first.diagnostics) else { return first.diagnostics }
        guard !sources.paths.contains("-") else {
            throw UsageProblem(message: "standard input has calendar properties after its components, which xCal and jCal "
                               + "write first; give the input as a file so calbridge can read it twice")
        }
        sink.discard()
        sink = try AtomicFile(destination: output)
        return try StreamedDocument<Writer>(sources: sources, knownProperties: properties).write(into: sink).diagnostics
    }

    /// Writes the whole merged calendar as the model's JSON.
    private func writeModelJSON(_ sources: CalendarInputs, into sink: AtomicFile) throws -> [Diagnostic] {
        let (calendar, diagnostics) = try sources.readCalendar()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try sink.write(Array(try encoder.encode(ModelJSON(calendar))) + [0x0A])
        return diagnostics
    }
}
