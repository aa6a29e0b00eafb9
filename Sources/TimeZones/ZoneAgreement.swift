import CalendarModel

/// Judges VTIMEZONEs that share a TZID but differ, for calendars merged into one (`convert a.ics
/// b.ics`, `import`, `export`), so that merging them moves no event.
///
/// A definition speaks for its *stretch*: from just before its first transition to its last one (an
/// open-ended rule runs to `DefinedTimeZone.horizonYear`). Producers that write only the transitions
/// around their events (khal writes the one in force at the event and those up to its end) mean
/// nothing beyond it. Two zones *agree* over a definition when they give the same UTC offset at every
/// instant of its stretch: both change offset only at their transitions, so comparing just before
/// the stretch and at every transition of either inside it is enough.
public struct ZoneAgreement {
    private let resolver: TimeZoneResolver

    /// - Parameter resolver: finds the tz database zone a TZID names (also by Windows or vendor name).
    public init(resolver: TimeZoneResolver = TimeZoneResolver(definitions: [:])) {
        self.resolver = resolver
    }

    /// Whether `kept` agrees with `later` over `later`'s stretch: the events of `later`'s calendar,
    /// read in `kept`, stay where they are.
    public func covers(_ kept: Component, _ later: Component) -> Bool {
        guard let kept = try? DefinedTimeZone(kept), let later = try? DefinedTimeZone(later) else { return false }
        return Self.agree(kept, later, over: later.stretch, changes: kept.changeInstants + later.changeInstants)
    }

    /// One VTIMEZONE built from the tz database for the TZID `definitions` share, when it names a
    /// zone of the tz database that agrees with every one of them over its stretch; `nil` otherwise.
    /// It covers the years of their stretches (and, as `VTimezoneBuilder` writes them, leaves a rule
    /// still in force open-ended).
    public func sharedDefinition(for definitions: [Component]) -> Component? {
        guard let tzid = definitions.first?["TZID"]?.text, let database = resolver.databaseZone(for: tzid) else { return nil }
        var years: ClosedRange<Int>?
        for definition in definitions {
            guard let zone = try? DefinedTimeZone(definition) else { return nil }
            let stretch = zone.stretch
            let changes = database.transitions(from: stretch.lowerBound, to: stretch.upperBound + 1).map(\.utcSecond)
            guard Self.agree(database, zone, over: stretch, changes: changes + zone.changeInstants) else { return nil }
            let first = zone.local(atUTC: stretch.lowerBound).date.year, last = zone.local(atUTC: stretch.upperBound).date.year
            years = years.map { min($0.lowerBound, first)...max($0.upperBound, last) } ?? first...last
        }
        return years.map { VTimezoneBuilder().vtimezone(tzid: tzid, zone: database, years: $0) }
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
