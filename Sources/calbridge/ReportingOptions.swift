import ArgumentParser
import CalendarModel
import Platform

/// `--quiet`, `--verbose` and `--json`, for every command (SPEC, "Other conventions").
struct ReportingOptions: ParsableArguments {
    @Flag(help: "Print only errors: no warnings, notes, summaries or progress.")
    var quiet = false
    @Flag(help: "Print notes too (legal but worth knowing: folding, line lengths); by default only warnings and errors.")
    var verbose = false
    @Flag(
        help:
            "Print every message (problems, errors, summaries) as one JSON object a line: kind (diagnostic, failure, error, summary), file, line, column, severity, message, repair."
    )
    var json = false

    /// What the options chose, kept by `Terminal` for the whole run.
    struct Choice {
        var quiet = false
        var verbose = false
        var json = false

        /// Whether a problem of `severity` is printed: errors always, warnings unless `--quiet` (or
        /// when they are why the command stops: `--strict` refuses them), notes with `--verbose`.
        func shows(_ severity: Diagnostic.Severity, stopping: Bool) -> Bool {
            switch severity {
            case .error: true
            case .violation: !quiet || stopping
            case .notice: verbose
            }
        }
    }

    func validate() throws {
        if quiet && verbose { throw ValidationError("--quiet and --verbose ask for opposite things: give one of them") }
    }

    /// Makes this run report as asked; `Calbridge.main` calls it before a `ReportingCommand` runs.
    func apply() {
        Terminal.reporting = Choice(quiet: quiet, verbose: verbose, json: json)
        // A progress line is for a person watching a terminal, never part of what a program reads.
        ProgressLine.isShown = Terminal.watched && !quiet && !json
    }
}

/// A command with `--quiet`, `--verbose` and `--json`: they are applied before it runs, so that
/// whatever it prints, and whatever stops it, is reported as they ask.
protocol ReportingCommand {
    var reporting: ReportingOptions { get }
}
