import ArgumentParser
import AtomicOutput
import CalendarModel
import CalendarRouter
import CalendarViews

/// `calbridge view`: a picture of the calendar, a week, a month or a run of days, as SVG or HTML.
struct View: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw a week, a month or a run of days as SVG, or as HTML with the events listed.",
        discussion: """
        Occurrences come from the same expansion as `expand` (overrides, exclusions; cancelled ones \
        struck through, moved ones at their new time). Each input keeps its colour (COLOR, \
        X-APPLE-CALENDAR-COLOR, X-WR-CALCOLOR, else one of calbridge's). Times are shown in --tz, else \
        the first calendar's X-WR-TIMEZONE or its first event's zone, else UTC.

        Examples:
          calbridge view semester.json --week 2026-W42 -o week.svg
          calbridge view team.ics --week 2026-W13 --tz Europe/Berlin --lang de -o week.html
          calbridge view contacts.vcf --month 2026-10 -o birthdays.svg
        """)

    enum WeekStart: String, ExpressibleByArgument, CaseIterable { case monday, sunday }
    enum PictureFormat: String, ExpressibleByArgument, CaseIterable { case svg, html }

    @Argument(help: "Calendars in any format calbridge reads (- for standard input).")
    var inputs: [String]

    @Option(help: "An ISO week: 2026-W43.")
    var week: String?

    @Option(help: "A month: 2026-10.")
    var month: String?

    @Option(help: "The first day (YYYY-MM-DD), with --to.")
    var from: String?

    @Option(help: "The day after the last, with --from (31 days at most).")
    var to: String?

    @Option(help: "Show times in this zone (IANA or Windows name).")
    var tz: String?

    @Option(help: "Language of the headers and labels: en, nl or de.")
    var lang: ViewLanguage = .en

    @Option(name: .customLong("week-start"), help: "The first day of a week: monday (ISO 8601) or sunday.")
    var weekStart: WeekStart = .monday

    @Option(help: "svg or html; by default from the output's extension, else svg.")
    var format: PictureFormat?

    @Option(name: .shortAndLong, help: "The output file (.svg or .html); standard output when absent.")
    var output: String?

    @OptionGroup var reading: ReadingOptions

    @OptionGroup var reporting: ReportingOptions

    func run() throws {
        reporting.apply()
        do {
            let span = try requestedSpan(), chosen = try pictureFormat()
            // Each input is a calendar of its own, so that each keeps its colour.
            let calendars = try inputs.map { path in
                let (calendar, diagnostics) = try CalendarInputs(paths: [path], format: nil).readCalendar(checksWithLibical: false)
                try reading.judge(diagnostics)
                return calendar
            }
            let shown = ShownCalendars(calendars)
            let zone: (name: String, zone: any ZoneRules)
            do { zone = try shown.zone(named: tz) } catch {
                throw UsageProblem(message: "--tz \(tz ?? "") is not a time zone calbridge knows; give an IANA name (Europe/Berlin) or a Windows one (W. Europe Standard Time)")
            }
            let events: [ViewEvent]
            do { events = try shown.events(over: span, in: zone.zone) } catch {
                throw UsageProblem(message: "an input's rules make more instances over these days than calbridge expands at once; draw fewer days")
            }
            let settings = ViewSettings(span: span, zoneName: zone.name, zone: zone.zone, language: lang)
            let picture = chosen == .html ? CalendarPicture.html(events, settings) : CalendarPicture.svg(events, settings)
            let sink = try AtomicFile(destination: output)
            try sink.write(Array(picture.utf8))
            try sink.commit()
        } catch {
            throw ExitStatus.report(error)
        }
    }

    /// The days asked for by exactly one of --week, --month and --from/--to.
    private func requestedSpan() throws -> ViewSpan {
        let first: Weekday = weekStart == .monday ? .monday : .sunday
        switch (week, month, from, to) {
        case (let week?, nil, nil, nil):
            guard let span = ViewSpan(week: week, weekStart: first) else { throw UsageProblem(message: "--week takes an ISO week that exists: 2026-W43") }
            return span
        case (nil, let month?, nil, nil):
            guard let span = ViewSpan(month: month, weekStart: first) else { throw UsageProblem(message: "--month takes a month: 2026-10") }
            return span
        case (nil, nil, let from?, let to?):
            guard let start = WindowDate.parse(from)?.date, let end = WindowDate.parse(to)?.date,
                  let span = ViewSpan(from: start, to: end, weekStart: first) else {
                throw UsageProblem(message: "--from and --to take dates (2026-10-19), --from before --to and at most \(ViewSpan.longestDayRun) days apart; for more, use --month")
            }
            return span
        default:
            throw UsageProblem(message: "say which days to draw: --week 2026-W43, --month 2026-10, or --from 2026-10-19 --to 2026-10-24")
        }
    }

    /// --format, else the output's extension (.svg, .html or .htm), else SVG.
    private func pictureFormat() throws -> PictureFormat {
        if let format { return format }
        guard let output, output != "-", !output.hasPrefix("/dev/") else { return .svg }
        switch output.split(separator: ".").last?.lowercased() {
        case "svg": return .svg
        case "html", "htm": return .html
        default: throw UsageProblem(message: "-o \(output): calbridge view writes .svg or .html; name the file so, or give --format svg|html")
        }
    }
}

extension ViewLanguage: ExpressibleByArgument {}
