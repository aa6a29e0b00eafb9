import Foundation

extension RecurrenceRule {
    /// How a series ends: at a moment (UNTIL) or after a number of occurrences (COUNT).
    public enum End: Hashable, Sendable {
        case until(DateValue)
        case count(Int)
    }

    /// A rule with EventKit's fields: `RecurrenceRule(.weekly, daysOfTheWeek: [.init(.monday)], end: .count(14))`.
    public init(
        _ frequency: Frequency, interval: Int = 1, daysOfTheWeek: [WeekdayOccurrence] = [], daysOfTheMonth: [Int] = [],
        monthsOfTheYear: [Int] = [], weeksOfTheYear: [Int] = [], daysOfTheYear: [Int] = [], setPositions: [Int] = [],
        end: End? = nil
    ) {
        self.init(frequency: frequency)
        self.interval = interval
        byDay = daysOfTheWeek
        byMonthDay = daysOfTheMonth
        byMonth = monthsOfTheYear
        byWeekNo = weeksOfTheYear
        byYearDay = daysOfTheYear
        bySetPos = setPositions
        recurrenceEnd = end
    }

    /// BYDAY: the weekdays, each possibly the n-th in the month or year (`-1` the last).
    public var daysOfTheWeek: [WeekdayOccurrence] {
        get { byDay }
        set { byDay = newValue }
    }

    /// BYMONTHDAY: days of the month, 1 to 31 or -31 to -1 from the end.
    public var daysOfTheMonth: [Int] {
        get { byMonthDay }
        set { byMonthDay = newValue }
    }

    /// BYMONTH: months, 1 to 12.
    public var monthsOfTheYear: [Int] {
        get { byMonth }
        set { byMonth = newValue }
    }

    /// BYWEEKNO: ISO weeks of the year, 1 to 53 or from the end.
    public var weeksOfTheYear: [Int] {
        get { byWeekNo }
        set { byWeekNo = newValue }
    }

    /// BYYEARDAY: days of the year, 1 to 366 or from the end.
    public var daysOfTheYear: [Int] {
        get { byYearDay }
        set { byYearDay = newValue }
    }

    /// BYSETPOS: which of each period's candidates count (`-1` the last).
    public var setPositions: [Int] {
        get { bySetPos }
        set { bySetPos = newValue }
    }

    /// WKST: the day weeks start on (Monday unless the rule says otherwise).
    public var firstDayOfTheWeek: Weekday {
        get { weekStart }
        set { weekStart = newValue }
    }

    /// UNTIL or COUNT, whichever the rule has (RFC 5545 allows one); `nil` for a series without end.
    public var recurrenceEnd: End? {
        get { until.map(End.until) ?? count.map(End.count) }
        set {
            until = nil
            count = nil
            switch newValue {
            case .until(let value)?: until = value
            case .count(let number)?: count = number
            case nil: break
            }
        }
    }
}
