import CalendarModel
import Recurrence
import TimeZones

/// Turns a timetable into calendar resources: each lecture one weekly recurring event in the
/// calendar's zone (odd, even and listed ISO weeks by a YEARLY BYWEEKNO rule, which stays right
/// across a year with a week 53), breaks as EXDATE, and each change an override with its
/// RECURRENCE-ID — a cancelled one kept visible as STATUS:CANCELLED. UIDs come from the calendar
/// and lecture ids, so a re-export replaces rather than duplicates.
package struct ScheduleCalendar {
    package let timetable: Timetable
    private let zone: SystemTimeZone

    /// Why a timetable cannot be turned into a calendar.
    package struct ZoneError: Error, Sendable, CustomStringConvertible {
        package var description: String
    }

    package init(timetable: Timetable) throws(ZoneError) {
        guard let zone = TimeZoneResolver(definitions: [:]).databaseZone(for: timetable.calendar.timeZone) else {
            throw ZoneError(description: "calendar.timezone \(timetable.calendar.timeZone) is not a zone of the tz database")
        }
        self.timetable = timetable
        self.zone = zone
    }

    /// One resource per lecture: the master event and its overrides, all with the lecture's UID.
    package func resources() -> [ScheduledLecture] {
        timetable.lectures.compactMap(resource(for:))
    }

    /// The whole calendar: name, colour and zone, the VTIMEZONE, and every lecture's events, each
    /// stamped and sequenced as `stamps` says (the change tracker's business).
    package func calendar(stamps: [String: ScheduleStamp]) -> Component {
        var calendar = EventCalendar()
        calendar.name = timetable.calendar.name
        if let color = timetable.calendar.color { calendar.color = color }
        calendar.timeZone = timetable.calendar.timeZone
        calendar.component.components.append(vtimezone)
        for lecture in resources() {
            calendar.component.components += lecture.stamped(stamps[lecture.uid] ?? ScheduleStamp(sequence: 0, timestamp: nil))
        }
        return calendar.component
    }

    /// The VTIMEZONE for the calendar's zone over the term's years.
    package var vtimezone: Component {
        VTimezoneBuilder().vtimezone(
            tzid: timetable.calendar.timeZone, zone: zone,
            years: timetable.term.start.year...timetable.term.end.year)
    }

    private func resource(for lecture: Timetable.Lecture) -> ScheduledLecture? {
        let days = LectureDays(timetable: timetable, lecture: lecture)
        guard let first = days.first else { return nil }
        let uid = Self.uid(calendar: timetable.calendar.id, lecture: lecture.id)
        var master = Event()
        master.uid = uid
        master.start = zoned(first, minutes: lecture.start)
        master.end = zoned(first, minutes: lecture.end)
        describe(&master, lecture, room: lecture.room)
        master.component.properties.append(Property(name: "RRULE", value: rule(for: lecture)))
        let excluded = days.inBreaks.map { zoned($0, minutes: lecture.start).icalendarText }
        if !excluded.isEmpty {
            master.component.properties.append(
                Property(
                    name: "EXDATE", parameters: [Parameter("TZID", timetable.calendar.timeZone)],
                    value: excluded.joined(separator: ",")))
        }
        let overrides = timetable.changes.filter { $0.lecture == lecture.id }.map { override(for: $0, of: lecture, master: master) }
        return ScheduledLecture(lectureID: lecture.id, uid: uid, master: master.component, overrides: overrides)
    }

    private func override(for change: Timetable.Change, of lecture: Timetable.Lecture, master: Event) -> Component {
        var event = Event()
        event.uid = master.uid
        event.recurrenceID = zoned(change.date, minutes: lecture.start)
        switch change.kind {
        case .cancelled, .room:
            event.start = zoned(change.date, minutes: lecture.start)
            event.end = zoned(change.date, minutes: lecture.end)
        case .moved(let start, let end):
            event.start = .zoned(start, tzid: timetable.calendar.timeZone)
            event.end = .zoned(end, tzid: timetable.calendar.timeZone)
        }
        describe(&event, lecture, room: change.room ?? lecture.room, note: change.note)
        if change.kind == .cancelled { event.status = "CANCELLED" }
        return event.component
    }

    private func describe(_ event: inout Event, _ lecture: Timetable.Lecture, room: String?, note: String? = nil) {
        event.summary = lecture.title + (lecture.kind.map { " (\($0))" } ?? "")
        event.location = room
        let lines = [lecture.kind, lecture.lecturer, note].compactMap { $0 }
        if !lines.isEmpty { event.notes = lines.joined(separator: "\n") }
        event.component.properties.append(Property(name: "CATEGORIES", value: TextEscaping.escape(lecture.kind ?? "Lecture")))
    }

    /// WEEKLY for every week; a YEARLY rule on ISO week numbers for odd, even or listed weeks. UNTIL is
    /// the end of the term's last day, in UTC as RFC 5545 asks for a zoned DTSTART.
    private func rule(for lecture: Timetable.Lecture) -> String {
        let endOfTerm = zone.utcSecond(forLocal: LocalDateTime(date: timetable.term.end, hour: 23, minute: 59, second: 59))
        var rule = RecurrenceRule(frequency: .weekly)
        rule.until = .utc(LocalDateTime(secondsSinceEpoch: endOfTerm))
        switch lecture.weeks {
        case .all: return rule.icalendarText
        case .odd: rule.byWeekNo = Array(stride(from: 1, through: 53, by: 2))
        case .even: rule.byWeekNo = Array(stride(from: 2, through: 52, by: 2))
        case .list(let list): rule.byWeekNo = list.sorted()
        }
        rule.frequency = .yearly
        rule.byDay = [.init(lecture.weekday)]
        return rule.icalendarText
    }

    private func zoned(_ day: CalendarDate, minutes: Int) -> DateValue {
        .zoned(LocalDateTime(date: day, hour: minutes / 60, minute: minutes % 60), tzid: timetable.calendar.timeZone)
    }

    /// `hs-inf-3` and `DB-V` → `hs-inf-3-db-v@calbridge`: the same on every run.
    static func uid(calendar: String, lecture: String) -> String {
        UIDSlug.make(calendar) + "-" + UIDSlug.make(lecture) + "@calbridge"
    }
}

/// The days a lecture takes place: its weekday in the weeks it runs, within the term; those inside
/// a break are kept apart (they become EXDATEs).
struct LectureDays {
    var first: CalendarDate?
    var inBreaks: [CalendarDate] = []

    init(timetable: Timetable, lecture: Timetable.Lecture) {
        var day = timetable.term.start
        while day <= timetable.term.end {
            if day.weekday == lecture.weekday && lecture.weeks.contains(day) {
                if timetable.breaks.contains(where: { $0.start <= day && day <= $0.end }) {
                    inBreaks.append(day)
                } else if first == nil {
                    first = day
                }
            }
            day = day.adding(days: 1)
        }
        // A break before the first held lecture is no EXDATE of the series.
        if let first { inBreaks.removeAll { $0 < first } }
    }
}

extension Timetable.Weeks {
    /// Whether a day's ISO 8601 week (weeks from Monday, week 1 holding 4 January) is one of these.
    func contains(_ day: CalendarDate) -> Bool {
        let number = WeekNumbering(weekStart: .monday).week(of: day)
        switch self {
        case .all: return true
        case .odd: return number % 2 == 1
        case .even: return number % 2 == 0
        case .list(let list): return list.contains(number)
        }
    }
}
