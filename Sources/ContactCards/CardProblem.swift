/// Something in a vCard file that could not be read as written: where it is and what is wrong.
/// The reader skips only the part in question (a date, a line) and goes on with the rest.
package struct CardProblem: Hashable, Sendable, CustomStringConvertible {
    package var file: String
    /// 1-based line of the physical line the problem is on.
    package var line: Int
    /// 1-based byte column within that line.
    package var column: Int
    package var message: String

    package init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `FILE:LINE:COLUMN: message`, the form compilers use, so editors can jump to it.
    package var description: String { "\(file):\(line):\(column): \(message)" }
}
