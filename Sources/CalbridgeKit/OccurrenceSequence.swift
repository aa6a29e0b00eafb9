import Occurrences
import TimeZones
import Foundation

/// One occurrence of an event or to-do: when it happens, and the event (the series' master or the
/// override that replaces this instance) with everything else about it.
public struct Occurrence: Sendable {
    /// The component that describes this occurrence, as an event view (a to-do's is one too: it has
    /// a title, location and notes like an event's).
    public var event: Event
    /// Whether this is an occurrence of a to-do rather than of an event.
    public var isTodo: Bool
    /// Start and end as instants; for an all-day occurrence, midnight in the zone asked for, the
    /// end exclusive (the day after the last).
    public var interval: DateInterval
    /// Whether the occurrence takes whole days (its start is a date without a time).
    public var isAllDay: Bool
    /// The instance of its series this is (its original start, as the series writes it); `nil` for
    /// an event that happens once.
    public var recurrenceID: DateValue?

    /// When the occurrence starts: the start of ``interval``.
    public var startDate: Date { interval.start }
    /// When the occurrence ends: the end of ``interval``, exclusive.
    public var endDate: Date { interval.end }
    /// The UID of the series the occurrence belongs to, from ``event``.
    public var uid: String? { event.uid }
    /// The occurrence's title (its SUMMARY), from ``event``: an override's own when it has one.
    public var title: String? { event.title }
    /// Where the occurrence takes place (its LOCATION), from ``event``.
    public var location: String? { event.location }
}

/// The occurrences of a calendar's events and to-dos in an interval, in order of start, computed a
/// week at a time as they are asked for: `prefix(3)` of a year-long interval expands one week.
public struct OccurrenceSequence: Sequence {
    let expansion: CalendarExpansion
    let interval: DateInterval
    let zone: TimeZone

    public func makeIterator() -> Iterator {
        Iterator(occurrences: self, cursor: Int(interval.start.timeIntervalSince1970.rounded(.down)))
    }

    /// Steps through the interval a week at a time, handing out each week's occurrences.
    public struct Iterator: IteratorProtocol {
        let occurrences: OccurrenceSequence
        /// Where the next stretch begins (UTC seconds).
        var cursor: Int
        var isFirst = true
        var pending: [Occurrence] = []

        public mutating func next() -> Occurrence? {
            let end = Int(occurrences.interval.end.timeIntervalSince1970.rounded(.up))
            while pending.isEmpty {
                guard cursor < end || isFirst else { return nil }
                let stop = Swift.min(cursor + 7 * 86_400, end)
                pending = occurrences.expand(from: cursor, to: stop, includingEarlierStarts: isFirst).reversed()
                isFirst = false
                cursor = stop
            }
            return pending.popLast()
        }
    }

    /// The occurrences overlapping [start, end) (UTC seconds); after the first stretch only those
    /// that start in it, since one that began earlier was handed out with an earlier stretch.
    private func expand(from start: Int, to end: Int, includingEarlierStarts: Bool) -> [Occurrence] {
        let rules = ZoneLookup.rules(for: zone)
        var expansion = expansion
        // A stretch is a week: the budget only keeps a runaway rule from filling memory, and a week
        // of any rule fits in memory, so none is left out.
        expansion.budget = .max
        let found = (try? expansion.occurrences(from: rules.local(atUTC: start), to: rules.local(atUTC: end), in: rules)) ?? []
        return found.compactMap { occurrence in
            let first = occurrence.start.orderingSecond(floatingZone: rules)
            guard includingEarlierStarts || first >= start else { return nil }
            let last = Swift.max(first, occurrence.end.orderingSecond(floatingZone: rules))
            return Occurrence(
                event: Event(component: occurrence.component), isTodo: occurrence.component.name == "VTODO",
                interval: DateInterval(start: ZoneLookup.date(utcSecond: first), end: ZoneLookup.date(utcSecond: last)),
                isAllDay: occurrence.isAllDay, recurrenceID: occurrence.recurrenceID.map { Self.value($0, like: occurrence.component) })
        }
    }

    /// An instance's original start as its series writes DTSTART: in the same zone, or as a date.
    private static func value(_ time: OccurrenceTime, like component: Component) -> DateValue {
        switch (time, component.date(named: "DTSTART")) {
        case (.date(let day), _): return .date(day)
        case (.floating(let local), _): return .floating(local)
        case (_, .zoned(_, let tzid)?): return .zoned(time.local, tzid: tzid)
        case (_, .floating?): return .floating(time.local)
        default: return .utc(LocalDateTime(secondsSinceEpoch: time.orderingSecond(floatingZone: nil)))
        }
    }
}

extension EventCalendar {
    /// The occurrences of every event and to-do overlapping `interval`, in order of start (then
    /// UID), with the recurrence rules, dates, exclusions and overrides applied by calbridge's
    /// recurrence engine. All-day and floating times are read in `zone`, the reader's by default.
    ///
    /// ```swift
    /// let week = DateInterval(start: .now, duration: 7 * 86_400)
    /// for lecture in calendar.occurrences(in: week) { print(lecture.startDate, lecture.title ?? "") }
    /// ```
    public func occurrences(in interval: DateInterval, zone: TimeZone = .current) -> OccurrenceSequence {
        let resolver = TimeZoneResolver(calendar: component)
        return OccurrenceSequence(expansion: CalendarExpansion(calendar: component, resolver: resolver), interval: interval, zone: zone)
    }
}
