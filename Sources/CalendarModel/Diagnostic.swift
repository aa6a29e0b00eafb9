/// One problem found in an input, with where it is, what is wrong and what a repair would do.
package struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How bad a problem is, which decides what `convert` and `validate` do with it.
    package enum Severity: String, Sendable, Comparable {
        /// Legal, but worth knowing (a calendar that relies on X-WR-TIMEZONE).
        case notice
        /// Breaks RFC 5545, but calbridge can carry the data through unchanged (a missing DTSTAMP);
        /// `convert` goes on, `validate` fails.
        case violation
        /// The data cannot be read faithfully (a bad line, an impossible date): nothing is written.
        case error

        private var rank: Int {
            switch self {
            case .notice: 0
            case .violation: 1
            case .error: 2
            }
        }
        package static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    package var severity: Severity
    package var file: String
    package var location: SourceLocation?
    package var message: String
    /// What `validate --repair` does about it, when it can.
    package var repair: String?

    package init(_ severity: Severity, file: String, at location: SourceLocation?, _ message: String, repair: String? = nil) {
        self.severity = severity
        self.file = file
        self.location = location
        self.message = message
        self.repair = repair
    }

    /// `file:line:column: error: message (repair: …)`, the form compilers use, so editors can jump to it.
    package var description: String {
        let place = location.map { "\(file):\($0.line):\($0.column)" } ?? file
        return "\(place): \(label): \(message)" + (repair.map { " (repair: \($0))" } ?? "")
    }

    /// The severity as messages name it: `error`, `warning` or `note`.
    package var label: String {
        severity == .error ? "error" : severity == .violation ? "warning" : "note"
    }
}

/// Thrown when an input holds problems that stop a conversion; nothing has been written.
package struct InvalidCalendarData: ExplainedFailure, Sendable {
    package var diagnostics: [Diagnostic]
    /// What the user should do, when it is not "run `calbridge validate` on the input" (which reads
    /// calendars, not timetables or state files).
    package var advice: String?

    /// Said after the diagnostics, which say what is wrong.
    package var message: String {
        "nothing was written; " + (advice ?? "run `calbridge validate` on the input for every problem and what a repair would do")
    }

    package var kind: FailureKind { .invalidData }

    package init(diagnostics: [Diagnostic], advice: String? = nil) {
        self.diagnostics = diagnostics
        self.advice = advice
    }
}
