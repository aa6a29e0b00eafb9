import ArgumentParser
import AtomicOutput
import CalendarDocuments
import CalendarModel
import CalendarStores
import CalendarTransfer
import InputFiles

/// The exit codes of the SPEC (sysexits), and the one place an error becomes a message and a code.
enum ExitStatus {
    static let usage = ExitCode(64)
    static let invalidData = ExitCode(65)
    static let missingInput = ExitCode(66)
    static let unavailable = ExitCode(69)
    static let cannotCreateOutput = ExitCode(73)
    static let ioError = ExitCode(74)
    static let temporaryFailure = ExitCode(75)

    /// Prints what went wrong to standard error and returns the code that says it; an `ExitCode`
    /// (the command already said what it had to) goes through as it is.
    static func report(_ error: Error) -> ExitCode {
        switch error {
        case let code as ExitCode: return code
        case let failure as CommandFailure: return fail(failure.message, failure.code)
        case let problem as UsageProblem: return fail(problem.message, usage)
        case let store as StoreUnavailable: return fail(store.message, unavailable)
        case let interrupted as ImportInterrupted: return fail(interrupted.message, temporaryFailure)
        case StoreError.unavailable(let reason):
            // The store answered when it was opened, so this is a server that went away part-way.
            return fail("the store stopped answering (\(reason)); nothing was written: run the same command again once the server is back",
                        temporaryFailure)
        case let error as InputFile.OpenError:
            let advice = error.advice ?? (error.isMissing ? "check the name and the path" : nil)
            return fail("\(error.name): \(error.reason)" + (advice.map { "; " + $0 } ?? ""), error.isMissing ? missingInput : ioError)
        case AtomicFile.Failure.cannotCreate:
            return fail("\(error); check that the folder exists and can be written to", cannotCreateOutput)
        case let error as InvalidCalendarData:
            Terminal.printDiagnostics(error.diagnostics, to: .standardError, stopping: true)
            return fail("nothing was written; " + (error.advice ?? "run `calbridge validate` on the input for every problem and what a repair would do"),
                        invalidData)
        default: return fail("\(error)", ioError)
        }
    }

    private static func fail(_ message: String, _ code: ExitCode) -> ExitCode {
        Terminal.error(message)
        return code
    }
}

/// A command's own words for why it stops, with the code that says it.
struct CommandFailure: Error {
    var message: String
    var code: ExitCode
}
