import CalendarModel
import TimeZones

/// A month laid out as a grid of weeks: each day's cell lists its occurrences, all-day ones first,
/// then timed ones by start; an occurrence over several days is listed on each.
package struct MonthLayout: Sendable {
    package var span: ViewSpan
    package var events: [ViewEvent]
    /// Rows of `span.weekStart`-first weeks, seven cells each.
    package var weeks: [[MonthCell]]

    package init(events: [ViewEvent], span: ViewSpan, zone: any ZoneRules, options: GridOptions = GridOptions()) {
        self.span = span
        self.events = events
        var lists = [[(key: Int, event: Int)]](repeating: [], count: span.dayCount)
        let first = span.first.dayNumber
        for (index, event) in events.enumerated() {
            let days: Range<Int>, key: Int
            switch event.timing {
            case .allDay(let from, let end):
                (days, key) = (from.dayNumber..<end.dayNumber, Int.min)
            case .timed(let start, let end):
                let last = zone.local(atUTC: max(start, end - 1)).date.dayNumber
                (days, key) = (zone.local(atUTC: start).date.dayNumber..<(last + 1), start)
            }
            for day in max(days.lowerBound, first)..<max(min(days.upperBound, first + span.dayCount), first) {
                lists[day - first].append((key, index))
            }
        }
        let today = options.today(in: zone)?.date
        let cells = lists.enumerated().map { offset, list in
            let date = span.first.adding(days: offset)
            return MonthCell(
                date: date, isInMonth: span.holds(date), isToday: date == today,
                items: list.sorted { ($0.key, $0.event) < ($1.key, $1.event) }.map(\.event))
        }
        weeks = stride(from: 0, to: cells.count, by: 7).map { Array(cells[$0..<min($0 + 7, cells.count)]) }
    }
}

/// One day of a month grid.
package struct MonthCell: Sendable {
    package var date: CalendarDate
    /// False for the days of the neighbouring months that fill the first and last weeks.
    package var isInMonth: Bool
    /// The day `--today` (or the clock) says it is.
    package var isToday: Bool
    /// Indexes into the layout's `events`, in the order listed.
    package var items: [Int]
}
