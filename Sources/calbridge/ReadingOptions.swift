import ArgumentParser
import CalendarModel

/// `--strict`, for every command that reads calendars (SPEC, "Reading messy input").
struct ReadingOptions: ParsableArguments {
    @Flag(help: "Refuse an input on its first problem instead of reading past it (exit 65, nothing written).")
    var strict = false

    var policy: ReadingPolicy { ReadingPolicy(strict: strict) }

    /// Stops the command when the policy refuses what was read; otherwise prints the warnings (at most
    /// `limit`) and hands back nothing to stop for.
    func judge(_ diagnostics: [Diagnostic], warningLimit limit: Int = 20) throws {
        show(try policy.judged(diagnostics), limit: limit)
    }

    /// Prints the warnings a reading let through, at most `limit`.
    func show(_ warnings: [Diagnostic], limit: Int = 20) {
        Terminal.printDiagnostics(warnings, to: .standardError, limit: limit, whereTheRestAre: "`calbridge validate` lists them all")
    }
}
