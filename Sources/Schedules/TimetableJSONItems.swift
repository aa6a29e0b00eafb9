import CalendarModel
import JSONReading

/// The lectures and changes of a JSON timetable.
extension TimetableJSONReader {
    mutating func lecture(_ element: JSONValue, at path: String) -> TimetableDraft.LectureEntry? {
        guard let object = problems.object(element, at: path) else { return nil }
        let before = problems.list.count
        problems.onlyKnownKeys(object, ["id", "title", "kind", "lecturer", "room", "weekday", "start", "end", "weeks"])
        let id = problems.text(object, "id", required: true)
        let title = problems.text(object, "title", required: true)
        let weekday = problems.text(object, "weekday", required: true).flatMap {
            problems.weekday($0, at: object.place("weekday"))
        }
        let start = problems.text(object, "start", required: true).flatMap { problems.time($0, at: object.place("start")) }
        let end = problems.text(object, "end", required: true).flatMap { problems.time($0, at: object.place("end")) }
        if let start, let end { problems.lectureTimes(start, end, at: object.place("end")) }
        let weeks = weeks(object)
        let kind = problems.text(object, "kind"), lecturer = problems.text(object, "lecturer")
        let room = problems.text(object, "room")
        guard let id else { return nil }
        guard problems.list.count == before, let title, let weekday, let start, let end, let weeks else {
            return TimetableDraft.LectureEntry(id: id, lecture: nil, place: .json(path))
        }
        let lecture = Timetable.Lecture(
            id: id, title: title, kind: kind, lecturer: lecturer, room: room,
            weekday: weekday, start: start, end: end, weeks: weeks)
        return TimetableDraft.LectureEntry(id: id, lecture: lecture, place: .json(path))
    }

    /// `"all"`, `"odd"`, `"even"` or an array of ISO week numbers; missing is every week.
    private mutating func weeks(_ object: JSONObject) -> Timetable.Weeks? {
        let place = object.place("weeks")
        switch object["weeks"] {
        case nil, .null?: return .all
        case .string(let text)?: return problems.weeks(text, at: place)
        case .array(let elements)?:
            let numbers = elements.compactMap { element -> Int? in
                if case .number(let text) = element { Int(text) } else { nil }
            }
            guard numbers.count == elements.count else {
                problems.add(place, "expected whole ISO week numbers such as [43, 45, 47]")
                return nil
            }
            return problems.weekList(numbers, at: place)
        case let other?:
            problems.add(place, "expected \"all\", \"odd\", \"even\" or an array of ISO week numbers, found \(other.kindName)")
            return nil
        }
    }

    mutating func change(_ element: JSONValue, at path: String) -> Timetable.Change? {
        guard let object = problems.object(element, at: path) else { return nil }
        problems.onlyKnownKeys(object, ["lecture", "date", "type", "start", "end", "room", "note"])
        let lecture = problems.text(object, "lecture", required: true)
        let date = problems.text(object, "date", required: true).flatMap { problems.date($0, at: object.place("date")) }
        let room = problems.text(object, "room")
        let kind = changeKind(object, room: room)
        guard let lecture, let date, let kind else { return nil }
        return Timetable.Change(lecture: lecture, date: date, kind: kind, room: room, note: problems.text(object, "note"))
    }

    private mutating func changeKind(_ object: JSONObject, room: String?) -> Timetable.Change.Kind? {
        guard let type = problems.text(object, "type", required: true) else { return nil }
        let hasTimes = object["start"].map { !$0.isNull } == true || object["end"].map { !$0.isNull } == true
        switch type {
        case "cancelled", "room":
            var complete = true
            // Times on another kind of change most likely mean a move typed as the wrong kind.
            if hasTimes {
                problems.add(object.place("type"), "start and end belong to a moved change only")
                complete = false
            }
            if type == "room", room == nil {
                problems.add(object.place("room"), "required for a room change")
                complete = false
            }
            guard complete else { return nil }
            return type == "room" ? .room : .cancelled
        case "moved":
            let start = movedTime(object, "start"), end = movedTime(object, "end")
            guard let start, let end else { return nil }
            guard start < end else {
                problems.add(
                    object.place("end"),
                    "the moved lecture ends (\(Self.format(end))) no later than it "
                        + "starts (\(Self.format(start)))")
                return nil
            }
            return .moved(start: start, end: end)
        default:
            problems.add(object.place("type"), "\"\(type)\" is not a change type; use cancelled, moved or room")
            return nil
        }
    }

    private mutating func movedTime(_ object: JSONObject, _ key: String) -> LocalDateTime? {
        guard object[key].map({ !$0.isNull }) == true else {
            problems.add(object.place(key), "required for a moved change")
            return nil
        }
        return problems.text(object, key, required: true).flatMap { problems.localDateTime($0, at: object.place(key)) }
    }

    static func format(_ time: LocalDateTime) -> String {
        time.date.isoFormat + "T" + TimetableProblems.clock(time.hour * 60 + time.minute)
    }
}

extension TimetableProblems {
    /// A lecture must end after it starts; one across midnight is not a weekly lecture calbridge knows.
    mutating func lectureTimes(_ start: Int, _ end: Int, at place: String) {
        if end <= start {
            add(place, "the lecture ends at \(Self.clock(end)), not after it starts at \(Self.clock(start))")
        }
    }
}
