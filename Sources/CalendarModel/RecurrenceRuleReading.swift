/// A rule value (RRULE, EXRULE) read the lenient way calbridge reads calendars: the rule it expands,
/// if any, and every problem met, each with what calbridge does about it. The one place a rule's
/// leniency lives: `expand` expands `rule`, `validate` reports `problems`, and
/// `RecurrenceRule(parsing:)` refuses at the first problem.
///
/// A problem that could move or multiply events ignores the whole rule (the event keeps DTSTART and
/// its RDATEs): a part calbridge does not know (`UNTL=`), so that a bounded series never becomes an
/// unbounded one; a missing FREQ; a value out of range. The rest are read as meant: blanks around a
/// value, a COUNT that is not positive (dropped), COUNT beside UNTIL (the earlier end wins).
package struct RecurrenceRuleReading: Sendable {
    /// One problem in a rule value: what is wrong, and what calbridge does about it.
    package struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// `COUNT=-3 is negative`.
        package var fault: String
        /// `COUNT is dropped`.
        package var outcome: String

        init(_ fault: String, _ outcome: String = RecurrenceRuleReading.ignored) {
            self.fault = fault
            self.outcome = outcome
        }

        package var description: String { fault + "; " + outcome }
    }

    /// The outcome of a problem that leaves the rule out.
    static let ignored = "the rule is ignored"

    /// The rule as calbridge expands it; `nil` when it is ignored.
    package private(set) var rule: RecurrenceRule?
    /// In the order met. When the rule is ignored, only the problem that made it so: fixes made
    /// before it no longer matter.
    package private(set) var problems: [Problem] = []

    package init(_ text: String) {
        do {
            rule = try read(text)
        } catch {
            rule = nil
            problems = [error]
        }
    }

    private mutating func read(_ text: String) throws(Problem) -> RecurrenceRule {
        let parts = try cut(text)
        // A scale decides how every other part reads (RFC 7529 allows BYMONTH=13 in some), so it
        // is judged first.
        if let scale = parts.first(where: { $0.name == RecurrenceRulePart.scale.rawValue })?.value, scale.uppercased() != "GREGORIAN" {
            throw Problem("RSCALE=\(scale) is a calendar scale calbridge does not expand")
        }
        var rule = RecurrenceRule(frequency: .daily)
        var frequency: RecurrenceRule.Frequency?
        for (name, value) in parts {
            if name == RecurrenceRulePart.frequency.rawValue {
                // Matched against the seven names rather than by init(rawValue:), whose string switch
                // cost more than the rest of a short rule's reading.
                let name = value.uppercasedName
                guard let known = RecurrenceRule.Frequency.allCases.first(where: { $0.rawValue == name }) else {
                    throw Problem("FREQ=\(value) is not a frequency")
                }
                frequency = known
            } else {
                try read(name, value, into: &rule)
            }
        }
        guard let frequency else { throw Problem("the rule has no FREQ") }
        rule.frequency = frequency
        if rule.count != nil && rule.until != nil {
            problems.append(
                Problem("COUNT and UNTIL must not both be given (RFC 5545 §3.3.10)", "the series ends at whichever comes first"))
        }
        return rule
    }

    /// The `NAME=VALUE` parts, names in upper case and blanks around values taken off (noted).
    private mutating func cut(_ text: String) throws(Problem) -> [(name: String, value: String)] {
        // Cut the bytes in place at ';' and '=' rather than the characters: the separators are ASCII,
        // and every RRULE of a calendar is read at least twice (its check, its expansion).
        var text = text
        var parts: [(name: String, value: String)] = []
        let malformed = text.withUTF8 { (bytes) -> Problem? in
            let semicolon = UInt8(ascii: ";")
            parts.reserveCapacity(bytes.reduce(1) { $1 == semicolon ? $0 + 1 : $0 })
            var start = 0
            while start < bytes.count {
                let end = bytes[start...].firstIndex(of: semicolon) ?? bytes.count
                defer { start = end + 1 }
                guard end > start else { continue }
                let part = UnsafeBufferPointer(rebasing: bytes[start..<end])
                guard let (written, value) = Self.nameAndValue(part) else {
                    return Problem("'\(String(decoding: part, as: UTF8.self))' is not NAME=VALUE")
                }
                let name = String(decoding: Self.withoutBlanks(written), as: UTF8.self).uppercasedName
                let trimmed = Self.withoutBlanks(value)
                if trimmed.count != value.count {
                    problems.append(
                        Problem(
                            "\(name)='\(String(decoding: value, as: UTF8.self))' has blanks around its value",
                            "read as \(name)=\(String(decoding: trimmed, as: UTF8.self))"))
                }
                parts.append((name, String(decoding: trimmed, as: UTF8.self)))
            }
            return nil
        }
        if let malformed { throw malformed }
        return parts
    }

    /// The name and value of a `NAME=VALUE` part, cut where `split(separator: "=", maxSplits: 1)`
    /// cuts (leading '=' dropped as empty pieces); `nil` unless both are there.
    private static func nameAndValue(_ part: UnsafeBufferPointer<UInt8>) -> (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>)? {
        let equals = UInt8(ascii: "=")
        guard let nameStart = part.firstIndex(where: { $0 != equals }),
            let nameEnd = part[nameStart...].firstIndex(of: equals), nameEnd + 1 < part.endIndex
        else { return nil }
        return (UnsafeBufferPointer(rebasing: part[nameStart..<nameEnd]), UnsafeBufferPointer(rebasing: part[(nameEnd + 1)...]))
    }

    /// Without the spaces and tabs at either end, cut as bytes: every rule of a calendar comes
    /// through here, and judging characters as white space was a share of expand's reading.
    private static func withoutBlanks(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        let isBlank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        guard let first = bytes.firstIndex(where: { !isBlank($0) }), let last = bytes.lastIndex(where: { !isBlank($0) }) else {
            return UnsafeBufferPointer(rebasing: bytes[0..<0])
        }
        return UnsafeBufferPointer(rebasing: bytes[first...last])
    }

    private mutating func read(_ name: String, _ value: String, into rule: inout RecurrenceRule) throws(Problem) {
        switch RecurrenceRulePart(rawValue: name) {
        case .interval: rule.interval = try Self.number(value, name, 1...Int(Int32.max))
        case .count: rule.count = try count(value)
        case .until:
            guard let until = DateValue(icalendar: value) else { throw Problem("UNTIL=\(value) is not a date or date-time") }
            rule.until = until
        case .bySecond: rule.bySecond = try Self.list(value, name, 0...60, signed: false)
        case .byMinute: rule.byMinute = try Self.list(value, name, 0...59, signed: false)
        case .byHour: rule.byHour = try Self.list(value, name, 0...23, signed: false)
        case .byMonthDay: rule.byMonthDay = try Self.list(value, name, 1...31, signed: true)
        case .byYearDay: rule.byYearDay = try Self.list(value, name, 1...366, signed: true)
        case .byWeekNumber: rule.byWeekNo = try Self.list(value, name, 1...53, signed: true)
        case .byMonth: rule.byMonth = try months(value)
        case .bySetPosition: rule.bySetPos = try Self.list(value, name, 1...366, signed: true)
        case .byDay:
            rule.byDay = try Self.items(of: value, omittingEmpty: true).map { (item) throws(Problem) in try Self.weekdayOccurrence(item) }
        case .weekStart:
            guard let day = Weekday(code: value) else { throw Problem("WKST=\(value) is not a weekday") }
            rule.weekStart = day
        case .scale: rule.scale = value.uppercased()
        case .skip:
            guard let skip = RecurrenceRule.Skip(rawValue: value.uppercased()) else {
                throw Problem("SKIP=\(value) is not OMIT, BACKWARD or FORWARD")
            }
            rule.skip = skip
        // FREQ is read before the other parts, so a FREQ here is never met.
        case .frequency, nil: throw Problem("\(name) is not a rule part of RFC 5545 or RFC 7529")
        }
    }

    /// A COUNT that is not positive bounds nothing: it is dropped, the rest of the rule stands.
    private mutating func count(_ value: String) throws(Problem) -> Int? {
        if let n = Int(value), n < 1 {
            problems.append(Problem("COUNT=\(value) is not a positive number", "COUNT is dropped"))
            return nil
        }
        return try Self.number(value, "COUNT", 1...Int(Int32.max))
    }

    /// BYMONTH, where RFC 7529's leap months (`5L`) are dropped: Gregorian years have none.
    private mutating func months(_ value: String) throws(Problem) -> [Int] {
        let items = Self.items(of: value, omittingEmpty: false)
        let leap = items.filter { $0.uppercased().hasSuffix("L") }
        guard !leap.isEmpty else { return try Self.list(value, "BYMONTH", 1...12, signed: false) }
        let fault = "BYMONTH=\(value) names leap months, which Gregorian years do not have"
        guard leap.count < items.count else { throw Problem(fault, "the rule yields nothing but DTSTART") }
        problems.append(Problem(fault, "they are dropped"))
        let rest = items.filter { !$0.uppercased().hasSuffix("L") }.joined(separator: ",")
        return try Self.list(rest, "BYMONTH", 1...12, signed: false)
    }

    private static func number(_ text: String, _ name: String, _ range: ClosedRange<Int>) throws(Problem) -> Int {
        guard let n = Int(text), range.contains(n) else { throw Problem("\(name)=\(text) is not a whole number in \(range)") }
        return n
    }

    /// The comma-separated items of a value, cut at the bytes of ','.
    private static func items(of text: String, omittingEmpty: Bool) -> [String] {
        Array(text.utf8).split(separator: UInt8(ascii: ","), omittingEmptySubsequences: omittingEmpty)
            .map { String(decoding: $0, as: UTF8.self) }
    }

    private static func list(_ text: String, _ name: String, _ range: ClosedRange<Int>, signed: Bool) throws(Problem) -> [Int] {
        try items(of: text, omittingEmpty: false).map { (item) throws(Problem) -> Int in
            guard let n = Int(item), range.contains(abs(n)), signed || n >= 0 else {
                let allowed = signed ? "±\(range.lowerBound)…\(range.upperBound)" : "\(range)"
                throw Problem("\(name) value '\(item)' is outside \(allowed)")
            }
            return n
        }
    }

    private static func weekdayOccurrence(_ text: String) throws(Problem) -> RecurrenceRule.WeekdayOccurrence {
        guard text.count >= 2, let day = Weekday(code: String(text.suffix(2))) else {
            throw Problem("BYDAY value '\(text)' is not a weekday such as MO or -1FR")
        }
        let prefix = text.dropLast(2)
        if prefix.isEmpty { return RecurrenceRule.WeekdayOccurrence(day) }
        guard let n = Int(prefix), (1...53).contains(abs(n)) else {
            throw Problem("BYDAY value '\(text)' has an ordinal outside ±1…53")
        }
        return RecurrenceRule.WeekdayOccurrence(day, ordinal: n)
    }
}
