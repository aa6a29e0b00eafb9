/// One problem in a timetable file: the file, the place in it and what is wrong.
///
/// The place is a JSON path for JSON input (`$.lectures[3].weekday`), a row and column for CSV input
/// (`row 7, column weekday`, rows counted as the file's lines from 1) and `line L, column C` when the
/// text is not JSON at all, so the message leads the reader to the spot to fix.
package struct TimetableError: Error, Hashable, Sendable, CustomStringConvertible {
    package var file: String
    package var place: String
    package var message: String

    package init(file: String, place: String, message: String) {
        self.file = file
        self.place = place
        self.message = message
    }

    /// `FILE: PLACE: message`.
    package var description: String { "\(file): \(place): \(message)" }
}

/// Every problem found in a timetable: first those of single fields in file order, then those between
/// items (duplicate ids, a change against its lecture or the term, a break against the term).
///
/// A reader reports all problems at once rather than the first only, so a file with several mistakes
/// is fixed in one round; the caller writes nothing when it catches this. Text that is not JSON, and a
/// CSV file with an unclosed quote or bytes that are not UTF-8, stop reading at their first problem.
package struct TimetableErrors: Error, Hashable, Sendable, CustomStringConvertible {
    /// Never empty.
    package var problems: [TimetableError]

    package init(problems: [TimetableError]) {
        self.problems = problems
    }

    /// One problem a line.
    package var description: String { problems.map(\.description).joined(separator: "\n") }
}
