import CalendarModel
import Recurrence

/// Judges VTIMEZONEs that share a TZID but differ, for calendars merged into one (`convert a.ics
/// b.ics`, `import`, `export`), so that merging them moves no event.
///
/// A definition is judged at the times its calendar uses it, when they are known: from the earliest
/// to the last, read in that definition (see `TimeZoneUse`). Otherwise it speaks for its *stretch*:
/// from just before its first transition to its last one (an open-ended rule runs to
/// `DefinedTimeZone.horizonYear`). Producers that write only the transitions around their events
/// (khal writes the one in force at the event and those up to its end) mean nothing beyond it. Two
/// zones *agree* over such a span when they give the same UTC offset at every instant of it: both
/// change offset only at their transitions, so comparing at its start and at every transition of
/// either inside it is enough.
package struct ZoneAgreement {
    private let resolver: TimeZoneResolver

    /// - Parameter resolver: finds the tz database zone a TZID names (also by Windows or vendor name).
    package init(resolver: TimeZoneResolver = TimeZoneResolver(definitions: [:])) {
        self.resolver = resolver
    }

    /// As far as any expansion reaches: the time a rule without end is judged up to.
    package static var horizon: LocalDateTime {
        LocalDateTime(date: CalendarDate(year: DefinedTimeZone.horizonYear, month: 1, day: 1))
    }

    /// The last instance of `rule` from `start`, as late as a calendar using it needs its zone:
    /// UNTIL as written (a day on, for a UTC one read as wall-clock time), a COUNT walked to its
    /// last instance; `nil` (no end: judged to the horizon) for a rule with neither, and for a COUNT
    /// too long to walk or one whose instances run out before it, so that each event costs a
    /// bounded walk and a later instance is never missed.
    package static func lastInstance(of rule: RecurrenceRule, from start: LocalDateTime) -> LocalDateTime? {
        if let until = rule.until { return LocalDateTime(secondsSinceEpoch: until.local.secondsSinceEpoch + 86_400) }
        guard let count = rule.count, count <= longestCountWalked else { return nil }
        var instances = RecurrenceIterator(rule: rule, start: start, isDateOnly: false, until: horizon, emptyPeriodBudget: 1_000)
        var (last, walked) = (start, 0)
        while let instance = instances.next() {
            (last, walked) = (max(last, instance), walked + 1)
        }
        return walked == count ? last : nil
    }

    /// Rules people write count a few dozen instances (a course's weeks, a year's months).
    private static var longestCountWalked: Int { 1_000 }

    /// Whether `kept` agrees with `later` at `times` (wall-clock times read in `later`; `nil`:
    /// over `later`'s stretch): the events of `later`'s calendar, read in `kept`, stay where they are.
    package func covers(_ kept: Component, _ later: Component, at times: ClosedRange<LocalDateTime>?) -> Bool {
        guard let kept = try? DefinedTimeZone(kept), let later = try? DefinedTimeZone(later) else { return false }
        let span = times.map { Self.instants($0, in: later) } ?? later.stretch
        return Self.agree(kept, later, over: span, changes: kept.changeInstants + later.changeInstants)
    }

    /// One VTIMEZONE built from the tz database for the TZID `definitions` share, when it names a
    /// zone of the tz database that agrees with every one of them at its times (as `covers` reads
    /// them); `nil` otherwise. It covers the years of those spans (and, as ``VTimezoneBuilder`` writes
    /// them, leaves a rule still in force open-ended).
    package func sharedDefinition(for definitions: [(definition: Component, times: ClosedRange<LocalDateTime>?)]) -> Component? {
        guard let tzid = definitions.first?.definition["TZID"]?.text, let database = resolver.databaseZone(for: tzid) else { return nil }
        var years: ClosedRange<Int>?
        for (definition, times) in definitions {
            guard let zone = try? DefinedTimeZone(definition) else { return nil }
            let stretch = times.map { Self.instants($0, in: zone) } ?? zone.stretch
            let changes = database.transitions(from: stretch.lowerBound, to: stretch.upperBound + 1).map(\.utcSecond)
            guard Self.agree(database, zone, over: stretch, changes: changes + zone.changeInstants) else { return nil }
            let first = zone.local(atUTC: stretch.lowerBound).date.year, last = zone.local(atUTC: stretch.upperBound).date.year
            years = years.map { min($0.lowerBound, first)...max($0.upperBound, last) } ?? first...last
        }
        return years.map { VTimezoneBuilder().vtimezone(tzid: tzid, zone: database, years: $0) }
    }

    /// The instants from the first of `times` to the last, each read in `zone`.
    private static func instants(_ times: ClosedRange<LocalDateTime>, in zone: any ZoneRules) -> ClosedRange<Int> {
        let first = zone.utcSecond(forLocal: times.lowerBound)
        return first...max(first, zone.utcSecond(forLocal: times.upperBound))
    }

    /// Whether `a` and `b` give the same offset just before `stretch` and at every instant of it,
    /// given every instant in it at which either changes offset.
    private static func agree(_ a: any ZoneRules, _ b: any ZoneRules, over stretch: ClosedRange<Int>, changes: [Int]) -> Bool {
        ([stretch.lowerBound - 1] + changes.filter(stretch.contains)).allSatisfy { a.offset(atUTC: $0) == b.offset(atUTC: $0) }
    }
}

extension DefinedTimeZone {
    /// From its first transition to its last.
    var stretch: ClosedRange<Int> { transitions[0].utcSecond...transitions[transitions.count - 1].utcSecond }

    var changeInstants: [Int] { transitions.map(\.utcSecond) }
}
