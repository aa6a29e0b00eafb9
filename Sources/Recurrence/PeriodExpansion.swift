import CalendarModel

/// Turns one period of a rule (a year, month, week, day, hour, minute or second, counted in steps of
/// INTERVAL from DTSTART's) into its instances, with the RFC 5545 §3.3.10 table: BY parts at or
/// above the frequency limit, those below it expand, BYSETPOS picks from the period's set.
struct PeriodExpansion {
    private let rule: RecurrenceRule
    private let frequency: RecurrenceRule.Frequency
    private let interval: Int
    private let isDateOnly: Bool
    private let weeks: WeekNumbering
    /// BY parts after filling in what DTSTART implies (RFC 5545: "derived from DTSTART").
    private let months: OrdinalSet, monthDays: OrdinalSet, weekNumbers: OrdinalSet
    private let yearDays: Set<Int>
    private let weekdays: [RecurrenceRule.WeekdayOccurrence]
    /// BYDAY's weekdays, ordinals aside, as bits 1…7: most candidate days fail on this alone.
    private let weekdayBits: UInt8
    /// The months of a YEARLY period, in order (a rule built in code may name months beyond 1…12,
    /// which have no days).
    private let yearMonths: [Int]
    private var hours: [Int], minutes: [Int], seconds: [Int]
    /// Month days some months lack (29, 30, 31) that SKIP=BACKWARD or FORWARD moves rather than omits
    /// (RFC 7529 §3.1.1); empty under OMIT and where BYDAY or BYYEARDAY pick the days.
    private let movableDays: [Int]
    /// The first period, in the frequency's unit: a year, a month index, a day number, an hour index…
    private let base: Int

    init(rule: RecurrenceRule, start: LocalDateTime, isDateOnly: Bool) {
        self.rule = rule
        frequency = rule.frequency
        interval = max(rule.interval, 1)
        self.isDateOnly = isDateOnly
        weeks = WeekNumbering(weekStart: rule.weekStart)
        var byMonth = rule.byMonth, byMonthDay = rule.byMonthDay, byDay = rule.byDay
        let dayLevel = rule.byYearDay.isEmpty && rule.byMonthDay.isEmpty && rule.byDay.isEmpty
        switch rule.frequency {
        case .yearly:
            if !rule.byWeekNo.isEmpty {
                if dayLevel { byDay = [.init(start.date.weekday)] }
            } else if dayLevel {
                if byMonth.isEmpty { byMonth = [start.date.month] }
                byMonthDay = [start.date.day]
            } else if !rule.byMonthDay.isEmpty && byMonth.isEmpty && rule.byYearDay.isEmpty && rule.byDay.isEmpty {
                // "Yearly on the 29th" means the 29th of DTSTART's month, as libical reads it.
                byMonth = [start.date.month]
            }
        case .monthly:
            if dayLevel { byMonthDay = [start.date.day] }
        case .weekly:
            if byDay.isEmpty { byDay = [.init(start.date.weekday)] }
        default:
            break
        }
        months = OrdinalSet(byMonth)
        monthDays = OrdinalSet(byMonthDay)
        yearDays = Set(rule.byYearDay)
        weekNumbers = OrdinalSet(rule.byWeekNo)
        weekdays = byDay
        weekdayBits = byDay.reduce(0) { $0 | 1 << UInt8($1.weekday.rawValue) }
        movableDays = rule.skip == .omit || !byDay.isEmpty || !rule.byYearDay.isEmpty ? [] : byMonthDay.filter { $0 > 28 }
        yearMonths = byMonth.isEmpty ? Array(1...12) : Array(Set(byMonth.filter { (1...12).contains($0) })).sorted()
        // Time parts mean nothing for a DATE start (RFC 5545 §3.3.10: only date parts apply).
        let timeless = isDateOnly
        hours = timeless ? [0] : Self.sorted(rule.byHour, default: start.hour, expands: rule.frequency > .hourly)
        minutes = timeless ? [0] : Self.sorted(rule.byMinute, default: start.minute, expands: rule.frequency > .minutely)
        seconds = timeless ? [0] : Self.sorted(rule.bySecond, default: start.second, expands: rule.frequency > .secondly)
        base = Self.unit(
            of: start, frequency: rule.frequency,
            weekYear: rule.frequency == .yearly && !rule.byWeekNo.isEmpty ? weeks : nil)
    }

