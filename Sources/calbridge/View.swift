import ArgumentParser
import CalendarDocuments
import CalendarModel
import CalendarViews
import Foundation
import Platform
import TimeZones

/// `calbridge view`: a picture of the calendar, a week, a month or a run of days, as SVG or HTML.
struct View: ParsableCommand, ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "view",
        abstract: "Draw a week, a month or a run of days as SVG, as HTML with the events listed, or as PDF.",
        discussion: """
            Occurrences come from the same expansion as `expand` (overrides, exclusions; cancelled ones \
            struck through, moved ones at their new time). Each input keeps its colour (COLOR, \
            X-APPLE-CALENDAR-COLOR, X-WR-CALCOLOR, else one of calbridge's), or with --color-by category \
            each category has one of nine colour-blind-safe colours; a legend names each colour, and text \
            on a colour keeps WCAG AA contrast (4.5:1). Times are shown in --tz, else the first calendar's \
            X-WR-TIMEZONE or its first event's zone, else UTC (floating times are labelled local time).

            A week shows 08:00-18:00, widened to its events, never to a clock change: a change inside \
            those hours is marked in its day, one outside is a note in that day's header. --today fixes \
            now (default: the clock) for the today marker and now line. Titles wrap to their box. At \
            most --max-side-by-side events stand side by side, the rest in "+N more" chips. A day \
            draws at most 200 boxes and a series over 100,000 rule instances is left out, each said \
            once on standard error, so no picture passes about 2 MB.

            The HTML page follows the reader's dark mode, lets the keyboard reach each event of a week \
            and each day of a month (an ARIA grid), and prints one week to a landscape sheet (--paper) \
            with the list after it. \
            A .pdf is that page printed by headless Chromium, or else the SVG converted by rsvg-convert; \
            with neither installed, view says what to install and exits 69.

            Examples:
              calbridge view semester.json --week 2026-W42 -o week.svg
              calbridge view team.ics --week 2026-W13 --tz Europe/Berlin --lang de \\
                  -o week.html
              calbridge view contacts.vcf --month 2026-10 -o birthdays.svg
              calbridge view semester.json --week 2026-W43 --today 2026-10-21T10:30 \\
                  --also-tz America/New_York -o week.svg
              calbridge view semester.json --week 2026-W43 --color-by category -o week.pdf
            """)

    enum WeekStart: String, ExpressibleByArgument, CaseIterable { case monday, sunday }

    @Argument(help: "Calendars in any format calbridge reads (- for standard input).") var inputs: [String]
    @Option(help: "An ISO week: 2026-W43.") var week: String?
    @Option(help: "A month: 2026-10.") var month: String?
    @Option(help: "The first day (YYYY-MM-DD), with --to.") var from: String?
    @Option(help: "The day after the last, with --from (31 days at most).") var to: String?
    @Option(help: "Show times in this zone (IANA or Windows name).") var tz: String?
    @Option(help: "Language of the headers and labels: en, nl or de.") var lang: ViewLanguage = .en
    @Option(
        help:
            "Now, for the today marker and the now line: 2026-10-21T10:30 (in the shown zone), ...Z (UTC) or a date; by default the clock.")
    var today: String?
    @Option(name: .customLong("also-tz"), help: "A second zone whose hours stand in a second gutter beside the grid's.") var alsoTz: String?
    @Option(
        name: .customLong("max-side-by-side"), help: "The most events side by side in a day (1-12); the rest become a \"+N more\" chip.")
    var maxSideBySide = 4
    @Option(name: .customLong("week-start"), help: "The first day of a week: monday (ISO 8601) or sunday.") var weekStart: WeekStart =
        .monday
    @Option(
        name: .customLong("color-by"),
        help: "What colours mean: calendar (each input's own colour) or category (an event's first CATEGORIES, a lecture's kind).")
    var colorBy: ColourMeaning = .calendar
    @Option(help: "The paper the HTML page prints on, and a PDF from Chromium: a4 or letter, landscape.") var paper: Paper = .a4
    @Option(help: "svg, html or pdf (needs Chromium or rsvg-convert); by default from the output's extension, else svg.") var format:
        ViewRequest.Form?
    @Option(name: .shortAndLong, help: "The output file (.svg, .html or .pdf); standard output when absent.") var output: String?
    @OptionGroup var reading: ReadingOptions
    @OptionGroup var reporting: ReportingOptions

    func run() throws {
        let span = try ViewRequest.span(week: week, month: month, from: from, to: to, weekStart: weekStart == .monday ? .monday : .sunday)
        let form = try ViewRequest.form(given: format, output: output)
        // Each input is a calendar of its own, so that each keeps its colour.
        let calendars = try inputs.map { path in
            let (calendar, diagnostics) = try CalendarInputs(paths: [path], format: nil).readCalendar(
                checksWithLibical: false, writesCalendar: false)
            try reading.judge(diagnostics)
            return calendar
        }
        var shown = ShownCalendars(
            calendars, names: inputs.map { $0 == "-" ? "standard input" : URL(fileURLWithPath: $0).lastPathComponent })
        shown.colourMeaning = colorBy
        shown.paper = paper
        shown.grid = try gridOptions(calendars)
        guard form == .pdf else {
            let drawing = try shown.drawing(of: span, zoneNamed: tz, language: lang, form: form)
            try AtomicFile.write(Array(drawing.text.utf8), to: output)
            report(drawing.notices)
            return
        }
        guard let printer = PrintedPicture.printer() else { throw PrintingFailure.nothingToPrintWith }
        let drawing = try shown.drawing(of: span, zoneNamed: tz, language: lang, form: printer.form)
        try AtomicFile.write(try PrintedPicture(printer: printer).pdf(of: drawing.text), to: output)
        report(drawing.notices)
    }
}

extension View {
    /// One warning line each: a dense series left out, the occurrences counted and not drawn.
    private func report(_ notices: [ViewNotice]) {
        Terminal.printDiagnostics(
            notices.map { Diagnostic(.violation, file: inputs[$0.input], at: $0.location, $0.message) }, to: .standardError)
    }

    /// `--today` (else the clock), `--also-tz` and `--max-side-by-side`, checked.
    private func gridOptions(_ calendars: [Component]) throws -> GridOptions {
        guard GridOptions.sideBySideRange.contains(maxSideBySide) else {
            throw UsageProblem(message: "--max-side-by-side takes 1 to 12: how many events may stand side by side in a day")
        }
        let now: DateValue
        if let today {
            guard let given = DateValue(option: today) else {
                throw UsageProblem(message: "--today takes a date or date-time: 2026-10-21, 2026-10-21T10:30, 2026-10-21T08:30:00Z")
            }
            now = given
        } else {
            now = .utc(.nowUTC)
        }
        var options = GridOptions(now: now, mostSideBySide: maxSideBySide)
        if let alsoTz {
            let resolver = TimeZoneResolver(calendar: calendars.first ?? Component(name: "VCALENDAR"))
            guard let zone = resolver.zone(for: alsoTz) else { throw resolver.unknownDisplayZone(alsoTz) }
            options.alsoZone = (alsoTz, zone)
        }
        return options
    }
}

extension ViewLanguage: ExpressibleByArgument {}
extension ViewRequest.Form: ExpressibleByArgument {}
extension ColourMeaning: ExpressibleByArgument {}
extension Paper: ExpressibleByArgument {}
