import CalendarModel
import Foundation

/// Finds the rules for a TZID the way real files need: the calendar's own VTIMEZONE first (completed
/// by the tz database outside the years it defines, when it stops short), then the
/// system tz database by IANA name (also behind vendor prefixes such as
/// `/freeassociation.sourceforge.net/` or `/mozilla.org/20070129_1/`), then Windows zone IDs as
/// Exchange writes them (CLDR's mapping), then the display names Windows has shipped, as Outlook
/// writes them (`(UTC-05:00) Eastern Time (US & Canada)`, `(GMT-05:00) …`, whatever offset the name
/// states), then a display name in another language by the first tz database city it lists
/// (`(UTC+01:00) Amsterdam, Berlin, Bern, Rom, Stockholm, Wien`). A name that states only an offset
/// (`(GMT +01:00)`, `GMT+0100`), or an offset and a place none of these knows, is that fixed offset
/// (``StatedOffsetZone``); any other TZID resolves to `nil`, and its times are read as floating.
///
/// `@unchecked Sendable`: the workers expanding series share one resolver; what changes after `init`
/// (`definitions`, `cache`) is touched only under `lock`, and the rest is set in `init` only.
package final class TimeZoneResolver: @unchecked Sendable {
    private let zoneDirectory: String
    /// Guards `definitions` and `cache`: workers expanding series in parallel share one resolver.
    private let lock = NSLock()
    private var definitions: [String: Component]
    private var cache: [String: (any ZoneRules)?] = [:]
    /// The zone X-WR-TIMEZONE names, in which Google and Apple mean the calendar's floating times.
    /// Set once, in `init`, so workers read it without the lock.
    package private(set) var calendarZone: (any ZoneRules)?

    package init(definitions: [String: Component], calendarZone: String? = nil, zoneDirectory: String = "/usr/share/zoneinfo") {
        self.definitions = definitions
        self.zoneDirectory = zoneDirectory
        self.calendarZone = calendarZone.flatMap { resolve($0) }
    }

    /// A resolver for the VTIMEZONEs and X-WR-TIMEZONE of a calendar.
    package convenience init(calendar: Component) {
        let view = EventCalendar(component: calendar)
        self.init(definitions: view.timeZoneDefinitions, calendarZone: view.timeZone)
    }

    package func zone(for tzid: String) -> (any ZoneRules)? {
        lock.lock()
        defer { lock.unlock() }
        if let known = cache[tzid] { return known }
        let found = resolve(tzid)
        cache[tzid] = .some(found)
        return found
    }

    /// Adds a VTIMEZONE read after the resolver was made (a calendar read as it streams in). Returns
    /// `false` when its TZID was already resolved without it: times read before then may be wrong.
    /// A TZID already defined keeps its first definition, as in `EventCalendar.timeZoneDefinitions`.
    package func define(_ zone: Component) -> Bool {
        guard let tzid = zone["TZID"]?.value else { return true }
        lock.lock()
        defer { lock.unlock() }
        if definitions[tzid] == nil { definitions[tzid] = zone }
        return cache[tzid] == nil
    }

    private func resolve(_ tzid: String) -> (any ZoneRules)? {
        if let definition = definitions[tzid], let zone = try? DefinedTimeZone(definition) {
            guard let span = zone.definedSpan, let database = databaseZone(for: tzid) else { return zone }
            return PartlyDefinedZone(definition: zone, span: span, database: database)
        }
        if tzid.uppercased() == "UTC" || tzid.uppercased() == "Z" || tzid == "GMT" { return FixedOffsetZone(seconds: 0) }
        if let zone = databaseZone(for: tzid) { return zone }
        return WindowsDisplayName(tzid).map { StatedOffsetZone(seconds: $0.statedOffset) }
    }

    /// Whether the times in `tzid` are read by a guess a person must hear of: as floating (nothing
    /// resolves it) or at the fixed offset its name states.
    package func guessesZone(for tzid: String) -> Bool {
        let found = zone(for: tzid)
        return found == nil || found is StatedOffsetZone
    }

    /// The tz database zone a TZID names, ignoring the file's own VTIMEZONEs: by IANA name (also
    /// behind a vendor prefix), Windows zone ID or Windows display name.
    package func databaseZone(for tzid: String) -> SystemTimeZone? {
        if let zone = systemZone(tzid) { return zone }
        if let zone = windowsZone(tzid) { return zone }
        guard let name = WindowsDisplayName(tzid), !name.place.isEmpty else { return nil }
        if let windowsName = Self.windowsNameByPlace[name.place], let zone = windowsZone(windowsName) { return zone }
        return cityZone(name.placeAsWritten)
    }

    private func windowsZone(_ windowsName: String) -> SystemTimeZone? {
        WindowsZoneNames.ianaByWindowsName[windowsName].flatMap(systemZone)
    }

    /// The Windows zone ID of each display name's place in its normal form: the offset a name states
    /// is left out, since Windows changed it where the zone stayed (Caracas -04:30 → -04:00).
    private static let windowsNameByPlace: [String: String] = Dictionary(
        WindowsZoneNames.windowsNameByDisplayName.compactMap { name, windowsName in
            WindowsDisplayName(name).map { ($0.place, windowsName) }
        },
        // Two IDs sharing a place would be a slip in the table, which its test catches; `min` keeps
        // the choice the same on every run meanwhile.
        uniquingKeysWith: { min($0, $1) })

    /// The system zone for a name, also when a vendor prefix stands before it: the longest tail of
    /// the path that names a zone wins. Tails longer than any zone name are not tried, so a TZID of
    /// thousands of parts costs its length, not its length times its parts.
    private func systemZone(_ name: String) -> SystemTimeZone? {
        let parts = name.split(separator: "/")
        var first = parts.endIndex, tailLength = -1
        while first > parts.startIndex, tailLength + 1 + parts[first - 1].utf8.count <= SystemTimeZone.longestIdentifier {
            first -= 1
            tailLength += 1 + parts[first].utf8.count
        }
        for start in first..<parts.endIndex {
            let candidate = parts[start...].joined(separator: "/")
            if let zone = SystemTimeZone(identifier: candidate, directory: zoneDirectory) { return zone }
        }
        return nil
    }

    private static let regions = ["Europe", "America", "Asia", "Africa", "Australia", "Pacific", "Atlantic", "Indian"]

    /// A display name Windows shipped in another language (`Amsterdam, Berlin, Bern, Rom, Stockholm,
    /// Wien`): the first listed city that is a zone of the tz database.
    /// Each city is looked up once, however often a long list repeats it.
    private func cityZone(_ cities: String) -> SystemTimeZone? {
        var tried: Set<String> = []
        for city in cities.split(separator: ",").map({ $0.surroundingWhitespaceRemoved.replacing(" ", with: "_") })
        where !city.isEmpty && tried.insert(city).inserted {
            for region in Self.regions {
                if let zone = SystemTimeZone(identifier: region + "/" + city, directory: zoneDirectory) { return zone }
            }
        }
        return nil
    }
}