    private static func sorted(_ values: [Int], default value: Int, expands: Bool) -> [Int] {
        values.isEmpty ? (expands ? [value] : []) : Array(Set(values)).sorted()
    }

    /// A time's position in the frequency's unit (years, months, weeks as their first day, days…).
    private static func unit(of time: LocalDateTime, frequency: RecurrenceRule.Frequency, weekYear: WeekNumbering?) -> Int {
        switch frequency {
        case .yearly: return weekYear?.weekYear(of: time.date.dayNumber) ?? time.date.year
        case .monthly: return time.date.year * 12 + time.date.month - 1
        case .weekly: return time.date.dayNumber
        case .daily: return time.date.dayNumber
        case .hourly: return time.secondsSinceEpoch / 3600
        case .minutely: return time.secondsSinceEpoch / 60
        case .secondly: return time.secondsSinceEpoch
        }
    }

    /// The index of the period holding `time` (rounded down to a whole step).
    func period(containing time: LocalDateTime) -> Int {
        var unit = Self.unit(of: time, frequency: frequency, weekYear: rule.frequency == .yearly && !rule.byWeekNo.isEmpty ? weeks : nil)
        if frequency == .weekly { unit = weekStartDay(of: unit) }
        let offset = frequency == .weekly ? (unit - weekStartDay(of: base)) / 7 : unit - base
        return max(0, offset / interval)
    }

    /// Appends the instances of period `index`, sorted, to `instances` (which the caller empties and
    /// reuses, so that a period costs no allocation) and returns the index of the next period worth
    /// looking at (sub-daily rules skip whole days, hours or minutes their limits exclude). `nil`
    /// past year 9999.
    func instances(inPeriod index: Int, into instances: inout [LocalDateTime]) -> Int? {
        switch frequency {
        case .yearly, .monthly, .weekly, .daily:
            if !rule.bySetPos.isEmpty && movableDays.isEmpty && hours.count * minutes.count * seconds.count > 1 {
                return setPositionsOfDays(inPeriod: index, into: &instances)
            }
            guard appendDays(inPeriod: index, to: &instances) else { return nil }
            // A moved day may land on one the rule gives anyway, or before the month's own days.
            if !movableDays.isEmpty { instances = Array(Set(instances)).sorted() }
            applySetPosition(&instances)
            return index + 1
        case .hourly, .minutely, .secondly:
            return subDaily(index, into: &instances)
        }
    }

    // MARK: Day-level periods

    /// Appends the instances on the period's matching days; `false` past year 9999.
    private func appendDays(inPeriod index: Int, to instances: inout [LocalDateTime]) -> Bool {
        let unit = base + index * interval
        switch frequency {
        case .yearly:
            guard unit <= 9999 else { return false }
            appendYearDays(unit, to: &instances)
        case .monthly:
            let year = unit / 12, month = unit % 12 + 1
            guard year <= 9999 else { return false }
            guard months.isEmpty || months.contains(month) else { return true }
            appendMonthDays(year, month, ordinalsIn: nil, to: &instances)
        case .weekly:
            let first = weekStartDay(of: base) + index * interval * 7
            guard CalendarDate(dayNumber: first).year <= 9999 else { return false }
            for number in first..<(first + 7) where weekdayBits & 1 << UInt8(CalendarDate.weekday(ofDayNumber: number).rawValue) != 0 {
                appendIfMatching(CalendarDate(dayNumber: number), number, ordinalSpan: nil, to: &instances)
            }
        default:
            let day = CalendarDate(dayNumber: unit)
            guard day.year <= 9999 else { return false }
            appendIfMatching(day, unit, ordinalSpan: nil, to: &instances)
        }
        return true
    }

    /// The days of a YEARLY period: of the week-numbering year when BYWEEKNO is given, else of the
    /// calendar year (only the BYMONTH months when given).
    private func appendYearDays(_ year: Int, to instances: inout [LocalDateTime]) {
        if !weekNumbers.isEmpty {
            let first = weeks.firstDayOfWeekOne(year), count = weeks.weeks(in: year)
            for offset in 0..<(count * 7) {
                let week = offset / 7 + 1
                guard weekNumbers.contains(week) || weekNumbers.contains(week - count - 1) else { continue }
                let day = CalendarDate(dayNumber: first + offset)
                guard months.isEmpty || months.contains(day.month) else { continue }
                appendIfMatching(day, first + offset, ordinalSpan: nil, to: &instances)
            }
            return
        }
        // BYDAY ordinals count in the month when BYMONTH is given, else in the year.
        let wholeYear = months.isEmpty ? yearSpan(year) : nil
        for month in yearMonths {
            appendMonthDays(year, month, ordinalsIn: wholeYear, to: &instances)
        }
    }

