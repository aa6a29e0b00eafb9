import CalendarModel

/// What a `view` command line asks for, checked: the days (exactly one of a week, a month, or a
/// run of days) and the form of the picture (SVG or HTML, by name or by the output's extension).
package enum ViewRequest {
    /// The picture's form; a PDF is the page or the picture printed by a program on the machine.
    package enum Form: String, CaseIterable, Sendable {
        case svg, html, pdf
    }

    /// The days of `--week 2026-W43`, `--month 2026-10` or `--from 2026-10-19 --to 2026-10-24`.
    package static func span(week: String?, month: String?, from: String?, to: String?, weekStart: Weekday) throws(UsageProblem) -> ViewSpan
    {
        switch (week, month, from, to) {
        case (let week?, nil, nil, nil):
            guard let span = ViewSpan(week: week, weekStart: weekStart) else {
                throw UsageProblem(message: "--week takes an ISO week that exists: 2026-W43")
            }
            return span
        case (nil, let month?, nil, nil):
            guard let span = ViewSpan(month: month, weekStart: weekStart) else {
                throw UsageProblem(message: "--month takes a month: 2026-10")
            }
            return span
        case (nil, nil, let from?, let to?):
            guard let first = day(from), let end = day(to), let span = ViewSpan(from: first, to: end, weekStart: weekStart) else {
                throw UsageProblem(
                    message:
                        "--from and --to take dates (2026-10-19), --from first and at most \(ViewSpan.longestDayRun) days apart; for more, use --month"
                )
            }
            return span
        default:
            throw UsageProblem(message: "say which days to draw: --week 2026-W43, --month 2026-10, or --from 2026-10-19 --to 2026-10-24")
        }
    }

    /// `given`, else the form the output's name asks for (`.svg`, `.html`, `.htm`, `.pdf`), else SVG (standard output).
    package static func form(given: Form?, output: String?) throws(UsageProblem) -> Form {
        if let given { return given }
        guard let output, output != "-", !output.hasPrefix("/dev/") else { return .svg }
        switch output.split(separator: ".").last?.lowercased() {
        case "svg": return .svg
        case "html", "htm": return .html
        case "pdf": return .pdf
        default:
            throw UsageProblem(
                message: "-o \(output): calbridge view writes .svg, .html or .pdf; name the file so, or give --format svg|html|pdf")
        }
    }

    /// `2026-10-19` (or `20261019`): a date that exists.
    private static func day(_ text: String) -> CalendarDate? {
        guard case .date(let date)? = DateValue(option: text) else { return nil }
        return date
    }
}
