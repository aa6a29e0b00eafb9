/// An RRULE (or EXRULE) value with every part RFC 5545 §3.3.10 defines, weekdays numbered Monday = 1.
/// Parts it does not know (RFC 7529's RSCALE and SKIP, X- parts) are kept in `otherParts`.
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
    /// Parts calbridge does not interpret, as `NAME=VALUE` pairs in their order.
    public var otherParts: [[String]] = []

    public init(frequency: Frequency) {
        self.frequency = frequency
    }
}

/// Why a text is not a recurrence rule.
public struct RecurrenceRuleError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
}

extension RecurrenceRule {
    /// Reads a rule such as `FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20261231T230000Z`, with the checks of
    /// RFC 5545 §3.3.10 (ranges of every BY part, COUNT and UNTIL not both).
    public init(parsing text: String) throws(RecurrenceRuleError) {
        var frequency: Frequency?
        var rule = RecurrenceRule(frequency: .daily)
        // Cut the bytes at ';' and '=' rather than the characters: the separators are ASCII, and
        // every RRULE of a calendar is read at least twice (its check, its expansion).
        for part in Array(text.utf8).split(separator: UInt8(ascii: ";")) {
            guard let (written, value) = Self.nameAndValue(part) else {
                throw RecurrenceRuleError(description: "'\(String(decoding: part, as: UTF8.self))' is not NAME=VALUE")
            }
            let name = written.uppercasedName
            switch name {
            case "FREQ":
                guard let f = Frequency(rawValue: value.uppercasedName) else {
                    throw RecurrenceRuleError(description: "FREQ=\(value) is not a frequency")
                }
                frequency = f
            case "INTERVAL": rule.interval = try Self.number(value, name, 1...Int(Int32.max))
            case "COUNT": rule.count = try Self.number(value, name, 1...Int(Int32.max))
            case "UNTIL":
                guard let until = DateValue(icalendar: value) else {
                    throw RecurrenceRuleError(description: "UNTIL=\(value) is not a date or date-time")
                }
                rule.until = until
            case "BYSECOND": rule.bySecond = try Self.list(value, name, 0...60, signed: false)
            case "BYMINUTE": rule.byMinute = try Self.list(value, name, 0...59, signed: false)
            case "BYHOUR": rule.byHour = try Self.list(value, name, 0...23, signed: false)
            case "BYMONTHDAY": rule.byMonthDay = try Self.list(value, name, 1...31, signed: true)
            case "BYYEARDAY": rule.byYearDay = try Self.list(value, name, 1...366, signed: true)
            case "BYWEEKNO": rule.byWeekNo = try Self.list(value, name, 1...53, signed: true)
            case "BYMONTH": rule.byMonth = try Self.list(value, name, 1...12, signed: false)
            case "BYSETPOS": rule.bySetPos = try Self.list(value, name, 1...366, signed: true)
            case "BYDAY":
                rule.byDay = try Self.items(of: value, omittingEmpty: true).map { (item) throws(RecurrenceRuleError) in try Self.weekdayOccurrence(item) }
            case "WKST":
                guard let day = Weekday(code: value) else {
                    throw RecurrenceRuleError(description: "WKST=\(value) is not a weekday")
                }
                rule.weekStart = day
            default: rule.otherParts.append([name, value])
            }
        }
        guard let frequency else { throw RecurrenceRuleError(description: "the rule has no FREQ") }
        if rule.count != nil && rule.until != nil {
            throw RecurrenceRuleError(description: "COUNT and UNTIL must not both be given (RFC 5545 §3.3.10)")
        }
        rule.frequency = frequency
        self = rule
    }

    /// The rule in iCalendar form, FREQ first.
    public var icalendarText: String {
        var parts = ["FREQ=" + frequency.rawValue]
        if let until { parts.append("UNTIL=" + until.icalendarText) }
        if let count { parts.append("COUNT=\(count)") }
        if interval != 1 { parts.append("INTERVAL=\(interval)") }
        let lists: [(String, [Int])] = [("BYSECOND", bySecond), ("BYMINUTE", byMinute), ("BYHOUR", byHour)]
        for (name, values) in lists where !values.isEmpty { parts.append(name + "=" + Self.join(values)) }
        if !byDay.isEmpty { parts.append("BYDAY=" + byDay.map(\.icalendarText).joined(separator: ",")) }
        let more: [(String, [Int])] = [("BYMONTHDAY", byMonthDay), ("BYYEARDAY", byYearDay),
                                       ("BYWEEKNO", byWeekNo), ("BYMONTH", byMonth), ("BYSETPOS", bySetPos)]
        for (name, values) in more where !values.isEmpty { parts.append(name + "=" + Self.join(values)) }
        if weekStart != .monday { parts.append("WKST=" + weekStart.code) }
        parts += otherParts.map { $0.joined(separator: "=") }
        return parts.joined(separator: ";")
    }

    private static func join(_ values: [Int]) -> String {
        values.map(String.init).joined(separator: ",")
    }

    private static func number(_ text: String, _ name: String, _ range: ClosedRange<Int>) throws(RecurrenceRuleError) -> Int {
        guard let n = Int(text), range.contains(n) else {
            throw RecurrenceRuleError(description: "\(name)=\(text) is not a whole number in \(range)")
        }
        return n
    }

    /// The name and value of a `NAME=VALUE` part, cut where `split(separator: "=", maxSplits: 1)`
    /// cuts (leading '=' dropped as empty pieces); `nil` unless both are there.
    private static func nameAndValue(_ part: ArraySlice<UInt8>) -> (String, String)? {
        let equals = UInt8(ascii: "=")
        guard let nameStart = part.firstIndex(where: { $0 != equals }),
              let nameEnd = part[nameStart...].firstIndex(of: equals), nameEnd + 1 < part.endIndex else { return nil }
        return (String(decoding: part[nameStart..<nameEnd], as: UTF8.self), String(decoding: part[(nameEnd + 1)...], as: UTF8.self))
    }

    /// The comma-separated items of a value, cut at the bytes of ','.
    private static func items(of text: String, omittingEmpty: Bool) -> [String] {
        Array(text.utf8).split(separator: UInt8(ascii: ","), omittingEmptySubsequences: omittingEmpty)
            .map { String(decoding: $0, as: UTF8.self) }
    }

    private static func list(_ text: String, _ name: String, _ range: ClosedRange<Int>, signed: Bool) throws(RecurrenceRuleError) -> [Int] {
        try items(of: text, omittingEmpty: false).map { (item) throws(RecurrenceRuleError) -> Int in
            guard let n = Int(item), range.contains(abs(n)), signed || n >= 0 else {
                let allowed = signed ? "±\(range.lowerBound)…\(range.upperBound)" : "\(range)"
                throw RecurrenceRuleError(description: "\(name) value '\(item)' is outside \(allowed)")
            }
            return n
        }
    }

    private static func weekdayOccurrence(_ text: String) throws(RecurrenceRuleError) -> WeekdayOccurrence {
        guard text.count >= 2, let day = Weekday(code: String(text.suffix(2))) else {
            throw RecurrenceRuleError(description: "BYDAY value '\(text)' is not a weekday such as MO or -1FR")
        }
        let prefix = text.dropLast(2)
        if prefix.isEmpty { return WeekdayOccurrence(day) }
        guard let n = Int(prefix), (1...53).contains(abs(n)) else {
            throw RecurrenceRuleError(description: "BYDAY value '\(text)' has an ordinal outside ±1…53")
        }
        return WeekdayOccurrence(day, ordinal: n)
    }
}