    /// The matching days of one month; BYDAY ordinals count in `ordinalsIn`, else in the month.
    private func appendMonthDays(
        _ year: Int, _ month: Int, ordinalsIn span: ClosedRange<Int>?,
        to instances: inout [LocalDateTime]
    ) {
        let first = CalendarDate(year: year, month: month, day: 1).dayNumber
        let length = CalendarDate.daysInMonth(month, year: year)
        let ordinalSpan = span ?? first...(first + length - 1)
        for day in 1...length {
            appendIfMatching(CalendarDate(year: year, month: month, day: day), first + day - 1, ordinalSpan: ordinalSpan, to: &instances)
        }
        for missing in movableDays where missing > length {
            let moved = CalendarDate(dayNumber: rule.skip == .backward ? first + length - 1 : first + length)
            appendTimes(of: moved, to: &instances)
        }
    }

    private func appendIfMatching(
        _ day: CalendarDate, _ number: Int, ordinalSpan: ClosedRange<Int>?,
        to instances: inout [LocalDateTime]
    ) {
        guard matchesDay(day, number, ordinalSpan: ordinalSpan) else { return }
        appendTimes(of: day, to: &instances)
    }

    private func appendTimes(of day: CalendarDate, to instances: inout [LocalDateTime]) {
        for h in hours {
            for m in minutes {
                for s in seconds { instances.append(LocalDateTime(date: day, hour: h, minute: m, second: s)) }
            }
        }
    }

    private func yearSpan(_ year: Int) -> ClosedRange<Int> {
        CalendarDate(year: year, month: 1, day: 1).dayNumber...CalendarDate(year: year, month: 12, day: 31).dayNumber
    }

    func weekStartDay(of dayNumber: Int) -> Int {
        dayNumber - (CalendarDate.weekday(ofDayNumber: dayNumber).rawValue - rule.weekStart.rawValue + 7) % 7
    }

    /// Whether a day (and its day number) passes BYMONTH, BYYEARDAY, BYMONTHDAY and BYDAY.
    /// `ordinalSpan` is the month or year a BYDAY ordinal (`-1SU`, `20MO`) counts in; without one,
    /// ordinals are not applied.
    private func matchesDay(_ day: CalendarDate, _ number: Int, ordinalSpan: ClosedRange<Int>?) -> Bool {
        if !months.isEmpty && !months.contains(day.month) { return false }
        if !yearDays.isEmpty {
            let first = CalendarDate(year: day.year, month: 1, day: 1).dayNumber
            let length = CalendarDate.isLeapYear(day.year) ? 366 : 365
            let ordinal = number - first + 1
            guard yearDays.contains(ordinal) || yearDays.contains(ordinal - length - 1) else { return false }
        }
        if !monthDays.isEmpty {
            let length = CalendarDate.daysInMonth(day.month, year: day.year)
            guard monthDays.contains(day.day) || monthDays.contains(day.day - length - 1) else { return false }
        }
        if !weekdays.isEmpty {
            let weekday = CalendarDate.weekday(ofDayNumber: number)
            guard weekdayBits & 1 << UInt8(weekday.rawValue) != 0 else { return false }
            return weekdays.contains { occurrence in
                guard occurrence.weekday == weekday else { return false }
                guard let n = occurrence.ordinal, let span = ordinalSpan else { return true }
                let fromStart = (number - span.lowerBound) / 7 + 1
                let fromEnd = -((span.upperBound - number) / 7 + 1)
                return n == fromStart || n == fromEnd
            }
        }
        return true
    }

