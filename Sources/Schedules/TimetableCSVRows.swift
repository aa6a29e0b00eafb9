/// One CSV row as one lecture, read with the same value rules as the JSON fields.
extension TimetableCSVReader {
    mutating func lecture(_ fields: [String], columns: [String: Int], row: Int) -> TimetableDraft.LectureEntry? {
        let before = problems.list.count
        if fields.count > columns.count {
            problems.add("row \(row)", "\(fields.count) fields, but the header names \(columns.count) columns")
        }
        let place = ItemPlace.row(row)
        // Spreadsheets leave out empty cells at the end of a row, so a short row is read as such.
        func cell(_ name: String) -> String? {
            guard let index = columns[name], index < fields.count, !fields[index].isEmpty else { return nil }
            return fields[index]
        }
        func required(_ name: String) -> String? {
            if let text = cell(name) { return text }
            problems.add(place.field(name), "required field is missing")
            return nil
        }
        let id = required("id"), title = required("title")
        let weekday = required("weekday").flatMap { problems.weekday($0, at: place.field("weekday")) }
        let start = required("start").flatMap { problems.time($0, at: place.field("start")) }
        let end = required("end").flatMap { problems.time($0, at: place.field("end")) }
        if let start, let end { problems.lectureTimes(start, end, at: place.field("end")) }
        let weeks = cell("weeks").map { problems.weeks($0, at: place.field("weeks")) } ?? .all
        guard let id else { return nil }
        guard problems.list.count == before, let title, let weekday, let start, let end, let weeks else {
            return TimetableDraft.LectureEntry(id: id, lecture: nil, place: place)
        }
        let lecture = Timetable.Lecture(
            id: id, title: title, kind: cell("kind"), lecturer: cell("lecturer"),
            room: cell("room"), weekday: weekday, start: start, end: end, weeks: weeks)
        return TimetableDraft.LectureEntry(id: id, lecture: lecture, place: place)
    }
}
