import CalendarModel
import TimeZones

/// The occurrences of one series (a component type and UID): the master's recurrence set
/// (`RecurrenceSet`) with RECURRENCE-ID overrides put in place of the instances they replace —
/// matched by instant whatever zone or form they are written in, or in an all-day series by date —
/// and RANGE=THISANDFUTURE applied onward.
package struct SeriesExpansion: Sendable {
    var master: Component?
    var overrides: [Component] = []

    package init() {}

    /// Adds a component of the series, in file order: one without RECURRENCE-ID is a master, and
    /// of several masters the one with the highest SEQUENCE (the first of equals) is the series'; the
    /// others, rules and exclusions with them, are out of date and left out.
    package mutating func add(_ component: Component) {
        guard !component.has("RECURRENCE-ID") else { return overrides.append(component) }
        if let master, Self.sequence(of: component) <= Self.sequence(of: master) { return }
        master = component
    }

    /// A window as asked for: wall-clock bounds (half-open) and the zone to read them in, if any.
    package struct Window: Sendable {
        package var start: LocalDateTime
        package var end: LocalDateTime
        package var zone: (any ZoneRules)?

        package init(start: LocalDateTime, end: LocalDateTime, zone: (any ZoneRules)?) {
            self.start = start
            self.end = end
            self.zone = zone
        }
    }

    /// The window in UTC seconds for one series, and the zone floating times are read in for it.
    struct Bounds {
        var start: Int
        var end: Int
        var floatingZone: (any ZoneRules)?
    }

    /// Whether a component has a DTSTART expansion can use (a to-do may have only a DUE): one
    /// without is left out of expand.
    package static func hasUsableStart(_ component: Component) -> Bool {
        start(of: component) != nil
    }

    /// The occurrences overlapping the window. Without a zone of its own the window is read in the
    /// series' zone, so "1 to 8 March" means those days where the event happens.
    /// Unsorted: in the order of the master's instances, then the overrides.
    package func occurrences(in window: Window, resolver: TimeZoneResolver, budget: inout Int) throws(ExpansionBudgetExceeded)
        -> [Occurrence]
    {
        let seriesZone: (any ZoneRules)? = (master ?? overrides.first).flatMap(Self.start(of:)).flatMap { value in
            if case .zoned(_, let zone) = resolver.time(value) { return zone }
            return nil
        }
        let reading = window.zone ?? seriesZone ?? FixedOffsetZone(seconds: 0)
        let bounds = Bounds(
            start: reading.utcSecond(forLocal: window.start), end: reading.utcSecond(forLocal: window.end),
            floatingZone: window.zone)
        var found: [Occurrence] = []
        if let master, let start = Self.start(of: master) {
            found = try seriesOccurrences(master, start, bounds, resolver, &budget)
        } else {
            found = chosenOverrides(allDay: false, resolver: resolver).compactMap {
                single($0.component, recurrenceID: $0.recurrenceID, resolver)
            }
        }
        return found.filter { bounds.overlaps($0) }
    }

    private func seriesOccurrences(
        _ master: Component, _ start: DateValue, _ bounds: Bounds,
        _ resolver: TimeZoneResolver, _ budget: inout Int
    ) throws(ExpansionBudgetExceeded) -> [Occurrence] {
        let length = OccurrenceLength(of: master, start: start, instant: resolver.time)
        let uid = master["UID"]?.text ?? ""
        guard master.has("RRULE") || master.has("RDATE") || !overrides.isEmpty else {
            // Most events happen once: their start and length are known already, so `single` need
            // not read them again.
            let instant = resolver.time(start)
            var occurrence = Occurrence(
                uid: uid, recurrenceID: nil, start: instant, end: length.end(after: instant, wall: start.local),
                component: master)
            occurrence.runForwards()
            return [occurrence]
        }
        let set = RecurrenceSet(master: master, start: start, resolver: resolver)
        let span = abs(length.days) * 86_400 + abs(length.seconds) + 86_400
        let from = Self.wall(bounds.start - span, start, set.zone, bounds.floatingZone)
        let to = Self.wall(bounds.end + 86_400, start, set.zone, bounds.floatingZone)
        let starts = try set.starts(from: from, to: to, budget: &budget)
        let excluded = set.exclusions(of: master, to: to, resolver: resolver)
        let standing = standingOverrides(master, set, excluded, resolver)
        let replaced = Set(standing.compactMap(\.key))
        let onward = standing.filter(\.replacesOnward).compactMap { o in o.key.map { ($0, o.component) } }.sorted { $0.0 < $1.0 }
        var seen: Set<Int> = []
        var result: [Occurrence] = []
        result.reserveCapacity(starts.count)
        for (value, periodEnd) in starts {
            let instant = resolver.time(value)
            let key = instant.orderingSecond(floatingZone: nil)
            guard seen.insert(key).inserted, !excluded.matches(value, key), !replaced.contains(key) else { continue }
            var occurrence = Occurrence(
                uid: uid, recurrenceID: instant, start: instant,
                end: periodEnd.map { resolver.time(Self.value($0, like: value)) } ?? length.end(after: instant, wall: value.local),
                component: master)
            if let (since, change) = onward.last(where: { $0.0 < key }) {
                apply(change, since: since, to: &occurrence, resolver)
            }
            occurrence.runForwards()
            result.append(occurrence)
        }
        result += standing.compactMap { override in
            single(override.component, recurrenceID: override.recurrenceID, resolver, defaultLength: length)
        }
        return result
    }

    /// A component that is one occurrence by itself: a single event, or an override.
    private func single(
        _ component: Component, recurrenceID: DateValue?, _ resolver: TimeZoneResolver,
        defaultLength: OccurrenceLength? = nil
    ) -> Occurrence? {
        guard let start = Self.start(of: component) else { return nil }
        let instant = resolver.time(start)
        // An override that states no length of its own keeps the series' length.
        let length =
            (OccurrenceLength.isStated(in: component) ? nil : defaultLength)
            ?? OccurrenceLength(of: component, start: start, instant: resolver.time)
        var occurrence = Occurrence(
            uid: component["UID"]?.text ?? "", recurrenceID: recurrenceID.map { resolver.time($0) },
            start: instant, end: length.end(after: instant, wall: start.local), component: component)
        occurrence.runForwards()
        return occurrence
    }

    /// A THISANDFUTURE override moves later instances by as much as it moved its own and gives them its properties.
    private func apply(_ change: Component, since: Int, to occurrence: inout Occurrence, _ resolver: TimeZoneResolver) {
        guard let moved = Self.start(of: change), let original = change.date(named: "RECURRENCE-ID") else { return }
        let shift = resolver.time(moved).orderingSecond(floatingZone: nil) - resolver.time(original).orderingSecond(floatingZone: nil)
        let length = OccurrenceLength(of: change, start: moved, instant: resolver.time)
        occurrence.start = occurrence.start.shifted(by: shift)
        occurrence.end = length.end(after: occurrence.start, wall: occurrence.start.local)
        occurrence.component = change
    }

    static func start(of component: Component) -> DateValue? {
        component.name != "VTODO" || component.has("DTSTART") ? component.date(named: "DTSTART") : component.date(named: "DUE")
    }

    /// The values of an RDATE or EXDATE: dates, date-times (in the property's TZID) or periods.
    static func values(of property: Property) -> [(DateValue, LocalDateTime?)] {
        let tzid = property[parameter: "TZID"]
        // Cut at the bytes of ',' and '/' rather than at characters (the separators are ASCII): an
        // EXDATE may list a date for every week of a series.
        return Array(property.value.utf8).split(separator: UInt8(ascii: ",")).compactMap { item in
            let parts = item.split(separator: UInt8(ascii: "/"), maxSplits: 1).map { String(decoding: $0, as: UTF8.self) }
            guard let start = DateValue(icalendar: parts[0], tzid: tzid) else { return nil }
            guard parts.count == 2 else { return (start, nil) }
            if let end = DateValue(icalendar: parts[1], tzid: tzid) { return (start, end.local) }
            if let duration = CalendarDuration(reading: parts[1]) {
                return (start, LocalDateTime(secondsSinceEpoch: start.local.secondsSinceEpoch + duration.totalSeconds))
            }
            return (start, nil)
        }
    }

    /// A UTC second as a wall-clock time in the terms of a series' start.
    static func wall(_ second: Int, _ start: DateValue, _ zone: (any ZoneRules)?, _ floatingZone: (any ZoneRules)?) -> LocalDateTime {
        switch start {
        case .utc: return LocalDateTime(secondsSinceEpoch: second)
        case .zoned: return zone?.local(atUTC: second) ?? floatingZone?.local(atUTC: second) ?? LocalDateTime(secondsSinceEpoch: second)
        case .date, .floating: return floatingZone?.local(atUTC: second) ?? LocalDateTime(secondsSinceEpoch: second)
        }
    }

    /// A wall-clock time in the same kind as `model` (same zone, or a date).
    static func value(_ local: LocalDateTime, like model: DateValue) -> DateValue {
        switch model {
        case .date: return .date(local.date)
        case .floating: return .floating(local)
        case .utc: return .utc(local)
        case .zoned(_, let tzid): return .zoned(local, tzid: tzid)
        }
    }
}

