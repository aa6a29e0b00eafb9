import CalendarModel

/// The problems of one file, capped: a binary file or a file of garbage would otherwise yield one
/// problem per line, which helps nobody and costs memory. Each is an error the reader read past:
/// its repair says what became of the line, date or card, so one bad card never sinks the file.
struct ProblemLog {
    static let limit = 500

    let file: String
    private(set) var problems: [Diagnostic] = []
    /// How many of the problems skipped a date, listed or not.
    private(set) var datesSkipped = 0
    private var unlisted = 0
    private var firstUnlisted: (line: Int, column: Int)?

    init(file: String) {
        self.file = file
    }

    /// Adds a date that could not be read, which is skipped.
    mutating func skipDate(line: Int, column: Int, _ message: String) {
        datesSkipped += 1
        add(line: line, column: column, message, repair: "skips the date")
    }

    mutating func add(line: Int, column: Int, _ message: String, repair: String) {
        guard problems.count < Self.limit else {
            unlisted += 1
            if firstUnlisted == nil { firstUnlisted = (line, column) }
            return
        }
        problems.append(Diagnostic(.error, file: file, at: SourceLocation(line: line, column: column), message, repair: repair))
    }

    /// The listed problems, and one more saying how many were left out.
    func finished() -> [Diagnostic] {
        guard let first = firstUnlisted else { return problems }
        let more = Diagnostic(
            .error, file: file, at: SourceLocation(line: first.line, column: first.column),
            "\(unlisted) more problems from here on are not listed", repair: "reads past them as it did the listed ones")
        return problems + [more]
    }
}
