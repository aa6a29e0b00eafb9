import ArgumentParser
import CalendarDocuments

/// `calbridge convert`: any supported input to any supported output; several inputs merge.
struct Convert: ParsableCommand, ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
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
              calbridge convert google.csv -o events.ics            (Google or Outlook CSV)
              calbridge convert team.ics -o team.csv --csv-style outlook \\
                  --window-start 2026-03-01 --window-end 2026-04-01

            Formats (--from takes each, --to those it writes), and what each carries:
            """ + "\n" + formatTable)

    @Argument(help: "Input files, or - for standard input.")
    var inputs: [String]
    @Option(name: .shortAndLong, help: "The output file; standard output when absent.")
    var output: String?
    @Option(
        help: ArgumentHelp(
            "Output format; when absent, taken from the output's extension (none is iCalendar): "
                + CalendarConversion.outputNames + "; any other extension is refused.",
            valueName: "format"))
    var to: WrittenFormat?

    @Option(help: ArgumentHelp("Input format; taken from each input's name or content when absent.", valueName: "format"))
    var from: ReadFormat?
    @OptionGroup var reading: ReadingOptions
    @OptionGroup(title: "Calendar CSV") var csv: CalendarCSVArguments
    @OptionGroup var reporting: ReportingOptions

    /// Two lines a format of the registry: its name, whether calbridge writes it, what it is and
    /// its extensions; then what goes through it without loss. Both fit the manual's 80 columns.
    private static var formatTable: String {
        CalendarFormat.registry.map { format in
            let extensions = format.extensions.map { "." + $0 }.joined(separator: " ")
            return
                "  \(format.name) (\(format.writer == nil ? "reads" : "writes")): \(format.title); \(extensions)\n      \(format.carries)"
        }.joined(separator: "\n")
    }

    func run() throws {
        let format = try to?.format ?? CalendarConversion.format(ofOutput: output)
        let conversion = CalendarConversion(
            CalendarInputs(paths: inputs, format: from?.format, options: try csv.options(output: output)),
            to: format, policy: reading.policy)
        let (sink, diagnostics) = try conversion.write(to: output)
        // A refusal leaves the output uncommitted: it is discarded as `sink` goes, nothing written.
        try reading.judge(diagnostics)
        try sink.commit()
    }
}
