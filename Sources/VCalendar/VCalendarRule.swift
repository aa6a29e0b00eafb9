import CalendarModel

/// vCalendar 1.0's recurrence grammar (`W1 MO TH #10`, `MP1 1+ 2- MO #3`, `MD1 1 15 #0`,
/// `YM1 6 7 20261231T000000`) written as an RFC 5545 rule. A frequency and interval, then the
/// frequency's modifiers, then a duration (`#n`, `#0` for ever, `#2` when none is written) or an
/// end date. What this grammar cannot say in RFC 5545 terms (time lists, nested frequencies, both a
/// count and an end) gives `nil`, and the caller keeps the rule as written.
enum VCalendarRule {
    /// The RFC 5545 rule for a vCalendar one. `start` is the item's DTSTART as it is written out
    /// (an end date takes its form); `zone` turns a local end date into UTC when DTSTART is UTC.
    static func translate(_ text: String, start: DateValue?, zone: VCalendarZone?) -> String? {
        var tokens = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { String($0).uppercased() }[...]
        guard let head = tokens.popFirst(), let (frequency, interval) = frequencyAndInterval(head) else { return nil }
        var modifiers: [String] = []
        var count: Int?
        var end: String?
        while let token = tokens.popFirst() {
            if token.hasPrefix("#") {
                guard count == nil, end == nil, let n = Int(token.dropFirst()), n >= 0 else { return nil }
                count = n
            } else if token.count >= 8, token.first?.isASCIIDigit == true {
                guard end == nil else { return nil }
                end = token
            } else {
                guard count == nil, end == nil else { return nil }
                modifiers.append(token)
            }
        }
        guard let parts = byParts(frequency, modifiers, start: start) else { return nil }
        var rule = "FREQ=\(frequencyName(frequency))"
        if interval != 1 { rule += ";INTERVAL=\(interval)" }
        switch (count, end) {
        case (let n?, let end?):
            // `#0 20261231` bounds a rule that would run for ever; a count and an end cannot both be kept.
            guard n == 0, let until = until(end, start: start, zone: zone) else { return nil }
            rule += ";UNTIL=\(until)"
        case (let n?, nil): if n > 0 { rule += ";COUNT=\(n)" }
        case (nil, let end?):
            guard let until = until(end, start: start, zone: zone) else { return nil }
            rule += ";UNTIL=\(until)"
        case (nil, nil): rule += ";COUNT=2"
        }
        return rule + parts
    }

    private static func frequencyAndInterval(_ token: String) -> (String, Int)? {
        for frequency in ["MP", "MD", "YM", "YD", "D", "W"] where token.hasPrefix(frequency) {
            let digits = token.dropFirst(frequency.count)
            guard let interval = Int(digits), interval > 0, interval < 10_000 else { return nil }
            return (frequency, interval)
        }
        return nil
    }

    private static func frequencyName(_ frequency: String) -> String {
        switch frequency {
        case "D": "DAILY"
        case "W": "WEEKLY"
        case "MP", "MD": "MONTHLY"
        default: "YEARLY"
        }
    }

    /// The BY parts for a frequency's modifiers, `nil` when one has no RFC 5545 form.
    private static func byParts(_ frequency: String, _ modifiers: [String], start: DateValue?) -> String? {
        if modifiers.isEmpty {
            // A bare MP repeats on DTSTART's weekday of the month (the third Tuesday), which a bare
            // RFC 5545 MONTHLY would not: it repeats on DTSTART's day of the month.
            guard frequency == "MP" else { return "" }
            guard let day = start.map(startDate) else { return nil }
            return ";BYDAY=\((day.day - 1) / 7 + 1)\(day.weekday.code)"
        }
        switch frequency {
        case "W":
            guard modifiers.allSatisfy(isWeekday) else { return nil }
            return ";BYDAY=" + modifiers.joined(separator: ",")
        case "MP": return monthlyByPosition(modifiers).map { ";BYDAY=" + $0 }
        case "MD": return numbers(modifiers, limit: 31, last: true).map { ";BYMONTHDAY=" + $0 }
        case "YM": return numbers(modifiers, limit: 12, last: false).map { ";BYMONTH=" + $0 }
        case "YD": return numbers(modifiers, limit: 366, last: false).map { ";BYYEARDAY=" + $0 }
        default: return nil  // a daily rule's modifiers are times of day, which RFC 5545 has no part for
        }
    }

    /// `1+ 2- MO TU 3+ WE` → `1MO,-2MO,1TU,-2TU,3WE`: each run of positions applies to the
    /// weekdays that follow it. A position or day said again adds nothing, so the rule stays as
    /// short as the ten positions and seven days allow however long the text.
    private static func monthlyByPosition(_ modifiers: [String]) -> String? {
        var positions: [Int] = []
        var positionsUsed = false
        var days: [String] = []
        for token in modifiers {
            if isWeekday(token) {
                guard !positions.isEmpty else { return nil }
                for day in positions.map({ "\($0)\(token)" }) where !days.contains(day) { days.append(day) }
                positionsUsed = true
            } else {
                guard let position = signedNumber(token), (1...5).contains(abs(position)) else { return nil }
                if positionsUsed { positions = []; positionsUsed = false }
                if !positions.contains(position) { positions.append(position) }
            }
        }
        return positionsUsed && !days.isEmpty ? days.joined(separator: ",") : nil
    }

    /// `1 15 1- LD` → `1,15,-1,-1` without repeats; `nil` when one is out of range.
    private static func numbers(_ modifiers: [String], limit: Int, last: Bool) -> String? {
        var values: [Int] = []
        for token in modifiers {
            let value = token == "LD" && last ? -1 : signedNumber(token)
            guard let value, value != 0, abs(value) <= limit else { return nil }
            if !values.contains(value) { values.append(value) }
        }
        return values.map(String.init).joined(separator: ",")
    }

    /// `3`, `3+` or `3-`.
    private static func signedNumber(_ token: String) -> Int? {
        if token.hasSuffix("-") { return Int(token.dropLast()).map { -$0 } }
        if token.hasSuffix("+") { return Int(token.dropLast()) }
        return Int(token)
    }

    private static func isWeekday(_ token: String) -> Bool {
        Weekday(code: token) != nil
    }

    private static func startDate(_ start: DateValue) -> CalendarDate {
        if case .date(let day) = start { return day }
        return start.local.date
    }

    /// The end date in DTSTART's form, as RFC 5545 wants UNTIL: a date for an all-day series, UTC for
    /// a UTC one, local for a floating one. A date ending a timed series ends at that day's end.
    private static func until(_ text: String, start: DateValue?, zone: VCalendarZone?) -> String? {
        guard let written = DateValue(icalendar: text) else { return nil }
        switch (start, written) {
        case (.date?, _): return startDate(written).basicFormat
        case (.utc?, .date(let day)):
            let local = LocalDateTime(date: day, hour: 23, minute: 59, second: 59)
            return DateValue.utc(zone?.utc(local) ?? local).icalendarText
        case (.utc?, .floating(let local)): return DateValue.utc(zone?.utc(local) ?? local).icalendarText
        case (.utc?, .utc): return written.icalendarText
        case (_, .date(let day)): return LocalDateTime(date: day, hour: 23, minute: 59, second: 59).basicFormat
        case (_, .utc(let time)):
            // A floating series ended by a UTC time: RFC 5545 wants a floating UNTIL, and the series'
            // zone is unknown, so the wall-clock time is kept.
            return start == nil ? DateValue.utc(time).icalendarText : time.basicFormat
        default: return written.icalendarText
        }
    }
}
