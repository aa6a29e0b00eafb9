import CalendarModel

/// The checks that need more than one value: term and breaks, lecture ids, changes against their
/// lectures and the term.
extension TimetableProblems {
    mutating func check(_ draft: TimetableDraft) {
        var draft = draft
        if let term = draft.term, term.end < term.start {
            add(draft.termEndPlace, "the term ends (\(term.end.isoFormat)) before it starts (\(term.start.isoFormat))")
            // Every break and change would be outside a reversed term; saying so adds nothing.
            draft.term = nil
        }
        for (range, place) in draft.breaks {
            if range.end < range.start {
                add(place.field("end"), "the break ends (\(range.end.isoFormat)) before it starts (\(range.start.isoFormat))")
            } else if let term = draft.term, range.start < term.start || term.end < range.end {
                add(place.whole, "the break \(Self.span(range)) is not within the term \(Self.span(term))")
            }
        }
        checkLectureIDs(draft.lectures)
        checkChanges(draft)
    }

    private mutating func checkLectureIDs(_ lectures: [TimetableDraft.LectureEntry]) {
        var first: [String: ItemPlace] = [:]
        for entry in lectures {
            if let earlier = first[entry.id] {
                add(entry.place.field("id"), "the lecture id \"\(entry.id)\" is already used at \(earlier.whole)")
            } else {
                first[entry.id] = entry.place
            }
        }
    }

    private mutating func checkChanges(_ draft: TimetableDraft) {
        let ids = Set(draft.lectures.map(\.id))
        var lectures: [String: Timetable.Lecture] = [:]
        for entry in draft.lectures where lectures[entry.id] == nil {
            lectures[entry.id] = entry.lecture
        }
        // A second change of one occurrence would give two overrides with the same RECURRENCE-ID.
        var changed: [String: ItemPlace] = [:]
        for (change, place) in draft.changes {
            guard ids.contains(change.lecture) else {
                add(place.field("lecture"), "no lecture has the id \"\(change.lecture)\"")
                continue
            }
            let date = change.date
            if let term = draft.term, date < term.start || term.end < date {
                add(place.field("date"), "\(date.isoFormat) is outside the term \(Self.span(term))")
            } else if let lecture = lectures[change.lecture], date.weekday != lecture.weekday {
                add(
                    place.field("date"),
                    "\(date.isoFormat) is a \(date.weekday.code), but \(change.lecture) "
                        + "takes place on \(lecture.weekday.code)")
            }
            let key = change.lecture + " " + date.isoFormat
            if let earlier = changed[key] {
                add(place.field("date"), "\(change.lecture) on \(date.isoFormat) is already changed at \(earlier.whole)")
            } else {
                changed[key] = place
            }
        }
    }

    static func span(_ range: Timetable.DateRange) -> String {
        "\(range.start.isoFormat) … \(range.end.isoFormat)"
    }
}
