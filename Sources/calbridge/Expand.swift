import ArgumentParser
import CalendarDocuments
import Foundation
import Occurrences
import Platform

/// `calbridge expand`: the occurrences of every event and to-do in a window.
struct Expand: ParsableCommand, ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "expand",
        abstract: "List the occurrences of every event and to-do in a window.",
        discussion: """
            The window is half-open: occurrences that overlap [--from, --to) are listed, sorted by start \
            and then UID, with overrides (RECURRENCE-ID) and exclusions (EXDATE, EXRULE) applied. Times are \
            shown in each event's own zone with its UTC offset, or in --tz when given; floating times and \
            all-day dates stay as written (all-day ends are exclusive). The window is read in --tz when \
            given, else in each event's own zone (UTC events in UTC, floating ones on the wall clock). \
            A large expansion is sorted in temporary files under $TMPDIR (or /tmp), removed as they are \
            made, so memory stays small however long the calendar; a TMPDIR that cannot be written exits 73.

            Examples:
              calbridge expand course.ics --from 2026-10-01 --to 2027-03-01
              calbridge expand team.ics --from 2026-03-23 --to 2026-03-30 \\
                  --tz America/New_York --format csv
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
        let (start, end) = try WindowDate.window(from: from, to: to)
        var expansion = StreamedExpansion(
            window: SeriesExpansion.Window(start: start, end: end, zone: nil),
            format: format, displayZoneName: tz, budget: maxInstances)
        if let bytes = ProcessInfo.processInfo.environment["CALBRIDGE_EXPAND_MEMORY"].flatMap(Int.init) {
            expansion.memoryBudget = bytes
        }
        var reader = expansion.reader
        let diagnostics = try CalendarInputs(paths: [input], format: nil).read(with: &reader) { try expansion.take($0) }
        try reading.judge(diagnostics)
        // Made on the first bytes, once the expansion has succeeded: a failed one leaves the output untouched.
        var sink: AtomicFile?
        try expansion.finish { bytes in
            if sink == nil { sink = try AtomicFile(destination: output) }
            try sink!.write(bytes)
        }
        try sink?.commit()
        let guesses = expansion.guesses(in: input)
        if !guesses.isEmpty { Terminal.printDiagnostics(guesses, to: .standardError) }
    }
}

extension OccurrenceOutput: ExpressibleByArgument {}
