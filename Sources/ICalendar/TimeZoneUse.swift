import CalendarModel

/// When one calendar uses a TZID, as wall-clock times from the earliest to the last: a later
/// definition of the TZID that gives the kept one's offsets over this span keeps every event of
/// the calendar where it is (see ``TimeZoneMerge``). The span holds every time written with the TZID
/// (starts, ends, RECURRENCE-ID, EXDATE, RDATE, DUE) and each recurring component's occurrences up
/// to its rule's last one and that one's end. Agreement over the whole span is more than the used
/// instants need, and is chosen for it: it costs two times a TZID however many events use it.
package struct TimeZoneUse: Equatable, Sendable {
    package var earliest: LocalDateTime
    /// `nil`: a rule without end repeats a time in the zone, as far as any expansion reaches.
    package var latest: LocalDateTime?

    package init(earliest: LocalDateTime, latest: LocalDateTime?) {
        (self.earliest, self.latest) = (earliest, latest)
    }

    /// The span that holds both.
    func including(_ other: TimeZoneUse) -> TimeZoneUse {
        TimeZoneUse(
            earliest: min(earliest, other.earliest),
            latest: latest.flatMap { mine in other.latest.map { max(mine, $0) } })
    }
}

/// The TZIDs one calendar's components use and when, gathered a component at a time: memory holds
/// one ``TimeZoneUse`` a TZID, however many components there are.
package struct CalendarZoneUses {
    package private(set) var uses: [String: TimeZoneUse] = [:]
    /// The last instance of a rule from its start; `nil` when the rule has no last one.
    private let lastInstance: (RecurrenceRule, LocalDateTime) -> LocalDateTime?

    package init(lastInstance: @escaping (RecurrenceRule, LocalDateTime) -> LocalDateTime?) {
        self.lastInstance = lastInstance
    }

    /// Notes the times a top-level component (an event, a to-do, …) names with a TZID.
    package mutating func record(_ component: Component) {
        var own: [String: TimeZoneUse] = [:]
        Self.collectTimes(of: component, into: &own)
        if case .zoned(let start, let tzid)? = component.date(named: "DTSTART") {
            // The last occurrence starts at the latest time written (an RDATE) or of the rules'
            // last instances, and lasts as long as the first.
            var last: LocalDateTime? = max(start, own[tzid]?.latest ?? start)
            for rrule in component.all("RRULE") {
                guard let rule = RecurrenceRuleReading(rrule.value).rule else { continue }
                last = last.flatMap { known in lastInstance(rule, start).map { max(known, $0) } }
            }
            let length = Self.length(of: component, startingAt: start)
            let use = TimeZoneUse(earliest: start, latest: last.map { LocalDateTime(secondsSinceEpoch: $0.secondsSinceEpoch + length) })
            own[tzid] = own[tzid]?.including(use) ?? use
        }
        uses.merge(own) { $0.including($1) }
    }

    /// Every date-time written with a TZID in the component and its children.
    private static func collectTimes(of component: Component, into uses: inout [String: TimeZoneUse]) {
        for property in component.properties where !property.parameters.isEmpty {
            guard let tzid = property[parameter: "TZID"] else { continue }
            for text in property.value.split(separator: ",") {
                // A PERIOD (RDATE) is used from its start to its end, or for its duration.
                let parts = text.split(separator: "/", maxSplits: 1)
                guard let time = parts.first.flatMap({ DateValue.read(String($0), tzid: tzid)?.local }) else { continue }
                let end = parts.count == 2 ? Self.periodEnd(String(parts[1]), from: time, tzid: tzid) : time
                let use = TimeZoneUse(earliest: time, latest: max(time, end))
                uses[tzid] = uses[tzid]?.including(use) ?? use
            }
        }
        component.components.forEach { collectTimes(of: $0, into: &uses) }
    }

    /// The end of a period that begins at `start`: its end as written, or its start and duration.
    private static func periodEnd(_ text: String, from start: LocalDateTime, tzid: String) -> LocalDateTime {
        if let end = DateValue.read(text, tzid: tzid) { return end.local }
        let seconds = CalendarDuration(icalendar: text)?.totalSeconds ?? 0
        return LocalDateTime(secondsSinceEpoch: start.secondsSinceEpoch + max(0, seconds))
    }

    /// How long each occurrence lasts, in seconds of wall-clock time: DURATION, or DTEND less DTSTART.
    private static func length(of component: Component, startingAt start: LocalDateTime) -> Int {
        if let duration = component["DURATION"].flatMap({ CalendarDuration(icalendar: $0.value) }) {
            return max(0, duration.totalSeconds)
        }
        return component.date(named: "DTEND").map { max(0, $0.local.secondsSinceEpoch - start.secondsSinceEpoch) } ?? 0
    }
}
