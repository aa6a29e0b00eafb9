import CalendarModel
import Schedules

/// Timetables (JSON and CSV) and the calendars they make.
enum TimetableTargets {
    /// A JSON timetable is read or refused with its problems; the calendar a read one makes is
    /// iCalendar calbridge reads without an error.
    static let json = FuzzTarget("timetable-json") { bytes in
        guard let timetable = try? TimetableReader().read(json: bytes, file: "fuzz.json") else { return nil }
        return calendarFault(timetable)
    }

    /// The same for a CSV timetable.
    static let csv = FuzzTarget("timetable-csv") { bytes in
        guard let timetable = try? TimetableReader().read(csv: bytes, file: "fuzz.csv", base: nil) else { return nil }
        return calendarFault(timetable)
    }

    private static func calendarFault(_ timetable: Timetable) -> String? {
        guard let schedule = try? ScheduleCalendar(timetable: timetable) else { return nil }
        let text = ICalendarText(ICalendarText.written([schedule.calendar(stamps: [:])]))
        return text.errors.first.map { "the calendar of a timetable read has an error: \($0)" }
    }
}
