import Foundation

/// A calendar as read, with the problems reading went past.
public struct CalendarReading: Sendable {
    /// The calendar: every calendar in the input merged into one, as `calbridge convert` merges them.
    public var calendar: EventCalendar
    /// What reading found and read past (a line kept as written, a value that is not of its type, a
    /// TZID nothing defines), each with its place and what was done about it.
    public var problems: [ReadingProblem]
}

extension EventCalendar {
    /// Opens a calendar file of any format calbridge reads, told by its name and content.
    ///
    /// ```swift
    /// let calendar = try EventCalendar(contentsOf: URL(fileURLWithPath: "semester.ics"))
    /// ```
    /// - Parameters:
    ///   - url: the file.
    ///   - format: the format, when the name and content should not decide.
    ///   - strict: refuse the input on any problem instead of reading past it.
    /// - Throws: ``CalendarReadingError`` with the problems, when there is no calendar to read (or,
    ///   with `strict`, on any problem); a file that cannot be read throws one naming why.
    public init(contentsOf url: URL, format: CalendarFileFormat? = nil, strict: Bool = false) throws(CalendarReadingError) {
        self = try Self.reading(contentsOf: url, format: format, strict: strict).calendar
    }

    /// Opens the calendar file at `path` (see ``init(contentsOf:format:strict:)``).
    public init(contentsOfFile path: String, format: CalendarFileFormat? = nil, strict: Bool = false) throws(CalendarReadingError) {
        try self.init(contentsOf: URL(fileURLWithPath: path), format: format, strict: strict)
    }

    /// Reads a calendar from bytes in memory; `name` stands for the file in problems.
    public init(
        data: Data, format: CalendarFileFormat? = nil, name: String = "calendar", strict: Bool = false
    ) throws(CalendarReadingError) {
        self = try Self.reading(data: data, format: format, name: name, strict: strict).calendar
    }

    /// Opens a calendar file and says what reading went past.
    public static func reading(
        contentsOf url: URL, format: CalendarFileFormat? = nil,
        strict: Bool = false
    ) throws(CalendarReadingError) -> CalendarReading {
        let reading = CalendarDocumentReading(name: url.isFileURL ? url.path : url.absoluteString, format: format)
        guard url.isFileURL else {
            let data: Data
            do {
                data = try Data(contentsOf: url)
            } catch {
                let problem = Diagnostic(.error, file: reading.name, at: nil, "cannot be read: " + error.localizedDescription)
                throw CalendarReadingError(problems: [ReadingProblem(problem, isError: true)])
            }
            return try judged(reading.read(data), strict: strict)
        }
        return try judged(reading.read(path: url.path), strict: strict)
    }

    /// Reads a calendar from bytes in memory and says what reading went past; `name`, whose
    /// extension helps tell the format, stands for the file in problems.
    public static func reading(
        data: Data, format: CalendarFileFormat? = nil, name: String = "calendar",
        strict: Bool = false
    ) throws(CalendarReadingError) -> CalendarReading {
        try judged(CalendarDocumentReading(name: name, format: format).read(data), strict: strict)
    }

    /// The calendar read, or the problems that refuse it under the policy.
    private static func judged(_ read: (Component, [Diagnostic]), strict: Bool) throws(CalendarReadingError) -> CalendarReading {
        let (component, diagnostics) = read
        let policy = ReadingPolicy(strict: strict)
        if policy.refuses(diagnostics) {
            throw CalendarReadingError(problems: diagnostics.map { ReadingProblem($0, isError: $0.severity == .error) })
        }
        let warnings = policy.warnings(diagnostics).map { ReadingProblem($0, isError: false) }
        return CalendarReading(calendar: EventCalendar(component: component), problems: warnings)
    }
}
