import CalendarModel

/// Something in a vCard file that could not be read as written: where it is and what is wrong.
/// The reader skips only the part in question (a date, a line) and goes on with the rest.
public struct CardProblem: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    /// 1-based line of the physical line the problem is on.
    public var line: Int
    /// 1-based byte column within that line.
    public var column: Int
    public var message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `FILE:LINE:COLUMN: message`, the form compilers use, so editors can jump to it.
    public var description: String { "\(file):\(line):\(column): \(message)" }
}

extension Diagnostic {
    /// A card that could not be used, as an error at its line.
    public init(cardProblem problem: CardProblem) {
        self.init(.error, file: problem.file, at: SourceLocation(line: problem.line, column: problem.column), problem.message)
    }
}
