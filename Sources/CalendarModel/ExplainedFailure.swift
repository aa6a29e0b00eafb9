/// What stopped a request, in words a person understands: what is wrong and what to do. Every error
/// that reaches the command line says itself this way, so the command line only picks the exit code
/// for its `kind`, and a library user gets the same sentence.
package protocol ExplainedFailure: Error {
    var message: String { get }
    var kind: FailureKind { get }
    /// The input or output the failure is about, when it is one file (`--json` names it apart).
    var file: String? { get }
}

extension ExplainedFailure {
    package var file: String? { nil }
}

/// The kinds of stop the SPEC tells apart, each with its exit code (BSD's sysexits, which the SPEC
/// follows).
package enum FailureKind: Int32, Sendable {
    /// Some items of a batch were refused (each listed); the rest were done.
    case someItemsFailed = 1
    /// The request cannot be carried out as asked.
    case usage = 64
    /// An input holds data that cannot be used; nothing was written.
    case invalidData = 65
    /// An input, or the store's collection, is not there.
    case missingInput = 66
    /// A server or store cannot be reached or opened.
    case unavailable = 69
    /// The output cannot be made.
    case cannotCreateOutput = 73
    /// Reading or writing failed.
    case ioError = 74
    /// A server went away part-way; the same command can be run again.
    case temporaryFailure = 75
}
