import CSVReading
/// Turns CSV lines into a `TimetableDraft`: settings over the base, then the lectures of the rows,
/// every problem named by row and column.
package struct TimetableCSVReader {
    package static let columns = ["id", "title", "kind", "lecturer", "room", "weekday", "start", "end", "weeks"]
    static let requiredColumns = ["id", "title", "weekday", "start", "end"]

    var problems: TimetableProblems

    mutating func draft(_ lines: [CSVLine], base: Timetable?) -> TimetableDraft {
        var draft = base.map(Self.draft(of:)) ?? TimetableDraft(termEndPlace: "# term.end")
        apply(settings(lines), to: &draft)
        let records = lines.compactMap { line -> (row: Int, fields: [String])? in
            if case .record(let row, let fields, _) = line { (row, fields) } else { nil }
        }
        guard let header = records.first, let columns = columns(header) else { return draft }
        // Where each base lecture stands, so that a row finds the one it replaces without a search
        // (a search per row made a CSV of many rows quadratic).
        var baseLectures = Dictionary(draft.lectures.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        for record in records.dropFirst() {
            if let entry = lecture(record.fields, columns: columns, row: record.row) {
                merge(entry, into: &draft, baseLectures: &baseLectures)
            }
        }
        return draft
    }

    /// A base timetable as a draft whose places say they are in the base, for the rare check that
    /// fails only once the CSV's lectures or settings are put in (a change on a lecture's old weekday).
    private static func draft(of base: Timetable) -> TimetableDraft {
        TimetableDraft(
            calendar: base.calendar, term: base.term, termEndPlace: "base $.term.end",
            breaks: base.breaks.enumerated().map { ($1, .json("base $.term.breaks[\($0)]")) },
            lectures: base.lectures.enumerated().map { .init(id: $1.id, lecture: $1, place: .json("base $.lectures[\($0)]")) },
            changes: base.changes.enumerated().map { ($1, .json("base $.changes[\($0)]")) })
    }

    /// A row replaces the base lecture of its id in place (once: a second row of that id is added, and
    /// reported as a repeated id); a row with a new id is added at the end.
    private func merge(_ entry: TimetableDraft.LectureEntry, into draft: inout TimetableDraft, baseLectures: inout [String: Int]) {
        if let fromBase = baseLectures.removeValue(forKey: entry.id) {
            draft.lectures[fromBase] = entry
        } else {
            draft.lectures.append(entry)
        }
    }

    /// Column name → index, or nil after reporting why the header cannot be used.
    private mutating func columns(_ header: (row: Int, fields: [String])) -> [String: Int]? {
        let before = problems.list.count
        var columns: [String: Int] = [:]
        for (index, written) in header.fields.enumerated() {
            // Spreadsheet users capitalise headings; the names are the JSON keys all the same.
            let name = written.lowercased()
            let place = "row \(header.row), column \(name)"
            if !Self.columns.contains(name) {
                problems.add(place, "unknown column; the columns are \(Self.columns.joined(separator: ", "))")
            } else if columns[name] != nil {
                problems.add(place, "the column appears twice")
            } else {
                columns[name] = index
            }
        }
        for name in Self.requiredColumns where columns[name] == nil {
            problems.add("row \(header.row), column \(name)", "required column is missing from the header")
        }
        return problems.list.count == before ? columns : nil
    }
}
