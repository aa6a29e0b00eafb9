/// An RRULE (or EXRULE) value with every part RFC 5545 §3.3.10 defines, weekdays numbered Monday = 1.
/// and RFC 7529's RSCALE and SKIP as far as the Gregorian scale takes them.
public struct RecurrenceRule: Hashable, Sendable {
    /// FREQ: the unit the rule repeats in.
    public enum Frequency: String, Sendable, CaseIterable, Comparable {
        case secondly = "SECONDLY", minutely = "MINUTELY", hourly = "HOURLY", daily = "DAILY"
        case weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY"

        private var rank: Int { Frequency.allCases.firstIndex(of: self)! }
        public static func < (lhs: Frequency, rhs: Frequency) -> Bool { lhs.rank < rhs.rank }
    }

    /// One BYDAY entry: a weekday, optionally the n-th (or n-th from the end) in the month or year.
    public struct WeekdayOccurrence: Hashable, Sendable {
        public var ordinal: Int?
        public var weekday: Weekday

        public init(_ weekday: Weekday, ordinal: Int? = nil) {
            self.weekday = weekday
            self.ordinal = ordinal
        }

        var icalendarText: String { (ordinal.map(String.init) ?? "") + weekday.code }
    }

    public var frequency: Frequency
    public var interval: Int = 1
    public var count: Int?
    public var until: DateValue?
    public var bySecond: [Int] = []
    public var byMinute: [Int] = []
    public var byHour: [Int] = []
    public var byDay: [WeekdayOccurrence] = []
    public var byMonthDay: [Int] = []
    public var byYearDay: [Int] = []
    public var byWeekNo: [Int] = []
    public var byMonth: [Int] = []
    public var bySetPos: [Int] = []
    public var weekStart: Weekday = .monday
    /// RSCALE as written (RFC 7529); only GREGORIAN reaches a rule calbridge expands.
    public var scale: String?
    /// SKIP (RFC 7529): what becomes of an instance on a day its month lacks (the 31st, 29 February).
    public var skip: Skip = .omit

    /// RFC 7529's SKIP values.
    public enum Skip: String, Sendable {
        /// The instance is left out, as RFC 5545 does.
        case omit = "OMIT"
        /// The instance moves to the month's last day.
        case backward = "BACKWARD"
        /// The instance moves to the first day of the next month.
        case forward = "FORWARD"
    }

    public init(frequency: Frequency) {
        self.frequency = frequency
    }
}

/// Why a text is not a recurrence rule.
public struct RecurrenceRuleError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
}

extension RecurrenceRule {
    /// Reads a rule such as `FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20261231T230000Z`, refusing at the first
    /// problem `RecurrenceRuleReading` meets (ranges of every BY part, COUNT and UNTIL not both…).
    public init(parsing text: String) throws(RecurrenceRuleError) {
        let reading = RecurrenceRuleReading(text)
        if let problem = reading.problems.first { throw RecurrenceRuleError(description: problem.fault) }
        self = reading.rule!
    }

    /// The rule in iCalendar form: FREQ and INTERVAL, the BY parts from the largest unit to the
    /// smallest, then how it ends (`FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU;UNTIL=…`), the order most
    /// writers use; readers take the parts in any order.
    public var icalendarText: String {
        var parts = ["FREQ=" + frequency.rawValue]
        if interval != 1 { parts.append("INTERVAL=\(interval)") }
        let larger: [(String, [Int])] = [("BYWEEKNO", byWeekNo), ("BYMONTH", byMonth), ("BYYEARDAY", byYearDay),
                                         ("BYMONTHDAY", byMonthDay)]
        for (name, values) in larger where !values.isEmpty { parts.append(name + "=" + Self.join(values)) }
        if !byDay.isEmpty { parts.append("BYDAY=" + byDay.map(\.icalendarText).joined(separator: ",")) }
        let smaller: [(String, [Int])] = [("BYHOUR", byHour), ("BYMINUTE", byMinute), ("BYSECOND", bySecond),
                                          ("BYSETPOS", bySetPos)]
        for (name, values) in smaller where !values.isEmpty { parts.append(name + "=" + Self.join(values)) }
        if weekStart != .monday { parts.append("WKST=" + weekStart.code) }
        if let until { parts.append("UNTIL=" + until.icalendarText) }
        if let count { parts.append("COUNT=\(count)") }
        if let scale { parts.append("RSCALE=" + scale) }
        if skip != .omit { parts.append("SKIP=" + skip.rawValue) }
        return parts.joined(separator: ";")
    }

    private static func join(_ values: [Int]) -> String {
        values.map(String.init).joined(separator: ",")
    }
}
