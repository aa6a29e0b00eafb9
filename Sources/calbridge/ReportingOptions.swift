import ArgumentParser
import ProgressReporting

/// `--quiet` and `--json`, for every command that reports problems (SPEC, "Other conventions").
struct ReportingOptions: ParsableArguments {
    @Flag(help: "Print only errors: no warnings, notes, summaries or progress.")
    var quiet = false
    @Flag(help: "Print each problem as one JSON object on a line of its own (file, line, column, severity, message, repair).")
    var json = false

    /// What the options chose, kept by `Terminal` for the whole run.
    struct Choice {
        var quiet = false
        var json = false
    }

    /// Makes this run report as asked; `Calbridge.main` calls it before a `ReportingCommand` runs.
    func apply() {
        Terminal.reporting = Choice(quiet: quiet, json: json)
        ProgressLine.isShown = Terminal.watched && !quiet
    }
}

/// A command with `--quiet` and `--json`: they are applied before it runs, so that whatever it prints,
/// and whatever stops it, is reported as they ask.
protocol ReportingCommand {
    var reporting: ReportingOptions { get }
}
