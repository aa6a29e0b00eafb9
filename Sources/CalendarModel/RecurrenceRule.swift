/// An RRULE (or EXRULE) value with every part RFC 5545 §3.3.10 defines, weekdays numbered Monday = 1.
/// and RFC 7529's RSCALE and SKIP as far as the Gregorian scale takes them.
public struct RecurrenceRule: Hashable, Sendable {
    /// FREQ: the unit the rule repeats in.
    public enum Frequency: String, Sendable, CaseIterable, Comparable {
        case secondly = "SECONDLY", minutely = "MINUTELY", hourly = "HOURLY", daily = "DAILY"
        case weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY"

        private var rank: Int {
            switch self {
            case .secondly: 0
            case .minutely: 1
            case .hourly: 2
            case .daily: 3
            case .weekly: 4
            case .monthly: 5
            case .yearly: 6
            }
        }
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
        // Only a problem leaves a reading without its rule, and there was none.
        self = reading.rule!
    }

    /// The rule in iCalendar form: FREQ and INTERVAL, the BY parts from the largest unit to the
    /// smallest, then how it ends (`FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU;UNTIL=…`), the order most
    /// writers use; readers take the parts in any order.
    public var icalendarText: String {
        // Appended to one string: a birthday calendar writes a rule per contact, and an array of
        // parts joined at the end cost ten times as much.
        var text = "FREQ="
        text.reserveCapacity(48)
        text += frequency.rawValue
        if interval != 1 { Self.append("INTERVAL", [interval], to: &text) }
        Self.append("BYWEEKNO", byWeekNo, to: &text)
        Self.append("BYMONTH", byMonth, to: &text)
        Self.append("BYYEARDAY", byYearDay, to: &text)
        Self.append("BYMONTHDAY", byMonthDay, to: &text)
        for (offset, day) in byDay.enumerated() {
            text += offset == 0 ? ";BYDAY=" : ","
            text += day.icalendarText
        }
        Self.append("BYHOUR", byHour, to: &text)
        Self.append("BYMINUTE", byMinute, to: &text)
        Self.append("BYSECOND", bySecond, to: &text)
        Self.append("BYSETPOS", bySetPos, to: &text)
        if weekStart != .monday { text += ";WKST=" + weekStart.code }
        if let until { text += ";UNTIL=" + until.icalendarText }
        if let count { Self.append("COUNT", [count], to: &text) }
        if let scale { text += ";RSCALE=" + scale }
        if skip != .omit { text += ";SKIP=" + skip.rawValue }
        return text
    }

    /// `;NAME=1,2,3`, or nothing for no values.
    private static func append(_ name: StaticString, _ values: [Int], to text: inout String) {
        for (offset, value) in values.enumerated() {
            if offset == 0 {
                text += ";"
                text += name.description
                text += "="
            } else {
                text += ","
            }
            text += String(value)
        }
    }
}
