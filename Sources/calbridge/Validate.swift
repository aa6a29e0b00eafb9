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
        notes are legal but worth knowing (shown with --verbose). The exit code is 65 when there are \
        errors (with --strict: warnings too), else 0.

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
    @Flag(help: "Count warnings as errors: exit 65 when any remain.")
    var strict = false
    @OptionGroup var reporting: ReportingOptions

    func validate() throws {
        if output != nil && !repair {
            throw ValidationError("-o is only used with --repair")
        }
    }

    func run() throws {
        let (calendar, diagnostics) = try CalendarValidation.read(CalendarInputs(paths: inputs, format: from?.format))
        // The listing is validate's output, unless the repaired calendar is: then it goes beside it.
        let repairsToStandardOutput = repair && (output == nil || output == "-")
        Terminal.printDiagnostics(diagnostics, to: repairsToStandardOutput ? .standardError : .standardOutput)
        if repair {
            try AtomicFile.write(CalendarValidation.repaired(calendar, diagnostics), to: output)
            return Terminal.inform("repaired \(diagnostics.filter { $0.repair != nil }.count) problems\n")
        }
        // Errors fail the check, warnings only under --strict: a script tells the two apart by the code.
        let warnings = diagnostics.count { $0.severity == .violation }
        if diagnostics.contains(where: { $0.severity == .error }) || strict && warnings > 0,
           let refusal = CalendarValidation.refusal(diagnostics) {
            throw refusal
        }
        let names = inputs.map { $0 == "-" ? "standard input" : $0 }.joined(separator: ", ")
        let warned = warnings == 0 ? "" : ", \(warnings) warning\(warnings == 1 ? "" : "s")"
        Terminal.inform("\(names): valid (\(calendar.components.count) components\(warned))\n")
    }
}