/// Date values as occurrence times, through the calendar's zones.
extension TimeZoneResolver {
    package func time(_ value: DateValue) -> OccurrenceTime {
        switch value {
        case .date(let day): return .date(day)
        case .floating(let local):
            // Google and Apple mean floating times in the calendar's X-WR-TIMEZONE.
            guard let zone = calendarZone else { return .floating(local) }
            return .zoned(zone.utcSecond(forLocal: local), zone)
        case .utc(let local): return .utc(local.secondsSinceEpoch)
        case .zoned(let local, let tzid):
            guard let zone = zone(for: tzid) else { return .floating(local) }
            return .zoned(zone.utcSecond(forLocal: local), zone)
        }
    }

    /// The number two values share when they mean the same instance (UTC seconds for instants).
    func key(_ value: DateValue) -> Int {
        time(value).orderingSecond(floatingZone: nil)
    }
}

/// The window held more occurrences than the budget allows.
package struct ExpansionBudgetExceeded: Error, Sendable {}

extension SeriesExpansion.Bounds {
    func overlaps(_ occurrence: Occurrence) -> Bool {
        let start = occurrence.start.orderingSecond(floatingZone: floatingZone)
        let end = occurrence.end.orderingSecond(floatingZone: floatingZone)
        return start < self.end && (end > self.start || (end <= start && start >= self.start))
    }
}

extension OccurrenceTime {
    func shifted(by seconds: Int) -> OccurrenceTime {
        switch self {
        case .date(let day): return .date(day.adding(days: seconds / 86_400))
        case .floating(let local): return .floating(LocalDateTime(secondsSinceEpoch: local.secondsSinceEpoch + seconds))
        case .utc(let second): return .utc(second + seconds)
        case .zoned(let second, let zone): return .zoned(second + seconds, zone)
        }
    }
}