    /// BYSETPOS over a period whose days all have the same times: each position is found from the
    /// matching days and the count of times a day, without making the days × times candidates (a
    /// rule listing many hours, minutes and seconds has tens of thousands a day; found by fuzzing).
    private func setPositionsOfDays(inPeriod index: Int, into instances: inout [LocalDateTime]) -> Int? {
        var daysOnly = self
        (daysOnly.hours, daysOnly.minutes, daysOnly.seconds) = ([0], [0], [0])
        var days: [LocalDateTime] = []
        guard daysOnly.appendDays(inPeriod: index, to: &days) else { return nil }
        let perHour = minutes.count * seconds.count, perDay = hours.count * perHour
        let total = days.count * perDay
        let picked = rule.bySetPos.compactMap { position -> LocalDateTime? in
            let at = position > 0 ? position - 1 : total + position
            guard at >= 0 && at < total else { return nil }
            let time = at % perDay
            return LocalDateTime(
                date: days[at / perDay].date, hour: hours[time / perHour],
                minute: minutes[time / seconds.count % minutes.count], second: seconds[time % seconds.count])
        }
        instances = Array(Set(picked)).sorted()
        return index + 1
    }

    private func applySetPosition(_ set: inout [LocalDateTime]) {
        guard !rule.bySetPos.isEmpty, !set.isEmpty else { return }
        let picked = rule.bySetPos.compactMap { position -> LocalDateTime? in
            let index = position > 0 ? position - 1 : set.count + position
            return set.indices.contains(index) ? set[index] : nil
        }
        set = Array(Set(picked)).sorted()
    }

    // MARK: Sub-daily periods

    /// An HOURLY, MINUTELY or SECONDLY period; when its day, hour or minute is excluded, the next
    /// index is the first period past the excluded stretch, so a rule never walks second by second
    /// through days it cannot match.
    private func subDaily(_ index: Int, into set: inout [LocalDateTime]) -> Int? {
        let unitSeconds = frequency == .hourly ? 3600 : frequency == .minutely ? 60 : 1
        let startSecond = (base + index * interval) * unitSeconds
        let time = LocalDateTime(secondsSinceEpoch: startSecond)
        guard time.date.year <= 9999 else { return nil }
        let dayNumber = time.date.dayNumber
        if !matchesDay(time.date, dayNumber, ordinalSpan: nil) {
            return skip(from: index, toSecond: (dayNumber + 1) * 86_400, unitSeconds)
        }
        if !rule.byHour.isEmpty && !rule.byHour.contains(time.hour) {
            return skip(from: index, toSecond: startSecond - time.minute * 60 - time.second + 3600, unitSeconds)
        }
        if frequency == .secondly, !rule.byMinute.isEmpty, !rule.byMinute.contains(time.minute) {
            return skip(from: index, toSecond: startSecond - time.second + 60, unitSeconds)
        }
        // A second (or minute) the rule leaves out: on to its next one in this minute (hour), not
        // period by period through the gap (BYSECOND=4,5 walked 58 empty periods a minute; a fuzzer's timeout).
        if frequency == .secondly, !rule.bySecond.isEmpty, !rule.bySecond.contains(time.second) {
            let next = rule.bySecond.filter { $0 > time.second }.min() ?? 60
            return skip(from: index, toSecond: startSecond - time.second + next, unitSeconds)
        }
        if frequency == .minutely, !rule.byMinute.isEmpty, !rule.byMinute.contains(time.minute) {
            let next = rule.byMinute.filter { $0 > time.minute }.min() ?? 60
            return skip(from: index, toSecond: startSecond - time.second - time.minute * 60 + next * 60, unitSeconds)
        }
        let minuteSet = frequency == .hourly ? minutes : [time.minute]
        let secondSet = frequency == .secondly ? [time.second] : seconds
        for m in minuteSet where frequency != .minutely || rule.byMinute.isEmpty || rule.byMinute.contains(m) {
            for s in secondSet where frequency != .secondly || rule.bySecond.isEmpty || rule.bySecond.contains(s) {
                set.append(LocalDateTime(date: time.date, hour: time.hour, minute: m, second: s))
            }
        }
        applySetPosition(&set)
        return index + 1
    }

    /// The first period index whose start is at or after `second`.
    private func skip(from index: Int, toSecond second: Int, _ unitSeconds: Int) -> Int {
        let step = interval * unitSeconds
        let baseSecond = base * unitSeconds
        let needed = (second - baseSecond + step - 1) / step
        return max(index + 1, needed)
    }
}
