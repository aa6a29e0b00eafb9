import ArgumentParser
import CalendarDocuments
import Platform

/// `calbridge validate`: every problem with file, line and column, and what a repair would do.
struct Validate: ParsableCommand, ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Report every problem in calendar files; --repair writes a mended copy.",
        discussion: """
            Each problem is printed as FILE:LINE:COLUMN: error|warning|note: what is wrong (repair: what \
            --repair does). Errors make the data unreadable; warnings break RFC 5545 but the data is kept; \
            notes are legal but worth knowing (shown with --verbose). The exit code is 65 when there are \
            errors (with --strict: warnings too), else 0. The check for UIDs shared by two masters keeps the UIDs \
            it has seen in temporary files under $TMPDIR (or /tmp) once they are many, removed as \
            they are made; a TMPDIR that cannot be written then exits 73.

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
        let inputs = CalendarInputs(paths: inputs, format: from?.format)
        // The listing is validate's output, unless the repaired calendar is: then it goes beside it.
        let repairsToStandardOutput = repair && (output == nil || output == "-")
        guard repair else { return try check(CalendarValidation.read(inputs)) }
        let sink: AtomicFile
        do {
            sink = try AtomicFile(destination: output)
        } catch {
            // The problems are listed all the same, and an unrepairable calendar is refused as such.
            let findings = try CalendarValidation.read(inputs)
            Terminal.printDiagnostics(findings.diagnostics, to: repairsToStandardOutput ? .standardError : .standardOutput)
            try CalendarValidation.requireRepairable(findings.diagnostics)
            throw error
        }
        var repaired = sink
        let findings = try CalendarValidation.repair(inputs, into: &repaired)
        Terminal.printDiagnostics(findings.diagnostics, to: repairsToStandardOutput ? .standardError : .standardOutput)
        try CalendarValidation.requireRepairable(findings.diagnostics)
        try repaired.commit()
        Terminal.inform("repaired \(findings.diagnostics.filter { $0.repair != nil }.count) problems\n")
    }

    /// Lists the problems and fails on errors, or on warnings under --strict.
    private func check(_ findings: CalendarValidation.Findings) throws {
        let diagnostics = findings.diagnostics
        Terminal.printDiagnostics(diagnostics, to: .standardOutput)
        // Errors fail the check, warnings only under --strict: a script tells the two apart by the code.
        let warnings = diagnostics.count { $0.severity == .violation }
        if diagnostics.contains(where: { $0.severity == .error }) || strict && warnings > 0,
            let refusal = CalendarValidation.refusal(diagnostics)
        {
            throw refusal
        }
        let names = inputs.map { $0 == "-" ? "standard input" : $0 }.joined(separator: ", ")
        let warned = warnings == 0 ? "" : ", \(warnings) warning\(warnings == 1 ? "" : "s")"
        Terminal.inform("\(names): valid (\(findings.componentCount) components\(warned))\n")
    }
}
