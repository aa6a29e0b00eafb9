import ArgumentParser
import ICalendar
import Platform
import Schedules

/// `calbridge schedule`: a course timetable as a calendar; with a state file, only what changed is new.
struct Schedule: ParsableCommand, ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "schedule",
        abstract: "Turn a course timetable (JSON, or CSV of lectures) into a calendar.",
        discussion: """
            Each lecture becomes one weekly recurring event in the calendar's zone, with breaks left out and \
            each change (cancelled, moved, another room) an override of its occurrence. UIDs come from the \
            calendar and lecture ids, so importing again replaces rather than duplicates. With --state, a \
            re-run raises SEQUENCE and DTSTAMP only of the lectures that changed and says what changed.

            The timetable (JSON; Samples/semester-informatik.json is a whole one):
              calendar  id, name, color, timezone (IANA, e.g. Europe/Berlin)
              term      start, end (YYYY-MM-DD), breaks: [{start, end, name}]
              lectures  [{id, title, kind, lecturer, room, weekday (MO ... SU),
                        start, end (HH:MM), weeks (all, odd, even, [ISO weeks])}]
              changes   [{lecture, date (of the occurrence), type (cancelled,
                        moved, room), start, end (YYYY-MM-DDTHH:MM), room, note}]
            A CSV has one lecture a row, the lecture fields as columns; --base \
            gives the rest.

            Examples:
              calbridge schedule semester.json -o semester.ics
              calbridge schedule semester.json -o semester.ics --state semester.state.json
              calbridge schedule lectures.csv --base semester.json -o semester.ics
            """)

    @Argument(help: "The timetable: JSON (see above), or a CSV with one lecture a row; - for standard input.")
    var timetable: String
    @Option(name: .shortAndLong, help: "The output file; standard output when absent.")
    var output: String?
    @Option(help: "The state file remembering what was written; created when missing.")
    var state: String?
    @Option(help: "For a CSV timetable: the JSON timetable giving the calendar, term and breaks.")
    var base: String?
    @OptionGroup var reporting: ReportingOptions

    func run() throws {
        let run = try ScheduleRun(timetable: timetable, base: base, statePath: state)
        try AtomicFile.write(ComponentReader.iCalendarText(run.schedule.calendar(stamps: run.stamps)), to: output)
        if let state { try run.saveState(to: state) }
        Terminal.inform("schedule: \(run.summary)\n")
    }
}
