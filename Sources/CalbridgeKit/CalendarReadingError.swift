/// Why a calendar could not be opened: the problems found, each with where it is.
///
/// Reading is lenient: a line or value that cannot be used is kept as written and reported as a
/// warning in ``CalendarReading/problems``. Only an input with no calendar in it (or, with
/// `strict`, any such problem) throws this error.
public struct CalendarReadingError: Error, Sendable, CustomStringConvertible {
    /// Every problem found, errors and warnings, in input order.
    public var problems: [ReadingProblem]

    /// One problem a line.
    public var description: String {
        problems.map(\.description).joined(separator: "\n")
    }
}

/// One problem in an input: where it is, what is wrong, and what reading did about it.
public struct ReadingProblem: Hashable, Sendable, CustomStringConvertible {
    /// Whether reading went past the problem (a warning) or could not (an error).
    public var isError: Bool
    /// The file name, or what stands for it when the calendar came from bytes.
    public var file: String
    /// The line, when the input has lines (model JSON has none to name).
    public var line: Int?
    /// The column on ``line``, when the input has lines.
    public var column: Int?
    /// What is wrong.
    public var message: String
    /// What reading did about it, when it read past it.
    public var repair: String?

    init(_ diagnostic: Diagnostic, isError: Bool) {
        self.isError = isError
        file = diagnostic.file
        line = diagnostic.location?.line
        column = diagnostic.location?.column
        message = diagnostic.message
        repair = diagnostic.repair
    }

    /// `file:line:column: warning: message (repair: …)`, the form compilers use.
    public var description: String {
        let place = [file, line.map(String.init), column.map(String.init)].compactMap { $0 }.joined(separator: ":")
        return "\(place): \(isError ? "error" : "warning"): \(message)" + (repair.map { " (repair: \($0))" } ?? "")
    }
}