extension TimeZoneResolver {
    /// What calbridge says of a TZID it cannot resolve, wherever it meets one.
    package static func unknownZoneMessage(_ tzid: String) -> String {
        if let name = WindowsDisplayName(tzid) {
            return "TZID \(tzid) names no zone calbridge knows, only the UTC offset \(name.offsetText): its times are read at "
                + "that fixed offset, which is right in one season only where the clocks change for summer"
        }
        return
            "TZID \(tzid) is neither defined by a VTIMEZONE in the file nor a zone of the tz database or Windows; its times are read as floating"
            + (nearestZoneName(to: tzid).map { " (did you mean \($0)?)" } ?? "")
    }

    /// `--tz` names no zone calbridge knows, nor one the calendar defines: what to write instead.
    package func unknownDisplayZone(_ name: String) -> UsageProblem {
        let meant = Self.nearestZoneName(to: name, directory: zoneDirectory).map { "did you mean \($0)? Or " } ?? ""
        return UsageProblem(
            message: "--tz \(name) is not a time zone calbridge knows; "
                + meant + "give an IANA name (Europe/Berlin) or a Windows one (W. Europe Standard Time)")
    }

    /// The tz database or Windows zone name `name` is most likely a slip for (`Europe/Berln`).
    static func nearestZoneName(to name: String, directory: String = systemZoneDirectory) -> String? {
        let names = directory == systemZoneDirectory ? systemZoneNames : zoneNames(in: directory)
        return NearestName.nearest(to: name, among: names)
    }

    private static let systemZoneDirectory = "/usr/share/zoneinfo"
    /// The system's zone names, listed once: a file naming many unknown TZIDs asks for each.
    private static let systemZoneNames = zoneNames(in: systemZoneDirectory)

    private static func zoneNames(in directory: String) -> [String] {
        SystemTimeZone.identifiers(directory: directory) + WindowsZoneNames.ianaByWindowsName.keys
    }

    /// The TZIDs a calendar uses that nothing resolves to a zone, each with the first property that
    /// names it: `validate` reports them, and their times are read as floating or at the offset
    /// their name states (`guessesZone`).
    package func unknownZones(in calendar: Component) -> [(tzid: String, property: Property)] {
        var seen: Set<String> = []
        var unknown: [(tzid: String, property: Property)] = []
        func visit(_ component: Component) {
            for property in component.properties {
                guard let tzid = property[parameter: "TZID"], seen.insert(tzid).inserted else { continue }
                if guessesZone(for: tzid) { unknown.append((tzid, property)) }
            }
            component.components.forEach(visit)
        }
        visit(calendar)
        return unknown
    }
}
