import ArgumentParser
import AtomicOutput
import CalendarDocuments
import CalendarModel
import ICalendar
import Occurrences
import TimeZones

/// `calbridge expand`: the occurrences of every event and to-do in a window.
struct Expand: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the occurrences of every event and to-do in a window.",
        discussion: """
        The window is half-open: occurrences that overlap [--from, --to) are listed, sorted by start \
        and then UID, with overrides (RECURRENCE-ID) and exclusions (EXDATE, EXRULE) applied. Times are \
        shown in each event's own zone with its UTC offset, or in --tz when given; floating times and \
        all-day dates stay as written (all-day ends are exclusive). The window is read in --tz when \
        given, else in each event's own zone (UTC events in UTC, floating ones on the wall clock).

        Examples:
          calbridge expand course.ics --from 2026-10-01 --to 2027-03-01
          calbridge expand team.ics --from 2026-03-23 --to 2026-03-30 --tz America/New_York --format csv
        """)


    @Argument(help: "The calendar, or - for standard input.")
    var input: String

    @Option(help: "Window start (YYYY-MM-DD or YYYY-MM-DDThh:mm[:ss]), inclusive.")
    var from: String

    @Option(help: "Window end, exclusive.")
    var to: String

    @Option(help: "Show times in this zone (IANA or Windows name); the window is read in it too.")
    var tz: String?

    @Option(help: "jsonl (one JSON object per line), ics or csv.")
    var format: OccurrenceOutput = .jsonl

    @Option(name: .shortAndLong, help: "The output file; standard output when absent.")
    var output: String?

    @Option(name: .customLong("max-instances"), help: "Stop with an error after generating this many rule instances.")
    var maxInstances = 5_000_000

    @OptionGroup var reading: ReadingOptions

    @OptionGroup var reporting: ReportingOptions

    func run() throws {
        reporting.apply()
        do {
            guard let start = WindowDate.parse(from), let end = WindowDate.parse(to) else {
                throw UsageProblem(message: "--from and --to take a date (2026-03-29) or a date-time (2026-03-29T10:00)")
            }
            guard start < end else { throw UsageProblem(message: "--from must be before --to") }
            var expansion = StreamedExpansion(window: SeriesExpansion.Window(start: start, end: end, zone: nil),
                                              format: format, displayZoneName: tz, budget: maxInstances)
            var reader = CalendarStreamReader()
            // calbridge's own checks still run; libical's second opinion is for convert and validate.
            reader.checksWithLibical = false
            reader.selection = expansion.selection
            let diagnostics = try CalendarInputs(paths: [input], format: nil).read(with: &reader) { expansion.take($0) }
            try reading.judge(diagnostics)
            let text: [UInt8]
            do {
                text = try expansion.finish()
            } catch is StreamedExpansion.UnknownDisplayZone {
                throw UsageProblem(message: "--tz \(tz ?? "") is not a time zone calbridge knows; give an IANA name (Europe/Berlin) or a Windows one (W. Europe Standard Time)")
            } catch is StreamedExpansion.OverBudget {
                throw UsageProblem(message: "the window needs more than \(maxInstances) rule instances; narrow it or raise --max-instances")
            }
            let sink = try AtomicFile(destination: output)
            try sink.write(text)
            try sink.commit()
            // Named, as a value that cannot be used is: the event is not simply missing from the output.
            let leftOut = expansion.leftOut.map { event in
                Diagnostic(.violation, file: input, at: event.line.map { SourceLocation(line: $0) },
                           "\(event.name) \(event.uid ?? "without UID") has no usable DTSTART; "
                           + (event.isOverride ? "the override is left out and its instance stays as the series has it" : "it is left out"))
            }
            // A guess made for the user is named too: an unknown zone's times are read as floating.
            let floating = expansion.floatingZones.map { zone in
                Diagnostic(.violation, file: input, at: zone.line.map { SourceLocation(line: $0) }, TimeZoneResolver.unknownZoneMessage(zone.tzid))
            }
            if !(leftOut + floating).isEmpty { Terminal.printDiagnostics(leftOut + floating, to: .standardError) }
        } catch {
            throw ExitStatus.report(error)
        }
    }
}

/// Reads the dates and date-times `--from`, `--to` and friends take.
enum WindowDate {
    static func parse(_ text: String) -> LocalDateTime? {
        let digits = text.filter { $0.isNumber }
        switch digits.count {
        case 8: return DateValue(icalendar: digits).map(\.local)
        case 12: return DateValue(icalendar: digits.prefix(8) + "T" + digits.suffix(4) + "00").map(\.local)
        case 14: return DateValue(icalendar: digits.prefix(8) + "T" + digits.suffix(6)).map(\.local)
        default: return nil
        }
    }
}

extension OccurrenceOutput: ExpressibleByArgument {}
