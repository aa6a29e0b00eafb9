import ArgumentParser
import AtomicOutput
import CalendarDocuments
import CalendarModel
import CalendarStores
import ICalendar
import InputFiles

/// The exit codes of the SPEC (sysexits).
enum ExitStatus {
    static let usage = ExitCode(64)
    static let invalidData = ExitCode(65)
    static let missingInput = ExitCode(66)
    static let unavailable = ExitCode(69)
    static let cannotCreateOutput = ExitCode(73)
    static let ioError = ExitCode(74)
    static let temporaryFailure = ExitCode(75)

    /// Prints what went wrong to standard error and returns the code that says it.
    static func report(_ error: Error) -> ExitCode {
        switch error {
        case let error as InputFile.OpenError:
            let missing = error.isMissing
            let advice = error.advice ?? (missing ? "check the name and the path" : nil)
            Terminal.error("\(error.name): \(error.reason)" + (advice.map { "; " + $0 } ?? ""))
            return missing ? missingInput : ioError
        case let error as AtomicFile.Failure:
            if case .cannotCreate = error {
                Terminal.error(error.description + "; check that the folder exists and can be written to")
                return cannotCreateOutput
            }
            Terminal.error(error.description)
            return ioError
        case let error as InvalidCalendarData:
            Terminal.printDiagnostics(error.diagnostics, to: .standardError, stopping: true)
            Terminal.error("nothing was written; " + (error.advice ?? "run `calbridge validate` on the input for every problem and what a repair would do"))
            return invalidData
        case let error as StoreUnavailable:
            Terminal.error(error.message)
            return unavailable
        case StoreError.unavailable(let reason):
            // The store answered when it was opened, so this is a server that went away part-way.
            Terminal.error("the store stopped answering (\(reason)); nothing was written: run the same command again once the server is back")
            return temporaryFailure
        case let error as UsageProblem:
            Terminal.error(error.message)
            return usage
        case let error as UnsupportedFormat:
            Terminal.error(error.message)
            return usage
        default:
            Terminal.error("\(error)")
            return ioError
        }
    }
}

/// A request the command cannot carry out as asked (exit 64).
struct UsageProblem: Error {
    var message: String
}
