import CalendarModel
import Foundation
import ICalendar
import TimeZones

/// What validate needs of one top-level component once it is read, worked out on the reader's
/// worker so that the component itself can go: its floating times, the zones it uses, and, under
/// `--repair`, the component repaired and written. Without a repair, the findings of a run of
/// components a worker joins (see `CalendarStreamReader.joinsNotes`) combine into one.
struct ComponentFindings: Sendable {
    /// How many components these are the findings of.
    var componentCount = 1
    var floatingTimes: Int
    /// The zones the component uses, as `ZoneUsage` notes them (years, definitions).
    var zones: ZoneUsage
    /// Every TZID it names, in order, with the first property naming it.
    var namedZones = NamedZones()
    /// The repaired component's iCalendar text and the zones it then uses (the anchored floating
    /// times add X-WR-TIMEZONE's); `nil` when not repairing.
    var repaired: (text: [UInt8], zones: ZoneUsage)?
    /// The X-WR-TIMEZONE the repair anchored floating times in: a worker may have repaired the
    /// component before the property reached the caller.
    var repairZone: String?

    /// `repairing` in the calendar's X-WR-TIMEZONE `zone` (its text), when it has one.
    init(_ component: Component, repairing: Bool, zone: String?) {
        floatingTimes = CalendarRepair.floatingTimes(in: component)
        zones = ZoneUsage(of: component)
        namedZones.collect(component)
        guard repairing else { return }
        repairZone = zone
        var mended = component
        CalendarRepair.repair(&mended, zone: zone)
        repaired = (ComponentReader.iCalendarText(mended), ZoneUsage(of: mended))
    }

    /// Adds the findings of a later component, which has no repair.
    mutating func merge(_ later: ComponentFindings) {
        componentCount += later.componentCount
        floatingTimes += later.floatingTimes
        zones.merge(later.zones)
        namedZones.merge(later.namedZones)
    }
}

/// The TZIDs named in a calendar, in order of first use, each with the first property naming it.
struct NamedZones {
    private(set) var tzids: [String] = []
    private var firstUse: [String: SourceLocation?] = [:]

    /// Where `tzid` is first named; `nil` when it is not, or by a property without a place.
    subscript(tzid: String) -> SourceLocation? {
        firstUse[tzid] ?? nil
    }

    mutating func note(_ tzid: String, at location: SourceLocation?) {
        guard firstUse[tzid] == nil else { return }
        tzids.append(tzid)
        firstUse[tzid] = .some(location)
    }

    /// Notes the TZID parameters of the component's properties, then of the components inside it.
    mutating func collect(_ component: Component) {
        for property in component.properties where !property.parameters.isEmpty {
            if let tzid = property[parameter: "TZID"] { note(tzid, at: property.location) }
        }
        for child in component.components { collect(child) }
    }

    /// Adds what `later`, noted on later components, names.
    mutating func merge(_ later: NamedZones) {
        for tzid in later.tzids { note(tzid, at: later[tzid]) }
    }
}

/// The calendar's X-WR-TIMEZONE as the repair of each component needs it, told to the workers once
/// the reader hands the property on. A component a worker repaired before then is repaired again
/// when it is handed on, and one handed on before then makes `ValidationPass` read again.
/// `@unchecked Sendable`: `known` is read and written only under `lock`.
final class CalendarZone: @unchecked Sendable {
    private let lock = NSLock()
    private var known: String?

    init(_ name: String?) {
        known = name
    }

    /// The zone's name (the property's text), `nil` while none has been handed on.
    var name: String? {
        lock.lock()
        defer { lock.unlock() }
        return known
    }

    func learn(_ name: String) {
        lock.lock()
        defer { lock.unlock() }
        known = known ?? name
    }
}

/// What validate keeps of the whole calendar while it streams: small summaries rather than its
/// components, enough for the checks that need them all — floating times X-WR-TIMEZONE should
/// anchor, and TZIDs used without a definition.
struct CalendarSummary {
    /// The merged calendar's properties, in the order handed on.
    var properties: [Property] = []
    var componentCount = 0
    var floatingTimes = 0
    var zones = ZoneUsage()
    /// Each TZID named by a component, in order of first use, with where.
    var namedByComponents = NamedZones()
    /// The first VTIMEZONE of each TZID, as the resolver takes them.
    var definitions: [String: Component] = [:]

    /// Adds the findings of a component, or of components joined on a worker; `component` is its
    /// tree when it came back from its worker (a VTIMEZONE always does).
    mutating func add(_ component: Component?, _ findings: ComponentFindings) {
        componentCount += findings.componentCount
        floatingTimes += findings.floatingTimes
        zones.merge(findings.zones)
        namedByComponents.merge(findings.namedZones)
        if let component, component.name == "VTIMEZONE", let tzid = component["TZID"]?.value, definitions[tzid] == nil {
            definitions[tzid] = component
        }
    }

    /// The calendar's X-WR-TIMEZONE.
    var zoneProperty: Property? {
        properties.first { $0.name == "X-WR-TIMEZONE" }
    }

    /// Every TZID named, in the order a walk of the whole calendar meets them (the calendar's own
    /// properties first), each with the first property naming it.
    var namedZones: NamedZones {
        var named = NamedZones()
        named.collect(Component(name: "VCALENDAR", properties: properties))
        named.merge(namedByComponents)
        return named
    }

    /// The notice on floating times, and a violation for each TZID without a VTIMEZONE: those the
    /// tz database knows can be given one; the rest are read as floating.
    func diagnostics(file: String) -> [Diagnostic] {
        let notice = CalendarRepair.floatingTimeNotice(zone: zoneProperty, floatingCount: floatingTimes, file: file)
        let resolver = TimeZoneResolver(definitions: definitions, calendarZone: zoneProperty?.text)
        let named = namedZones
        let unknown = named.tzids.filter { resolver.guessesZone(for: $0) }
        let unknownSet = Set(unknown)
        let missing = zones.undefined.filter { !unknownSet.contains($0.tzid) }.map { used in
            Diagnostic(
                .violation, file: file, at: named[used.tzid],
                "TZID \(used.tzid) has no VTIMEZONE in the file, which RFC 5545 §3.6.5 requires",
                repair: "adds one built from the tz database for \(used.years.lowerBound)–\(used.years.upperBound)")
        }
        return (notice.map { [$0] } ?? []) + missing
            + unknown.map { tzid in
                Diagnostic(.violation, file: file, at: named[tzid], TimeZoneResolver.unknownZoneMessage(tzid), repair: nil)
            }
    }
}
