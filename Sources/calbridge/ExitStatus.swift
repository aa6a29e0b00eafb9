import ArgumentParser
import CalendarModel

/// The one place an error becomes a message and one of the SPEC's exit codes (`FailureKind`'s).
enum ExitStatus {
    static let usage = ExitCode(FailureKind.usage.rawValue)

    /// Prints what went wrong to standard error (under `--json` as JSON lines, the error too) and
    /// returns the code that says it; an `ExitCode` (the command already said what it had to) goes
    /// through as it is.
    static func report(_ error: Error) -> ExitCode {
        if let invalid = error as? InvalidCalendarData {
            Terminal.printDiagnostics(invalid.diagnostics, to: .standardError, stopping: true)
        }
        if let code = error as? ExitCode { return code }
        let failure = error as? ExplainedFailure
        Terminal.error(failure?.message ?? "\(error)", file: failure?.file)
        return ExitCode((failure?.kind ?? .ioError).rawValue)
    }
}
