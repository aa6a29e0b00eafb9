import CalendarModel
import OrderedCollections

/// Which TZIDs a calendar's components use and over which years, so that calbridge can add a
/// VTIMEZONE for every TZID it writes that the input did not define (RFC 5545 §3.6.5 requires one).
package struct ZoneUsage: Sendable {
    /// The TZIDs in order of first use, each with the years it is used in and where it is first named.
    private var used: OrderedDictionary<String, (years: ClosedRange<Int>, firstUse: SourceLocation?)> = [:]
    private var defined: Set<String> = []

    package init() {}

    /// Notes the TZIDs and years of one top-level component (or the VTIMEZONE it defines).
    package mutating func record(_ component: Component) {
        if component.name == "VTIMEZONE", let tzid = component["TZID"]?.text {
            defined.insert(tzid)
            return
        }
        // Only a property with parameters can have a TZID: the others (most of them) are passed over
        // in place rather than copied out one by one.
        for index in component.properties.indices where !component.properties[index].parameters.isEmpty {
            let property = component.properties[index]
            guard let tzid = property[parameter: "TZID"], let years = Self.years(in: property.value) else { continue }
            note(tzid, years, at: property.location)
        }
        if let tzid = component["DTSTART"]?[parameter: "TZID"] {
            // Only an UNTIL can take a series into other years; most rules have none and need no parsing.
            let bounded = component.all("RRULE").filter { Self.mentionsUntil($0.value) }
            for rule in bounded.compactMap({ RecurrenceRuleReading($0.value).rule }) {
                guard let until = rule.until else { continue }
                note(tzid, until.local.date.year...until.local.date.year, at: nil)
            }
        }
        component.components.forEach { record($0) }
    }

    /// The usage of one top-level component by itself, to be `merge`d in file order.
    package init(of component: Component) {
        record(component)
    }

    /// Adds what `other`, noted on later components, found.
    package mutating func merge(_ other: ZoneUsage) {
        for (tzid, use) in other.used { note(tzid, use.years, at: use.firstUse) }
        defined.formUnion(other.defined)
    }

    /// The TZIDs used but not defined, each with the years it is used in, in order of first use.
    package var undefined: [(tzid: String, years: ClosedRange<Int>)] {
        used.filter { !defined.contains($0.key) }.map { ($0.key, $0.value.years) }
    }

    /// VTIMEZONEs for the undefined TZIDs the resolver can find in the tz database (also through
    /// Windows and vendor names); the others stay undefined and are reported by `validate`.
    package func missingDefinitions(resolver: TimeZoneResolver) -> [Component] {
        undefined.compactMap { usage in
            resolver.databaseZone(for: usage.tzid).map { VTimezoneBuilder().vtimezone(tzid: usage.tzid, zone: $0, years: usage.years) }
        }
    }

    /// The undefined TZIDs the resolver cannot find either, whose times are read as floating, each
    /// with where it is first named.
    package func unresolvable(resolver: TimeZoneResolver) -> [(tzid: String, firstUse: SourceLocation?)] {
        used.filter { !defined.contains($0.key) && resolver.databaseZone(for: $0.key) == nil }.map { ($0.key, $0.value.firstUse) }
    }

    /// `calendar` (a VCALENDAR) with a VTIMEZONE from the tz database, before its other components,
    /// for every TZID it uses without defining (see `missingDefinitions`): what `import` puts into a
    /// store and `export` writes then carries a definition for each TZID, as `convert`'s output does.
    package static func completing(_ calendar: Component, resolver: TimeZoneResolver = TimeZoneResolver(definitions: [:])) -> Component {
        var completed = calendar
        completed.components.insert(contentsOf: ZoneUsage(of: calendar).missingDefinitions(resolver: resolver), at: 0)
        return completed
    }

    /// The years of the dates in a value (one date or a comma-separated list), `nil` if none reads.
    private static func years(in value: String) -> ClosedRange<Int>? {
        var low = Int.max, high = Int.min
        // The non-empty items between commas, walked in place: an array of them for each DTSTART and
        // DTEND of a convert was a share of its reading.
        let utf8 = value.utf8
        var start = utf8.startIndex
        while start < utf8.endIndex {
            let end = utf8[start...].firstIndex(of: UInt8(ascii: ",")) ?? utf8.endIndex
            defer { start = end < utf8.endIndex ? utf8.index(after: end) : end }
            guard start < end, let year = DateValue(icalendar: String(Substring(utf8[start..<end].prefix(15))))?.local.date.year else {
                continue
            }
            low = min(low, year)
            high = max(high, year)
        }
        return low <= high ? low...high : nil
    }

    /// Whether the rule's text holds UNTIL in any case, searched byte by byte: upper-casing every rule
    /// and asking Foundation, or the standard library's generic search, cost far more (Benchmarks/NOTES.md).
    private static func mentionsUntil(_ rule: String) -> Bool {
        ASCII.contains(rule, ignoringCase: "UNTIL")
    }

    private mutating func note(_ tzid: String, _ range: ClosedRange<Int>, at place: SourceLocation?) {
        // One lookup of the TZID, whose years are then widened in place.
        if let index = used.index(forKey: tzid) {
            let known = used.values[index].years
            used.values[index].years = min(known.lowerBound, range.lowerBound)...max(known.upperBound, range.upperBound)
        } else {
            used[tzid] = (range, place)
        }
    }
}
