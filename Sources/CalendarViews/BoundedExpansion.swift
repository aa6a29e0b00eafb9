import CalendarModel
import Occurrences
import TimeZones

/// A calendar's occurrences over a picture's days, with the expansion stopped early where a series
/// repeats more often than any picture can show (a rule `FREQ=SECONDLY` gives 604,800 a week): such
/// a series is left out and named in a ``ViewNotice``, and the rest of the calendar is drawn.
enum BoundedExpansion {
    /// Rule instances a calendar's expansion may walk over a picture's days: far more than a month
    /// of a busy calendar needs (a picture draws at most `TimeGridLayout.mostBoxesPerDay` a day).
    static let calendarBudget = 100_000

    /// The occurrences of `calendar` over the span's days read in `zone`, and a notice for each
    /// series left out; `input` is the calendar's place among the inputs, for the notices.
    static func occurrences(of calendar: Component, input: Int, over span: ViewSpan, in zone: any ZoneRules) -> (
        occurrences: [Occurrence], notices: [ViewNotice]
    ) {
        let from = LocalDateTime(date: span.first), to = LocalDateTime(date: span.end)
        let resolver = TimeZoneResolver(calendar: calendar)
        var whole = CalendarExpansion(calendar: calendar, resolver: resolver)
        whole.budget = calendarBudget
        if let all = try? whole.occurrences(from: from, to: to, in: zone) { return (all, []) }
        var members: [SeriesKey: [Component]] = [:], order: [SeriesKey] = []
        for (index, component) in calendar.components.enumerated() where CalendarExpansion.expands(component) {
            let key = SeriesKey(of: component, index: index)
            if members[key] == nil { order.append(key) }
            members[key, default: []].append(component)
        }
        var found: [Occurrence] = [], notices: [ViewNotice] = []
        // Each series alone, with the whole budget: a series that fits it is drawn as it would be.
        for key in order {
            let series = members[key] ?? []
            var part = calendar
            part.components = series
            var expansion = CalendarExpansion(calendar: part, resolver: resolver)
            expansion.budget = calendarBudget
            if let occurrences = try? expansion.occurrences(from: from, to: to, in: zone) {
                found += occurrences
                continue
            }
            let master = series.first { !$0.has("RECURRENCE-ID") } ?? series[0]
            notices.append(
                ViewNotice(
                    input: input, location: master["RRULE"]?.location ?? master.location,
                    message: "\(key.uid) repeats more than \(calendarBudget) times near these days: left out of the picture, not drawn"))
        }
        let keys = found.map { $0.start.orderingSecond(floatingZone: zone) }
        return (found.indices.sorted { (keys[$0], found[$0].uid) < (keys[$1], found[$1].uid) }.map { found[$0] }, notices)
    }
}

/// Something a picture could not show as asked, said once on standard error as a warning: which
/// input (by its place), where in it when known, and what was left out.
package struct ViewNotice: Equatable, Sendable {
    package var input: Int
    package var location: SourceLocation?
    package var message: String

    package init(input: Int, location: SourceLocation?, message: String) {
        self.input = input
        self.location = location
        self.message = message
    }
}

extension CalendarPicture {
    /// The notice of the occurrences a time grid counted and did not draw, past its most a day; none
    /// for a month, whose cells count what they cannot list.
    static func countedNotices(_ events: [ViewEvent], _ settings: ViewSettings) -> [ViewNotice] {
        if case .month = settings.span.kind { return [] }
        let layout = TimeGridLayout(events: events, span: settings.span, zone: settings.zone, options: settings.grid)
        let left = layout.days.flatMap(\.notDrawn)
        guard let first = left.first else { return [] }
        let days = layout.days.filter { !$0.notDrawn.isEmpty }.count, most = TimeGridLayout.mostBoxesPerDay(days: layout.days.count)
        return [
            ViewNotice(
                input: events[first].input, location: events[first].place,
                message: "\(left.count) occurrences on \(days) day(s) counted, not drawn: a day draws at most \(most)")
        ]
    }
}

/// The footnote under a picture that left series out, so that the picture itself says it is not
/// the whole calendar (the warning on standard error names them).
enum LeftOutNote {
    static func draw(_ out: inout SVGBuilder, settings: ViewSettings, y: Double) {
        guard settings.grid.seriesLeftOut > 0 else { return }
        out.element(
            "text", ["class": "left-out", "x": "12", "y": SVGBuilder.number(y), "font-size": "11", "fill": "#555555"],
            content: settings.language.seriesLeftOut(settings.grid.seriesLeftOut))
    }
}
