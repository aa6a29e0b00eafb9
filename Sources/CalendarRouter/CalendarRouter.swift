import Birthdays
import CalendarModel
import Schedules

/// The one place that says which handler each item read goes to: a VTIMEZONE to the zone rules, an
/// event or to-do to the recurrence engine, contact cards to the birthday generator and a timetable
/// to the schedule builder. The handlers live in modules of their own; the readers and `expand` ask
/// here rather than each deciding by name.
public enum CalendarRouter {
    /// What handles a component of a calendar.
    public enum Handler: Sendable, Equatable {
        /// A VTIMEZONE: it defines a TZID for the zone rules.
        case zoneRules
        /// An event or to-do: its series is expanded into occurrences.
        case recurrenceEngine
        /// Anything else (a journal, a free/busy, an X- component): carried as it is.
        case none
    }

    /// The handler of `component`, by its name.
    public static func handler(for component: Component) -> Handler {
        switch component.name {
        case "VTIMEZONE": .zoneRules
        case "VEVENT", "VTODO": .recurrenceEngine
        default: .none
        }
    }

    /// Contact cards as their birthday calendar, made with `options` (`birthdays`' defaults unless
    /// given) and every DTSTAMP at `now`.
    public static func calendar(for cards: [ContactCard], options: BirthdayOptions = BirthdayOptions(), now: LocalDateTime) -> Component {
        BirthdayCalendar(options: options, timestamp: now).calendar(for: cards)
    }

    /// A timetable as its calendar, stamped as `run` (its state file, if any) says.
    public static func calendar(for run: ScheduleRun) -> Component {
        run.schedule.calendar(stamps: run.stamps)
    }
}
