import CalendarModel
import ICalendar
import TimeZones

/// `validate`'s engine: every problem of the merged inputs, including those that need the whole
/// calendar, and the calendar `--repair` writes.
package enum CalendarValidation {
    /// The merged calendar and every problem in it: the readers' findings, the checks that need the
    /// whole calendar (VERSION and PRODID, UIDs shared by two masters), floating times a zone should
    /// anchor, and TZIDs without a definition.
    package static func read(_ inputs: CalendarInputs) throws -> (Component, [Diagnostic]) {
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

    /// The verdict on `diagnostics` when they make validate fail: how many errors and warnings, and
    /// how to mend them; nil when there are only notes.
    package static func refusal(_ diagnostics: [Diagnostic]) -> CalendarProblems? {
        let errors = diagnostics.count { $0.severity == .error }, warnings = diagnostics.count { $0.severity == .violation }
        return errors + warnings > 0 ? CalendarProblems(errors: errors, warnings: warnings) : nil
    }

    /// The calendar repaired as the diagnostics' repairs say, with a VTIMEZONE from the tz database
    /// for every TZID used without one, as iCalendar bytes; refused when an error has no repair
    /// that keeps the data.
    package static func repaired(_ calendar: Component, _ diagnostics: [Diagnostic]) throws(Unrepairable) -> [UInt8] {
        let unrepairable = diagnostics.count { $0.severity == .error && $0.repair == nil }
        guard unrepairable == 0 else { throw Unrepairable(count: unrepairable) }
        var repaired = calendar
        CalendarRepair().repair(&repaired)
        var usage = ZoneUsage()
        repaired.components.forEach { usage.record($0) }
        repaired.components += usage.missingDefinitions(resolver: TimeZoneResolver(definitions: [:]))
        return ComponentReader.iCalendarText(repaired)
    }
}

/// What validate found breaks RFC 5545 (exit 65); the diagnostics are printed before it.
package struct CalendarProblems: ExplainedFailure {
    package var errors: Int, warnings: Int
    package var kind: FailureKind { .invalidData }
    package var message: String {
        "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s"); "
            + "`calbridge validate --repair -o FIXED.ics` mends those that say how"
    }
}

/// `validate --repair` refused: some errors cannot be mended without losing data.
package struct Unrepairable: ExplainedFailure {
    package var count: Int
    package var kind: FailureKind { .invalidData }
    package var message: String { "\(count) problems cannot be repaired without losing data; nothing was written" }
}

extension Component {
    /// Where a TZID is first named, for pointing at it.
    func firstUse(of tzid: String) -> SourceLocation? {
        for property in properties where property[parameter: "TZID"] == tzid { return property.location }
        for child in components { if let found = child.firstUse(of: tzid) { return found } }
        return nil
    }
}
