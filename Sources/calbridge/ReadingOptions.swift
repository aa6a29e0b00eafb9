import ArgumentParser
import CalendarModel

/// `--strict`, for every command that reads calendars (SPEC, "Reading messy input").
struct ReadingOptions: ParsableArguments {
    @Flag(help: "Refuse an input on its first problem instead of reading past it (exit 65, nothing written).")
    var strict = false

    var policy: ReadingPolicy { ReadingPolicy(strict: strict) }

    /// Stops the command when the policy refuses what was read; otherwise prints the warnings, and
    /// the notes under `--verbose` (at most `limit`), and hands back nothing to stop for.
    func judge(_ diagnostics: [Diagnostic], warningLimit limit: Int = 20) throws {
        let notes = diagnostics.filter { $0.severity == .notice }
        Terminal.printDiagnostics(
            try policy.judged(diagnostics) + notes, to: .standardError, limit: limit,
            whereTheRestAre: "`calbridge validate` lists them all")
    }
}
