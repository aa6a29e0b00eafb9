import ArgumentParser
import CalendarTransfer
import Schedules

/// `calbridge sync`: keeps a store in step with a timetable, writing only what changed.
struct Sync: ParsableCommand, ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Keep a calendar store in step with a timetable: create, update and delete only what changed.",
        discussion: """
            The store is a local directory holding one .ics file per UID (the vdir layout khal and \
            vdirsyncer use), or a CalDAV collection. Each lecture is one resource: its event, its overrides and the VTIMEZONE. The \
            state file says what the store holds since the last run; a run with nothing changed touches \
            nothing. The state is saved only when every change reached the store: after a failure (exit 1) \
            or a server that stopped answering (exit 75), running the same sync again finishes the job.

            Examples:
              calbridge sync semester.json --to ~/.calendars/uni --state uni.state.json
            """)

    @Argument(help: "The timetable (JSON, or CSV with --base).")
    var timetable: String
    @Option(help: "The store: a directory (created when missing) or a CalDAV collection URL.")
    var to: String
    @OptionGroup var access: StoreOptions
    @Flag(help: "Make the CalDAV collection when it does not exist yet.")
    var create = false
    @Option(help: "The state file remembering what was written; created when missing.")
    var state: String
    @Option(help: "For a CSV timetable: the JSON timetable giving the calendar, term and breaks.")
    var base: String?
    @OptionGroup var reporting: ReportingOptions

    func run() throws {
        let run = try ScheduleRun(timetable: timetable, base: base, statePath: state)
        let store = try StoreLocation.open(to, access: access.chosen, create: create, makeDirectory: true)
        let outcome = try StoreSync(store: store, run: run).apply()
        Terminal.inform("sync: \(outcome.summary)\n")
        if let refusal = outcome.refusal { throw refusal }
        try run.saveState(to: state)
    }
}
