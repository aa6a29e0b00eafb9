import CalendarModel
import TimeZones

/// The instances a master describes before its overrides (RFC 5545 §3.8.5.3): DTSTART, its RRULE and
/// RDATE instances, less the EXDATE and EXRULE ones. Rules are read leniently
/// (`RecurrenceRuleReading`): one calbridge cannot use is left out and the rest still count.
struct RecurrenceSet {
    let start: DateValue
    let rules: [RecurrenceRule]
    /// RDATE values, each with its period's end when written as a period.
    let rdates: [(DateValue, LocalDateTime?)]
    /// DTSTART's zone, in which the rules run on the wall clock.
    let zone: (any ZoneRules)?
    /// Whether DTSTART is an instance: not when a rule ends before it starts, which is how some
    /// calendars (wikis, Confluence) mark a deleted series.
    let includesStart: Bool

    init(master: Component, start: DateValue, resolver: TimeZoneResolver) {
        self.start = start
        rules = master.all("RRULE").compactMap { RecurrenceRuleReading($0.value).rule }
        rdates = master.all("RDATE").flatMap { SeriesExpansion.values(of: $0) }
        let zone = start.tzid.flatMap { resolver.zone(for: $0) }
        self.zone = zone
        includesStart = !rules.contains { rule in
            rule.until.map { RuleInstances.wallClock(until: $0, start: start, zone: zone) < start.local } ?? false
        }
    }

    /// DTSTART, the rule instances from `from` to `to` (wall clock in DTSTART's terms) and the RDATEs,
    /// unsorted, each with its period's end when an RDATE gave one.
    func starts(from: LocalDateTime, to: LocalDateTime, budget: inout Int) throws(ExpansionBudgetExceeded) -> [(DateValue, LocalDateTime?)]
    {
        var starts: [(DateValue, LocalDateTime?)] = includesStart ? [(start, nil)] : []
        let windowStart = SeriesExpansion.value(from, like: start)
        for rule in rules {
            // A rule with COUNT is counted from DTSTART, so the instances before the window are walked
            // one by one: they spend the budget too, or one begun long before the window (SECONDLY from
            // 1900) would walk for hours.
            let counted = rule.count != nil
            for instance in RuleInstances(rule: rule, start: start, startingAt: counted ? nil : windowStart, zone: zone) {
                if instance.local > to { break }
                budget -= 1
                if budget < 0 { throw ExpansionBudgetExceeded() }
                if counted && instance.local < windowStart.local { continue }
                starts.append((instance, nil))
            }
        }
        return starts + rdates
    }

    /// Whether the set, exclusions aside, holds the instance `key` names (see `TimeZoneResolver.key`),
    /// wherever it lies: asked only of the few overrides that may be stale.
    func produces(_ key: Int, resolver: TimeZoneResolver) -> Bool {
        if includesStart && resolver.key(start) == key { return true }
        if rdates.contains(where: { resolver.key($0.0) == key }) { return true }
        let wall: LocalDateTime
        if case .floating = start, let calendarZone = resolver.calendarZone {
            wall = calendarZone.local(atUTC: key)
        } else {
            wall = SeriesExpansion.wall(key, start, zone, nil)
        }
        return rules.contains { rule in
            var instances = RuleInstances(rule: rule, start: start, startingAt: SeriesExpansion.value(wall, like: start), zone: zone)
            return instances.next().map { resolver.key($0) == key } ?? false
        }
    }

    /// The master's EXDATEs and its EXRULE instances up to `to`. An all-day series is matched by the
    /// date as written, also where an EXDATE is a date-time (as its RECURRENCE-IDs are).
    func exclusions(of master: Component, to: LocalDateTime, resolver: TimeZoneResolver) -> Exclusions {
        var excluded = Exclusions()
        for exdate in master.all("EXDATE") {
            for (value, _) in SeriesExpansion.values(of: exdate) {
                if value.isAllDay || start.isAllDay {
                    excluded.days.insert(value.local.date)
                } else {
                    excluded.keys.insert(resolver.key(value))
                }
            }
        }
        for exrule in master.all("EXRULE").compactMap({ RecurrenceRuleReading($0.value).rule }) {
            for instance in RuleInstances(rule: exrule, start: start, zone: zone) {
                if instance.local > to { break }
                excluded.keys.insert(resolver.key(instance))
            }
        }
        return excluded
    }
}

/// Instances taken out of a series: by instant, or by day for EXDATE;VALUE=DATE.
struct Exclusions {
    var keys: Set<Int> = []
    var days: Set<CalendarDate> = []

    func matches(_ value: DateValue, _ key: Int) -> Bool {
        keys.contains(key) || days.contains(value.local.date)
    }
}
