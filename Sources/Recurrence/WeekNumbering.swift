import CalendarModel

/// Week numbers as BYWEEKNO counts them (RFC 5545 §3.3.10, after ISO 8601): weeks begin on WKST,
/// and week 1 of a year is the first week with at least four days in it — the week holding 4 January.
/// Days at either end of a calendar year can belong to the neighbouring week-numbering year.
public struct WeekNumbering: Sendable {
    public var weekStart: Weekday

    public init(weekStart: Weekday) {
        self.weekStart = weekStart
    }

    /// The day number of the first day of week 1 of `year`.
    public func firstDayOfWeekOne(_ year: Int) -> Int {
        let january4 = CalendarDate(year: year, month: 1, day: 4)
        let offset = (january4.weekday.rawValue - weekStart.rawValue + 7) % 7
        return january4.dayNumber - offset
    }

    /// How many weeks (52 or 53) the week-numbering year has.
    func weeks(in year: Int) -> Int {
        (firstDayOfWeekOne(year + 1) - firstDayOfWeekOne(year)) / 7
    }

    /// The number of the week a day is in (1…53), within its week-numbering year.
    public func week(of date: CalendarDate) -> Int {
        (date.dayNumber - firstDayOfWeekOne(weekYear(of: date.dayNumber))) / 7 + 1
    }

    /// The week-numbering year a day belongs to.
    func weekYear(of day: Int) -> Int {
        let year = CalendarDate(dayNumber: day).year
        if day >= firstDayOfWeekOne(year + 1) { return year + 1 }
        if day < firstDayOfWeekOne(year) { return year - 1 }
        return year
    }
}
