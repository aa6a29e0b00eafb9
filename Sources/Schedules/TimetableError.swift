import CalendarModel

/// One problem in a timetable file: the file, the place in it and what is wrong.
///
/// The place is a JSON path for JSON input (`$.lectures[3].weekday`), a row and column for CSV input
/// (`row 7, column weekday`, rows counted as the file's lines from 1) and `line L, column C` when the
/// text is not JSON at all, so the message leads the reader to the spot to fix.
public struct TimetableError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var place: String
    public var message: String
    /// The line (and column) the place is on, where the input has lines: a CSV row, or the spot where
    /// text stops being JSON. A JSON path names a value, not a line.
    public var location: SourceLocation?

    public init(file: String, place: String, message: String, at location: SourceLocation? = nil) {
        self.file = file
        self.place = place
        self.message = message
        self.location = location
    }

    /// `FILE: PLACE: message`.
    public var description: String { "\(file): \(place): \(message)" }
}

/// Every problem found in a timetable: first those of single fields in file order, then those between
/// items (duplicate ids, a change against its lecture or the term, a break against the term).
///
/// A reader reports all problems at once rather than the first only, so a file with several mistakes
/// is fixed in one round; the caller writes nothing when it catches this. Text that is not JSON, and a
/// CSV file with an unclosed quote or bytes that are not UTF-8, stop reading at their first problem.
public struct TimetableErrors: Error, Hashable, Sendable, CustomStringConvertible {
    /// Never empty.
    public var problems: [TimetableError]

    public init(problems: [TimetableError]) {
        self.problems = problems
    }

    /// One problem a line.
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}

extension Diagnostic {
    /// A timetable problem as an error at its line where it has one, with what the line does not say
    /// of its place (a CSV column, a JSON path) before the message.
    public init(timetableProblem problem: TimetableError) {
        var place = problem.place
        if let line = problem.location?.line {
            // `row 7, column weekday` at line 7 says `column weekday`; `line 3, column 5` says nothing more.
            for said in ["line \(line), column \(problem.location?.column ?? 1)", "row \(line)"] where place.hasPrefix(said) {
                place = String(place.dropFirst(said.count).drop { $0 == "," || $0 == " " })
            }
        }
        self.init(.error, file: problem.file, at: problem.location, place.isEmpty ? problem.message : place + ": " + problem.message)
    }
}
