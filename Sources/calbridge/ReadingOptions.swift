import ArgumentParser
import CalendarModel
import ICalendar

/// `--strict`, for every command that reads calendars (SPEC, "Reading messy input").
struct ReadingOptions: ParsableArguments {
    @Flag(help: "Refuse an input on its first problem instead of reading past it (exit 65, nothing written).")
    var strict = false

    var policy: ReadingPolicy { ReadingPolicy(strict: strict) }

    /// Stops the command when the policy refuses what was read; otherwise prints the warnings (at most
    /// `limit`) and hands back nothing to stop for.
    func judge(_ diagnostics: [Diagnostic], warningLimit limit: Int = 20) throws {
        if policy.refuses(diagnostics) {
            throw InvalidCalendarData(diagnostics: diagnostics, advice: advice(diagnostics))
        }
        Terminal.printDiagnostics(policy.warnings(diagnostics), to: .standardError, limit: limit,
                                  whereTheRestAre: "`calbridge validate` lists them all")
    }

    /// What to do about a refusal: under --strict, that calbridge can read past the problems.
    private func advice(_ diagnostics: [Diagnostic]) -> String? {
        guard strict, !ReadingPolicy.lenient.refuses(diagnostics) else { return nil }
        return "--strict refused the input; without it calbridge reads past these problems as their repairs say"
    }
}
