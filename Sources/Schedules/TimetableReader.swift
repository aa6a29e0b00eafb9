import CSVReading
import CalendarModel
import JSONReading

/// Reads a course timetable (Documentation/timetable.md) from JSON or CSV and checks it,
/// reporting every problem at once as ``TimetableErrors``, each with its file and place.
///
/// **JSON** is the SPEC's form. Unknown fields are refused (a misspelt `lecturor` would otherwise vanish),
/// an empty string is the same as a missing field, `weeks` may also be a string as in CSV and defaults
/// to `all`, and a calendar without a `name` is named by its `id`. Whether `calendar.timezone` names a
/// real zone is the caller's check.
///
/// **CSV** holds lectures, one a row, under a header of the JSON field names
/// (`id,title,kind,lecturer,room,weekday,start,end,weeks`; `id title weekday start end` required, any order).
/// `weeks` is `all`, `odd`, `even` or week numbers such as `43;45;47` or `43 45 47`; empty is `all`.
/// The delimiter is `,`, or `;` when the header has semicolons and no commas (German spreadsheets);
/// quoting is RFC 4180's. Row numbers are file lines, as a spreadsheet counts them.
/// What a CSV cannot hold comes from `base` and from `#` lines anywhere in the file:
/// ```
/// # calendar.id=hs-inf-3
/// # calendar.name=Informatik 3. Semester
/// # calendar.color=#1E90FF
/// # calendar.timezone=Europe/Berlin
/// # term.start=2026-10-12
/// # term.end=2027-02-05
/// # term.break=2026-12-21/2027-01-03 Weihnachtsferien
/// ```
/// `term.break` may repeat; the other keys may not. Other `#` lines are plain comments. Without a base
/// these lines must give `calendar.id`, `calendar.timezone`, `term.start` and `term.end`. With a base
/// they override it key by key (any `term.break` line replaces all of the base's breaks); a row replaces
/// the base's lecture of the same id in place and a row with a new id is added after the base's lectures.
/// Changes come only from the base, and are checked again against the merged lectures and term.
package struct TimetableReader: Sendable {
    package init() {}

    package func read(json: [UInt8], file: String) throws(TimetableErrors) -> Timetable {
        var problems = TimetableProblems(file: file)
        let root: JSONValue
        do {
            root = try JSONReader.value(of: json)
        } catch {
            problems.add(
                "line \(error.position.line), column \(error.position.column)", error.message,
                at: SourceLocation(line: error.position.line, column: error.position.column))
            throw problems.errors
        }
        var reader = TimetableJSONReader(problems: problems)
        let draft = reader.draft(root)
        return try Self.finish(draft, reader.problems)
    }

    package func read(csv: [UInt8], file: String, base: Timetable?) throws(TimetableErrors) -> Timetable {
        var problems = TimetableProblems(file: file)
        switch CSVScanner.lines(csv) {
        case .failure(let problem):
            problems.add("row \(problem.row)", problem.message)
            throw problems.errors
        case .success(let lines):
            var reader = TimetableCSVReader(problems: problems)
            let draft = reader.draft(lines, base: base)
            return try Self.finish(draft, reader.problems)
        }
    }

    private static func finish(_ draft: TimetableDraft, _ problems: TimetableProblems) throws(TimetableErrors) -> Timetable {
        var problems = problems
        problems.check(draft)
        guard problems.isEmpty, let timetable = draft.timetable else { throw problems.errors }
        return timetable
    }
}
