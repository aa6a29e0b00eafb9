import CalendarModel

/// A course timetable as ../shared/SPEC.md describes it: the calendar it goes into, the term with
/// its breaks, the weekly lectures and the changes to single occurrences.
public struct Timetable: Hashable, Sendable {
    /// The target calendar: a stable id (part of every UID), its name, colour and zone.
    public struct CalendarInfo: Hashable, Sendable {
        public var id: String
        public var name: String
        public var color: String?
        public var timeZone: String

        public init(id: String, name: String, color: String?, timeZone: String) {
            self.id = id
            self.name = name
            self.color = color
            self.timeZone = timeZone
        }
    }

    /// A stretch of days, both ends included (a term, a break).
    public struct DateRange: Hashable, Sendable {
        public var start: CalendarDate
        public var end: CalendarDate
        public var name: String?

        public init(start: CalendarDate, end: CalendarDate, name: String? = nil) {
            self.start = start
            self.end = end
            self.name = name
        }
    }

    /// Which ISO weeks a lecture takes place in.
    public enum Weeks: Hashable, Sendable {
        case all, odd, even
        case list([Int])
    }

    /// One weekly lecture (or exercise, lab…).
    public struct Lecture: Hashable, Sendable {
        public var id: String
        public var title: String
        public var kind: String?
        public var lecturer: String?
        public var room: String?
        public var weekday: Weekday
        /// Minutes after midnight, in the calendar's zone.
        public var start: Int
        public var end: Int
        public var weeks: Weeks

        public init(id: String, title: String, kind: String?, lecturer: String?, room: String?, weekday: Weekday,
                    start: Int, end: Int, weeks: Weeks) {
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
    public struct Change: Hashable, Sendable {
        public enum Kind: Hashable, Sendable {
            case cancelled
            /// Moved to another start and end (local date-times in the calendar's zone), maybe another room.
            case moved(start: LocalDateTime, end: LocalDateTime)
            /// Same time, another room.
            case room
        }

        public var lecture: String
        public var date: CalendarDate
        public var kind: Kind
        public var room: String?
        public var note: String?

        public init(lecture: String, date: CalendarDate, kind: Kind, room: String? = nil, note: String? = nil) {
            self.lecture = lecture
            self.date = date
            self.kind = kind
            self.room = room
            self.note = note
        }
    }

    public var calendar: CalendarInfo
    public var term: DateRange
    public var breaks: [DateRange]
    public var lectures: [Lecture]
    public var changes: [Change]

    public init(calendar: CalendarInfo, term: DateRange, breaks: [DateRange], lectures: [Lecture], changes: [Change]) {
        self.calendar = calendar
        self.term = term
        self.breaks = breaks
        self.lectures = lectures
        self.changes = changes
    }
}
