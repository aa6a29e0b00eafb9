import ArgumentParser
import CalendarModel
import Occurrences
import Platform

/// `calbridge recur`: the instances of one rule, comma-separated, as iCalendar values.
struct Recur: ParsableCommand, ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "recur",
        abstract: "Print the instances of one recurrence rule.",
        discussion: """
            Each instance is written as an iCalendar value in the form of --dtstart: 19970902T090000 \
            (floating), 19970902T090000Z (UTC) or 19970902 (a date); --dtstart and --start-at take that \
            basic form or the ISO one (1997-09-02T09:00:00Z). A rule without COUNT or UNTIL goes on for \
            ever: --count bounds what is printed (default 1000).

            Examples:
              calbridge recur "FREQ=MONTHLY;BYDAY=-1FR;COUNT=5" --dtstart 20261030T090000
              calbridge recur "FREQ=YEARLY;BYWEEKNO=53;BYDAY=TH" --dtstart 2027-01-03 \\
                  --count 3
              calbridge recur "FREQ=WEEKLY;BYDAY=MO" --dtstart 20260105T081500 \\
                  --start-at 2026-12-01T00:00 --count 4
            """)

    @Argument(help: "The rule, such as FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10.")
    var rule: String
    @Option(
        help:
            "The first instance's value: a date (20260105, 2026-01-05), a floating date-time (20260105T090000, 2026-01-05T09:00:00) or a UTC one (…Z).",
        transform: reading(
            "a date (20260105 or 2026-01-05) or date-time (20260105T090000[Z] or 2026-01-05T09:00:00[Z]) that exists",
            { DateValue(option: $0) }))
    var dtstart: DateValue
    @Option(
        help: "Print at most this many instances.", transform: reading("a count of at least 1") { Int($0).flatMap { $0 > 0 ? $0 : nil } })
    var count: Int = 1000
    @Option(
        name: .customLong("start-at"), help: "Print only the instances at or after this value.",
        transform: reading("a date or date-time that exists, in either form --dtstart takes", { DateValue(option: $0) }))
    var startAt: DateValue?
    @OptionGroup var reporting: ReportingOptions

    func run() throws {
        let instances = try RuleInstances(parsing: rule, start: dtstart, startingAt: startAt)
        // As every command's output: a full disk or closed pipe is an I/O error (74), not a success.
        try AtomicFile.write(Array((instances.prefix(count).map(\.icalendarText).joined(separator: ",") + "\n").utf8), to: nil)
    }
}
