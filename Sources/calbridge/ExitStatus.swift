import ArgumentParser
import CalendarModel

/// The one place an error becomes a message and one of the SPEC's exit codes (`FailureKind`'s).
enum ExitStatus {
    static let usage = ExitCode(FailureKind.usage.rawValue)

    /// Prints what went wrong to standard error and returns the code that says it; an `ExitCode`
    /// (the command already said what it had to) goes through as it is.
    static func report(_ error: Error) -> ExitCode {
        if let invalid = error as? InvalidCalendarData {
            Terminal.printDiagnostics(invalid.diagnostics, to: .standardError, stopping: true)
        }
        switch error {
        case let code as ExitCode: return code
        case let failure as ExplainedFailure: return fail(failure.message, ExitCode(failure.kind.rawValue))
        default: return fail("\(error)", ExitCode(FailureKind.ioError.rawValue))
        }
    }

    private static func fail(_ message: String, _ code: ExitCode) -> ExitCode {
        Terminal.error(message)
        return code
    }
}
