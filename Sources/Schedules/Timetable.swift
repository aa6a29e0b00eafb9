import CalendarModel

/// A course timetable as Documentation/timetable.md describes it: the calendar it goes into, the term with
/// its breaks, the weekly lectures and the changes to single occurrences.
package struct Timetable: Hashable, Sendable {
    /// The target calendar: a stable id (part of every UID), its name, colour and zone.
    package struct CalendarInfo: Hashable, Sendable {
        package var id: String
        package var name: String
        package var color: String?
        package var timeZone: String

        package init(id: String, name: String, color: String?, timeZone: String) {
            self.id = id
            self.name = name
            self.color = color
            self.timeZone = timeZone
        }
    }

    /// A stretch of days, both ends included (a term, a break).
    package struct DateRange: Hashable, Sendable {
        package var start: CalendarDate
        package var end: CalendarDate
        package var name: String?

        package init(start: CalendarDate, end: CalendarDate, name: String? = nil) {
            self.start = start
            self.end = end
            self.name = name
        }
    }

    /// Which ISO weeks a lecture takes place in.
    package enum Weeks: Hashable, Sendable {
        case all, odd, even
        case list([Int])
    }

    /// One weekly lecture (or exercise, lab…).
    package struct Lecture: Hashable, Sendable {
        package var id: String
        package var title: String
        package var kind: String?
        package var lecturer: String?
        package var room: String?
        package var weekday: Weekday
        /// Minutes after midnight, in the calendar's zone.
        package var start: Int
        package var end: Int
        package var weeks: Weeks

        package init(
            id: String, title: String, kind: String?, lecturer: String?, room: String?, weekday: Weekday,
            start: Int, end: Int, weeks: Weeks
        ) {
            self.id = id
            self.title = title
            self.kind = kind
            self.lecturer = lecturer
            self.room = room
            self.weekday = weekday
            self.start = start
            self.end = end
            self.weeks = weeks
        }
    }

    /// A change to one occurrence of a lecture, named by the date it would have taken place.
    package struct Change: Hashable, Sendable {
        package enum Kind: Hashable, Sendable {
            case cancelled
            /// Moved to another start and end (local date-times in the calendar's zone), maybe another room.
            case moved(start: LocalDateTime, end: LocalDateTime)
            /// Same time, another room.
            case room
        }

        package var lecture: String
        package var date: CalendarDate
        package var kind: Kind
        package var room: String?
        package var note: String?

        package init(lecture: String, date: CalendarDate, kind: Kind, room: String? = nil, note: String? = nil) {
            self.lecture = lecture
            self.date = date
            self.kind = kind
            self.room = room
            self.note = note
        }
    }

    package var calendar: CalendarInfo
    package var term: DateRange
    package var breaks: [DateRange]
    package var lectures: [Lecture]
    package var changes: [Change]

    package init(calendar: CalendarInfo, term: DateRange, breaks: [DateRange], lectures: [Lecture], changes: [Change]) {
        self.calendar = calendar
        self.term = term
        self.breaks = breaks
        self.lectures = lectures
        self.changes = changes
    }
}
