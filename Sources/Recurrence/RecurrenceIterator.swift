import CalendarModel

/// The instances of one recurrence rule from its start, in order, computed lazily: a rule with no end
/// yields as many as are asked for, and `startingAt` jumps ahead without walking from DTSTART when
/// the rule has no COUNT.
///
/// It works on wall-clock times; the caller maps them to instants in the event's zone. Like
/// libical's iterator it yields only instances the rule generates: an unsynchronized DTSTART is the
/// recurrence set's business (RFC 5545 §3.8.5.3), not the rule's.
package struct RecurrenceIterator: IteratorProtocol, Sequence {
    /// How many consecutive periods may pass without an instance before the iterator gives up on a
    /// rule that matches nothing (such as 30 February): the budget that replaces a hard cap.
    package static let defaultEmptyPeriodBudget = 100_000

    private let expansion: PeriodExpansion
    private let start: LocalDateTime
    private let until: LocalDateTime?
    private let count: Int?
    private let startAt: LocalDateTime?
    private var period: Int
    private var pending: [LocalDateTime] = []
    private var pendingIndex = 0
    private var produced = 0
    /// The last instance counted: a rule whose periods are shorter than a day, on a DATE start,
    /// makes one day in several periods (FREQ=SECONDLY;BYSECOND=5,25 on 20250101), counted once.
    private var previous: LocalDateTime?
    private let isDateOnly: Bool
    private var emptyPeriods = 0
    private let emptyPeriodBudget: Int
    private var finished = false

    /// - Parameters:
    ///   - until: the rule's UNTIL as a wall-clock time in DTSTART's zone (the caller converts a UTC UNTIL).
    ///   - startingAt: instances before it are not returned.
    package init(
        rule: RecurrenceRule, start: LocalDateTime, isDateOnly: Bool, until: LocalDateTime? = nil,
        startingAt: LocalDateTime? = nil, emptyPeriodBudget: Int = defaultEmptyPeriodBudget
    ) {
        expansion = PeriodExpansion(rule: rule, start: start, isDateOnly: isDateOnly)
        self.start = start
        self.until = until
        count = rule.count
        startAt = startingAt
        self.emptyPeriodBudget = emptyPeriodBudget
        self.isDateOnly = isDateOnly
        period = 0
        if let startingAt, rule.count == nil, startingAt > start {
            // Periods before the one holding `startingAt` cannot hold an instance at or after it,
            // except week-numbering years that spill into the next calendar year: start one early.
            period = Swift.max(0, expansion.period(containing: startingAt) - 1)
        }
    }

    package mutating func next() -> LocalDateTime? {
        while !finished {
            if pendingIndex < pending.count {
                // A DATE series has days, whatever times a rule of shorter periods gives them.
                let candidate = isDateOnly ? LocalDateTime(date: pending[pendingIndex].date) : pending[pendingIndex]
                pendingIndex += 1
                if candidate < start { continue }
                if let previous, candidate <= previous {
                    // A rule of periods shorter than a day on a DATE start: the rest of that day's
                    // periods can only give it again, so go on from the next day's period rather than
                    // walk tens of thousands of seconds (a fuzzer's timeout).
                    if isDateOnly {
                        period = Swift.max(period, expansion.period(containing: LocalDateTime(date: previous.date.adding(days: 1))))
                        pendingIndex = pending.count
                    }
                    continue
                }
                if let until, candidate > until { break }
                if let count, produced >= count { break }
                produced += 1
                previous = candidate
                if let startAt, candidate < startAt { continue }
                return candidate
            }
            pending.removeAll(keepingCapacity: true)
            guard let nextPeriod = expansion.instances(inPeriod: period, into: &pending) else { break }
            period = nextPeriod
            pendingIndex = 0
            emptyPeriods = pending.isEmpty ? emptyPeriods + 1 : 0
            if emptyPeriods > emptyPeriodBudget { break }
            if let until, let first = pending.first, first > until { break }
        }
        finished = true
        return nil
    }
}
