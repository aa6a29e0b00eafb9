import CalendarModel
import Recurrence

/// The days a picture shows: an ISO week (`2026-W43`), a month (`2026-10`, drawn as the weeks that
/// hold it) or any run of days.
package struct ViewSpan: Equatable, Sendable {
    /// What was asked for, which decides the layout and the title.
    package enum Kind: Equatable, Sendable {
        case week(year: Int, number: Int)
        case month(year: Int, month: Int)
        case days
    }

    package var kind: Kind
    /// The first day drawn.
    package var first: CalendarDate
    /// How many days are drawn (a month grid includes the days of its first and last weeks outside it).
    package var dayCount: Int
    package var weekStart: Weekday

    /// The most days drawn as columns: beyond this a month view says more.
    package static let longestDayRun = 31

    /// The days after the last one drawn.
    package var end: CalendarDate { first.adding(days: dayCount) }
    package var days: [CalendarDate] { (0..<dayCount).map { first.adding(days: $0) } }

    /// `2026-W43`: that ISO 8601 week, from its Monday, or from the Sunday before when weeks start
    /// on Sunday (the week keeps its ISO number whichever day is drawn first).
    package init?(week text: String, weekStart: Weekday = .monday) {
        let parts = text.uppercased().split(separator: "-W", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2, let year = Int(parts[0]), let number = Int(parts[1]),
            (1...9998).contains(year)
        else { return nil }
        let iso = WeekNumbering(weekStart: .monday)
        let monday = iso.firstDayOfWeekOne(year) + (number - 1) * 7
        guard number >= 1, monday < iso.firstDayOfWeekOne(year + 1) else { return nil }
        let first = monday - (8 - weekStart.rawValue) % 7
        self.init(kind: .week(year: year, number: number), first: CalendarDate(dayNumber: first), dayCount: 7, weekStart: weekStart)
    }

    /// `2026-10`: the weeks (from `weekStart`) that hold the month's days.
    package init?(month text: String, weekStart: Weekday = .monday) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2, let year = Int(parts[0]), let month = Int(parts[1]),
            CalendarDate(year: year, month: month, day: 1).isValid
        else { return nil }
        let firstOfMonth = CalendarDate(year: year, month: month, day: 1)
        let lead = (firstOfMonth.weekday.rawValue - weekStart.rawValue + 7) % 7
        let days = lead + CalendarDate.daysInMonth(month, year: year)
        self.init(
            kind: .month(year: year, month: month), first: firstOfMonth.adding(days: -lead),
            dayCount: (days + 6) / 7 * 7, weekStart: weekStart)
    }

    /// The days from `first` up to but not including `end`.
    package init?(from first: CalendarDate, to end: CalendarDate, weekStart: Weekday = .monday) {
        guard first < end, end.dayNumber - first.dayNumber <= Self.longestDayRun else { return nil }
        self.init(kind: .days, first: first, dayCount: end.dayNumber - first.dayNumber, weekStart: weekStart)
    }

    init(kind: Kind, first: CalendarDate, dayCount: Int, weekStart: Weekday) {
        self.kind = kind
        self.first = first
        self.dayCount = dayCount
        self.weekStart = weekStart
    }

    /// Whether a day belongs to what was asked for (a month grid's days of other months do not).
    package func holds(_ day: CalendarDate) -> Bool {
        if case .month(let year, let month) = kind { return day.year == year && day.month == month }
        return day >= first && day < end
    }
}
