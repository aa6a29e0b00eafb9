/// How a command treats the problems found in what it read (SPEC, "Reading messy input").
///
/// The readers always read leniently — a line or value they cannot use is kept as written, structure
/// is recovered where the meaning is plain — and report each such problem as an error whose `repair`
/// says what the reading did. The policy decides what those errors mean.
package enum ReadingPolicy: Sendable {
    /// The default: go on with what was read; only an input with no calendar in it (or one past a
    /// bound no calendar a person made reaches) stops the command. Recovered errors are warnings.
    case lenient
    /// `--strict`: any error stops the command, nothing written.
    case strict

    package init(strict: Bool) {
        self = strict ? .strict : .lenient
    }

    /// Whether the problems stop the command.
    package func refuses(_ diagnostics: [Diagnostic]) -> Bool {
        diagnostics.contains { $0.severity == .error && (self == .strict || !$0.isRecovered) }
    }

    /// The warnings of a command that goes on, or ``InvalidCalendarData`` when the policy refuses what
    /// was read; under `.strict` its advice says that calbridge can read past problems it recovers.
    package func judged(_ diagnostics: [Diagnostic]) throws(InvalidCalendarData) -> [Diagnostic] {
        guard refuses(diagnostics) else { return warnings(diagnostics) }
        let readable = self == .strict && !ReadingPolicy.lenient.refuses(diagnostics)
        throw InvalidCalendarData(
            diagnostics: diagnostics,
            advice: readable
                ? "--strict refused the input; without it calbridge reads past these problems as their repairs say" : nil)
    }

    /// The warnings of a command that goes on, what the reading did about the data (recovered errors,
    /// under the lenient policy) before what it carried through as written (violations): a file with
    /// many missing DTSTAMPs must not hide that it was truncated.
    package func warnings(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        let recoveries = self == .lenient ? diagnostics.filter(\.isRecovered).map(\.recovered) : []
        return recoveries + diagnostics.filter { $0.severity == .violation }
    }
}

extension Diagnostic {
    /// An error the reader read past: what it did is its `repair`.
    package var isRecovered: Bool {
        severity == .error && repair != nil
    }

    /// This error reported as the warning it is once read past.
    var recovered: Diagnostic {
        var warning = self
        warning.severity = .violation
        return warning
    }
}
