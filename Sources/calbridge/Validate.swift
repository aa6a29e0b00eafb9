import ArgumentParser
import AtomicOutput
import CalendarDocuments

/// `calbridge validate`: every problem with file, line and column, and what a repair would do.
struct Validate: ParsableCommand, ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Report every problem in calendar files; --repair writes a mended copy.",
        discussion: """
        Each problem is printed as FILE:LINE:COLUMN: error|warning|note: what is wrong (repair: what \
        --repair does). Errors make the data unreadable; warnings break RFC 5545 but the data is kept; \
        notes are legal but worth knowing. The exit code is 65 when there are errors or warnings.

        --repair mends what it can: adds missing VERSION, PRODID, UID and DTSTAMP, gives Google's floating times their \
        X-WR-TIMEZONE, writes CRLF for lone CRs, drops empty lines, joins lines folded without the \
        leading space, and closes a truncated file (dropping the unfinished component).

        Examples:
          calbridge validate export.ics
          calbridge validate export.ics --repair -o fixed.ics
        """)

    @Argument(help: "Input files, or - for standard input.")
    var inputs: [String]
    @Flag(help: "Write a repaired copy to --output.")
    var repair = false
    @Option(name: .shortAndLong, help: "Where --repair writes; standard output when absent.")
    var output: String?
    @Option(help: ArgumentHelp("Input format; taken from each input's name or content when absent.", valueName: "format"))
    var from: ReadFormat?
    @OptionGroup var reporting: ReportingOptions

    func validate() throws {
        if output != nil && !repair {
            throw ValidationError("-o is only used with --repair")
        }
    }

    func run() throws {
        let (calendar, diagnostics) = try CalendarValidation.read(CalendarInputs(paths: inputs, format: from?.format))
        Terminal.printDiagnostics(diagnostics, to: .standardOutput)
        if repair {
            try AtomicFile.write(CalendarValidation.repaired(calendar, diagnostics, now: .nowUTC), to: output)
            Terminal.inform("repaired \(diagnostics.filter { $0.repair != nil }.count) problems\n")
        } else if let refusal = CalendarValidation.refusal(diagnostics) {
            throw refusal
        } else {
            let names = inputs.map { $0 == "-" ? "standard input" : $0 }
            Terminal.inform("\(names.joined(separator: ", ")): valid (\(calendar.components.count) components)\n")
        }
    }
}
