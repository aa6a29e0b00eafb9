import ArgumentParser
import AtomicOutput
import CalendarDocuments
import CalendarViews

/// `calbridge view`: a picture of the calendar, a week, a month or a run of days, as SVG or HTML.
struct View: ParsableCommand, ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "view",
        abstract: "Draw a week, a month or a run of days as SVG, or as HTML with the events listed.",
        discussion: """
        Occurrences come from the same expansion as `expand` (overrides, exclusions; cancelled ones \
        struck through, moved ones at their new time). Each input keeps its colour (COLOR, \
        X-APPLE-CALENDAR-COLOR, X-WR-CALCOLOR, else one of calbridge's). Times are shown in --tz, else \
        the first calendar's X-WR-TIMEZONE or its first event's zone, else UTC.

        Examples:
          calbridge view semester.json --week 2026-W42 -o week.svg
          calbridge view team.ics --week 2026-W13 --tz Europe/Berlin --lang de \\
              -o week.html
          calbridge view contacts.vcf --month 2026-10 -o birthdays.svg
        """)

    enum WeekStart: String, ExpressibleByArgument, CaseIterable { case monday, sunday }

    @Argument(help: "Calendars in any format calbridge reads (- for standard input).") var inputs: [String]
    @Option(help: "An ISO week: 2026-W43.") var week: String?
    @Option(help: "A month: 2026-10.") var month: String?
    @Option(help: "The first day (YYYY-MM-DD), with --to.") var from: String?
    @Option(help: "The day after the last, with --from (31 days at most).") var to: String?
    @Option(help: "Show times in this zone (IANA or Windows name).") var tz: String?
    @Option(help: "Language of the headers and labels: en, nl or de.") var lang: ViewLanguage = .en
    @Option(name: .customLong("week-start"), help: "The first day of a week: monday (ISO 8601) or sunday.") var weekStart: WeekStart = .monday
    @Option(help: "svg or html; by default from the output's extension, else svg.") var format: ViewRequest.Form?
    @Option(name: .shortAndLong, help: "The output file (.svg or .html); standard output when absent.") var output: String?
    @OptionGroup var reading: ReadingOptions
    @OptionGroup var reporting: ReportingOptions

    func run() throws {
        let span = try ViewRequest.span(week: week, month: month, from: from, to: to, weekStart: weekStart == .monday ? .monday : .sunday)
        let form = try ViewRequest.form(given: format, output: output)
        // Each input is a calendar of its own, so that each keeps its colour.
        let calendars = try inputs.map { path in
            let (calendar, diagnostics) = try CalendarInputs(paths: [path], format: nil).readCalendar(checksWithLibical: false, writesCalendar: false)
            try reading.judge(diagnostics)
            return calendar
        }
        let picture = try ShownCalendars(calendars).picture(of: span, zoneNamed: tz, language: lang, form: form)
        try AtomicFile.write(Array(picture.utf8), to: output)
    }
}

extension ViewLanguage: ExpressibleByArgument {}
extension ViewRequest.Form: ExpressibleByArgument {}
