import JSONReading

/// Turns parsed JSON into a `TimetableDraft`, every problem named by its JSON path.
struct TimetableJSONReader {
    var problems: TimetableProblems

    mutating func draft(_ root: JSONValue) -> TimetableDraft {
        var draft = TimetableDraft()
        guard let top = problems.object(root, at: "$") else { return draft }
        problems.onlyKnownKeys(top, ["calendar", "term", "lectures", "changes"])
        draft.calendar = calendar(top)
        if let term = section(top, "term") {
            problems.onlyKnownKeys(term, ["start", "end", "name", "breaks"])
            draft.term = range(term)
            for (index, element) in problems.array(term, "breaks").enumerated() {
                let path = term.place("breaks") + "[\(index)]"
                guard let object = problems.object(element, at: path) else { continue }
                problems.onlyKnownKeys(object, ["start", "end", "name"])
                if let range = range(object) { draft.breaks.append((range, .json(path))) }
            }
        }
        for (index, element) in problems.array(top, "lectures").enumerated() {
            if let entry = lecture(element, at: "$.lectures[\(index)]") { draft.lectures.append(entry) }
        }
        for (index, element) in problems.array(top, "changes").enumerated() {
            let path = "$.changes[\(index)]"
            if let change = change(element, at: path) { draft.changes.append((change, .json(path))) }
        }
        return draft
    }

    /// A required object member.
    private mutating func section(_ top: JSONObject, _ key: String) -> JSONObject? {
        guard let value = top[key], !value.isNull else {
            problems.add(top.place(key), "required field is missing")
            return nil
        }
        return problems.object(value, at: top.place(key))
    }

    private mutating func calendar(_ top: JSONObject) -> Timetable.CalendarInfo? {
        guard let object = section(top, "calendar") else { return nil }
        problems.onlyKnownKeys(object, ["id", "name", "color", "timezone"])
        let id = problems.text(object, "id", required: true)
        if let id { problems.checkCalendarID(id, at: object.place("id")) }
        let name = problems.text(object, "name")
        let color = problems.text(object, "color")
        guard let zone = problems.text(object, "timezone", required: true), let id else { return nil }
        // A calendar without a name is shown by its id, which is never empty.
        return Timetable.CalendarInfo(id: id, name: name ?? id, color: color, timeZone: zone)
    }

    /// The start, end and name of a term or break.
    private mutating func range(_ object: JSONObject) -> Timetable.DateRange? {
        let start = problems.text(object, "start", required: true).flatMap { problems.date($0, at: object.place("start")) }
        let end = problems.text(object, "end", required: true).flatMap { problems.date($0, at: object.place("end")) }
        let name = problems.text(object, "name")
        guard let start, let end else { return nil }
        return Timetable.DateRange(start: start, end: end, name: name)
    }
}
