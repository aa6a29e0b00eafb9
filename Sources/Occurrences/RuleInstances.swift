import CalendarModel
import Recurrence
import TimeZones

/// The instances of one rule for a start value of any kind, as `calbridge recur` prints them: the
/// iterator on wall-clock times, with UNTIL brought to DTSTART's terms and each instance written
/// back in DTSTART's form (a DATE, a floating or a UTC date-time).
package struct RuleInstances: Sequence, IteratorProtocol {
    private var iterator: RecurrenceIterator
    private let start: DateValue

    /// - Parameter zone: DTSTART's zone, to read a UTC UNTIL on its wall clock.
    package init(rule: RecurrenceRule, start: DateValue, startingAt: DateValue? = nil, zone: (any ZoneRules)? = nil) {
        self.start = start
        iterator = RecurrenceIterator(
            rule: rule, start: start.local, isDateOnly: start.isAllDay,
            until: rule.until.map { Self.wallClock(until: $0, start: start, zone: zone) },
            startingAt: startingAt?.local)
    }

    /// The instances of the rule written as `text` (`recur`'s argument); a rule that cannot be read
    /// is ``UnreadableRule``.
    package init(parsing text: String, start: DateValue, startingAt: DateValue? = nil) throws(UnreadableRule) {
        do {
            self.init(rule: try RecurrenceRule(parsing: text), start: start, startingAt: startingAt)
        } catch {
            throw UnreadableRule(message: "'\(text)' is not a recurrence rule: \(error.description)")
        }
    }

    package mutating func next() -> DateValue? {
        guard let local = iterator.next() else { return nil }
        switch start {
        case .date: return .date(local.date)
        case .floating: return .floating(local)
        case .utc: return .utc(local)
        case .zoned(_, let tzid): return .zoned(local, tzid: tzid)
        }
    }

    /// UNTIL as a wall-clock limit. A DATE UNTIL on a date-time rule (a mismatch real files have) is
    /// that day's midnight, as libical 3.0 and recurring-ical-events read it: an instance later that
    /// day is not in the series. A date-time UNTIL on a DATE rule includes that day.
    static func wallClock(until: DateValue, start: DateValue, zone: (any ZoneRules)?) -> LocalDateTime {
        if case .utc(let instant) = until, case .zoned = start, let zone {
            return zone.local(atUTC: instant.secondsSinceEpoch)
        }
        switch (until, start) {
        case (.date(let day), .date): return LocalDateTime(date: day)
        case (.date(let day), _): return LocalDateTime(date: day)
        case (_, .date): return LocalDateTime(date: until.local.date)
        default: return until.local
        }
    }
}

/// A rule given to read on its own that is not one (exit 65: the data is invalid).
package struct UnreadableRule: ExplainedFailure {
    package var message: String
    package var kind: FailureKind { .invalidData }
}
