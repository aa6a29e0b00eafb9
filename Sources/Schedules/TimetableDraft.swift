/// A timetable as read so far, each piece with the place it came from, for the checks that look
/// across pieces. A piece with its own problem is left out (a lecture keeps only its id) so the
/// checks neither repeat a problem nor report a change to a broken lecture as one to a missing lecture.
struct TimetableDraft {
    /// One lecture: its id whenever it had one, the whole lecture only when it read without problems.
    struct LectureEntry {
        var id: String
        var lecture: Timetable.Lecture?
        var place: ItemPlace
    }

    var calendar: Timetable.CalendarInfo?
    var term: Timetable.DateRange?
    /// Where a reversed term is reported.
    var termEndPlace = "$.term.end"
    var breaks: [(range: Timetable.DateRange, place: ItemPlace)] = []
    var lectures: [LectureEntry] = []
    var changes: [(change: Timetable.Change, place: ItemPlace)] = []

    /// The timetable, when every piece is there.
    var timetable: Timetable? {
        guard let calendar, let term else { return nil }
        let whole = lectures.compactMap(\.lecture)
        guard whole.count == lectures.count else { return nil }
        return Timetable(
            calendar: calendar, term: term, breaks: breaks.map(\.range), lectures: whole,
            changes: changes.map(\.change))
    }
}
