import CalendarModel
import TimeZones

/// An override as a series uses it: the instance it replaces, named by its key (see
/// `TimeZoneResolver.key`) and by its RECURRENCE-ID in the master's form.
struct SeriesOverride {
    var key: Int?
    var recurrenceID: DateValue?
    var component: Component

    var replacesOnward: Bool {
        component["RECURRENCE-ID"]?[parameter: "RANGE"]?.uppercased() == "THISANDFUTURE"
    }
}

extension SeriesExpansion {
    /// One override per instance: of two, the higher SEQUENCE, else the first in the file (real
    /// files hold the same override twice, or an old copy beside a new one). In an all-day series a
    /// date-time RECURRENCE-ID names the date it is written on (Exchange writes midnight in its own
    /// zone, which in UTC can be the day before).
    func chosenOverrides(allDay: Bool, resolver: TimeZoneResolver) -> [SeriesOverride] {
        var chosen: [SeriesOverride] = []
        var place: [Int: Int] = [:]
        for component in overrides {
            let written = component.date(named: "RECURRENCE-ID")
            let recurrenceID = written.map { allDay ? .date($0.local.date) : $0 }
            let override = SeriesOverride(key: recurrenceID.map(resolver.key), recurrenceID: recurrenceID, component: component)
            guard let key = override.key else {
                chosen.append(override)
                continue
            }
            if let index = place[key] {
                if Self.sequence(of: component) > Self.sequence(of: chosen[index].component) { chosen[index] = override }
            } else {
                place[key] = chosen.count
                chosen.append(override)
            }
        }
        return chosen
    }

    /// The overrides that stand beside `master`: not one of an instance the master excludes, and
    /// not a stale one, older than the master, with a rule of its own, for an instance the master
    /// no longer has (a client that shortened a series left it behind). Every other override stays,
    /// also one whose instance the master no longer has.
    func standingOverrides(
        _ master: Component, _ set: RecurrenceSet, _ excluded: Exclusions,
        _ resolver: TimeZoneResolver
    ) -> [SeriesOverride] {
        let masterSequence = Self.sequence(of: master)
        return chosenOverrides(allDay: set.start.isAllDay, resolver: resolver).filter { override in
            // An override whose DTSTART cannot be read leaves its instance as the master has it.
            guard !Self.hasUnusableStart(override.component) else { return false }
            guard let key = override.key, let recurrenceID = override.recurrenceID else { return true }
            if excluded.matches(recurrenceID, key) { return false }
            let stale =
                Self.sequence(of: override.component) < masterSequence && override.component.has("RRULE")
                && !set.produces(key, resolver: resolver)
            return !stale
        }
    }

    /// Whether a component writes a DTSTART that cannot be read (one without DTSTART is not such).
    package static func hasUnusableStart(_ component: Component) -> Bool {
        component.has("DTSTART") && !hasUsableStart(component)
    }

    /// SEQUENCE, a missing or unreadable one lowest.
    static func sequence(of component: Component) -> Int {
        component["SEQUENCE"].flatMap { Int($0.value) } ?? Int.min
    }
}
