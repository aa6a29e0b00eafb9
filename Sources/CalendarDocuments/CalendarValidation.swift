import CalendarModel
import ICalendar
import TimeZones

/// `validate`'s engine: every problem of the merged inputs, including those that need the whole
/// calendar, and the calendar `--repair` writes.
public enum CalendarValidation {
    /// The merged calendar and every problem in it: the readers' findings, the checks that need the
    /// whole calendar (VERSION and PRODID, UIDs shared by two masters), floating times a zone should
    /// anchor, and TZIDs without a definition.
    public static func read(_ inputs: CalendarInputs) throws -> (Component, [Diagnostic]) {
        // Those whole-calendar checks run in validate only: convert keeps going on violations, and
        // expand only reads times.
        let (calendar, found) = try inputs.readCalendar(checksWholeCalendar: true)
        let file = inputs.paths.first ?? "-"
        let floating = calendar.components.map(CalendarRepair.floatingTimes(in:)).reduce(0, +)
        let notice = CalendarRepair.floatingTimeNotice(zone: calendar["X-WR-TIMEZONE"], floatingCount: floating, file: file)
        return (calendar, found + (notice.map { [$0] } ?? []) + zoneProblems(calendar, file: file))
    }

    /// TZIDs no VTIMEZONE defines: those the tz database knows can be given one; the rest are read as floating.
    private static func zoneProblems(_ calendar: Component, file: String) -> [Diagnostic] {
        let resolver = TimeZoneResolver(calendar: calendar)
        let unknown = resolver.unknownZones(in: calendar)
        var usage = ZoneUsage()
        calendar.components.forEach { usage.record($0) }
        let missing = usage.undefined.filter { used in !unknown.contains { $0.tzid == used.tzid } }.map { used in
            Diagnostic(.violation, file: file, at: calendar.firstUse(of: used.tzid),
                       "TZID \(used.tzid) has no VTIMEZONE in the file, which RFC 5545 §3.6.5 requires",
                       repair: "adds one built from the tz database for \(used.years.lowerBound)–\(used.years.upperBound)")
        }
        return missing + unknown.map { unknown in
            Diagnostic(.violation, file: file, at: unknown.property.location, TimeZoneResolver.unknownZoneMessage(unknown.tzid), repair: nil)
        }
    }

    /// The calendar repaired as the diagnostics' repairs say, with a VTIMEZONE from the tz database
    /// for every TZID used without one, as iCalendar bytes.
    public static func repaired(_ calendar: Component, now: LocalDateTime) -> [UInt8] {
        var repaired = calendar
        CalendarRepair(now: now).repair(&repaired)
        var usage = ZoneUsage()
        repaired.components.forEach { usage.record($0) }
        repaired.components += usage.missingDefinitions(resolver: TimeZoneResolver(definitions: [:]))
        return ComponentReader.iCalendarText(repaired)
    }
}

extension Component {
    /// Where a TZID is first named, for pointing at it.
    func firstUse(of tzid: String) -> SourceLocation? {
        for property in properties where property[parameter: "TZID"] == tzid { return property.location }
        for child in components { if let found = child.firstUse(of: tzid) { return found } }
        return nil
    }
}
