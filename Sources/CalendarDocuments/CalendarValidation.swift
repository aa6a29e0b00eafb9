import CalendarModel
import Platform

/// `validate`'s engine: every problem of the merged inputs, including those that need the whole
/// calendar (VERSION and PRODID, UIDs shared by two masters, floating times a zone should anchor,
/// TZIDs without a definition), and the calendar `--repair` writes. The inputs stream through
/// (see `ValidationPass`): memory holds a batch of components and small summaries of the rest.
package enum CalendarValidation {
    /// What validate found: every problem, and how many components the merged calendar has.
    package struct Findings {
        package var diagnostics: [Diagnostic]
        package var componentCount: Int
    }

    /// Every problem in the merged inputs.
    package static func read(_ inputs: CalendarInputs) throws -> Findings {
        let outcome = try ValidationPass(inputs: inputs).run(repairingInto: nil)
        return Findings(diagnostics: outcome.diagnostics, componentCount: outcome.summary.componentCount)
    }

    /// Every problem in the merged inputs, with the calendar repaired as the diagnostics' repairs
    /// say written into `sink` (a VTIMEZONE from the tz database added for every TZID used without
    /// one), not yet committed. A property met after the first component was written (a later
    /// input's) has the inputs read once more with every property known from the start; standard
    /// input cannot be read twice, and is refused then.
    package static func repair(_ inputs: CalendarInputs, into sink: inout AtomicFile) throws -> Findings {
        let first = try ValidationPass(inputs: inputs).run(repairingInto: sink)
        guard let properties = first.propertiesForSecondPass else {
            return Findings(diagnostics: first.diagnostics, componentCount: first.summary.componentCount)
        }
        guard !inputs.paths.contains("-") else {
            throw UsageProblem(
                message: "standard input has calendar properties after its components, which the repaired "
                    + "calendar writes first; give the input as a file so calbridge can read it twice")
        }
        sink.discard()
        sink = try AtomicFile(destination: sink.destination)
        let second = try ValidationPass(inputs: inputs, knownProperties: properties).run(repairingInto: sink)
        return Findings(diagnostics: second.diagnostics, componentCount: second.summary.componentCount)
    }

    /// The verdict on `diagnostics` when they make validate fail: how many errors and warnings, and
    /// how to mend them; nil when there are only notes.
    package static func refusal(_ diagnostics: [Diagnostic]) -> CalendarProblems? {
        let errors = diagnostics.count { $0.severity == .error }, warnings = diagnostics.count { $0.severity == .violation }
        return errors + warnings > 0 ? CalendarProblems(errors: errors, warnings: warnings) : nil
    }

    /// Refused when an error has no repair that keeps the data: then nothing may be written.
    package static func requireRepairable(_ diagnostics: [Diagnostic]) throws(Unrepairable) {
        let unrepairable = diagnostics.count { $0.severity == .error && $0.repair == nil }
        guard unrepairable == 0 else { throw Unrepairable(count: unrepairable) }
    }
}

/// What validate found breaks RFC 5545 (exit 65); the diagnostics are printed before it.
package struct CalendarProblems: ExplainedFailure {
    package var errors: Int, warnings: Int
    package var kind: FailureKind { .invalidData }
    package var message: String {
        "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s"); "
            + "`calbridge validate --repair -o FIXED.ics` mends those that say how"
    }
}

/// `validate --repair` refused: some errors cannot be mended without losing data.
package struct Unrepairable: ExplainedFailure {
    package var count: Int
    package var kind: FailureKind { .invalidData }
    package var message: String { "\(count) problems cannot be repaired without losing data; nothing was written" }
}
