import CalendarModel
import ICalendar
import Platform
import TimeZones

extension TimeZoneMerge {
    /// A merge that judges differing definitions of a TZID against the tz database (see
    /// `ZoneAgreement`) at the times their calendars use: one the kept definition covers there is
    /// left out, definitions the tz database agrees with become one built from it, a later one the
    /// tz database agrees with alone takes the TZID from the kept one, the rest are renamed. A recurring event's times reach its rule's last instance, found by the recurrence
    /// engine.
    package static func judgedByDatabase() -> TimeZoneMerge {
        let agreement = ZoneAgreement()
        var merge = TimeZoneMerge()
        merge.reconcile = { kept, merged, later in
            if agreement.covers(kept, later.definition, at: later.times) { return .covered }
            if let shared = agreement.sharedDefinition(for: (merged + [later]).map { ($0.definition, $0.times) }) { return .shared(shared) }
            return agreement.sharedDefinition(for: [(later.definition, later.times)]).map { .database($0) } ?? .separate
        }
        merge.lastInstance = ZoneAgreement.lastInstance(of:from:)
        return merge
    }
}

extension UsedDefinition {
    /// The wall-clock times its calendar uses it at, a rule without end up to the horizon.
    var times: ClosedRange<LocalDateTime>? {
        use.map { $0.earliest...max($0.earliest, $0.latest ?? ZoneAgreement.horizon) }
    }
}

extension CalendarInputs {
    /// Readies `reader` to merge the inputs: several inputs make a new calendar, which carries
    /// calbridge's PRODID; differing definitions of a time zone are judged against the tz database,
    /// and when there are several inputs every iCalendar file among them is looked ahead at
    /// (`CalendarStreamReader.foresee`). Standard input cannot be read twice; it is decided as it is
    /// read.
    func prepareZoneMerge(_ reader: inout CalendarStreamReader) throws {
        reader.zones = .judgedByDatabase()
        guard paths.count > 1 else { return }
        reader.mergedProductIdentifier = CalbridgeVersion.productIdentifier
        for path in paths where path != "-" {
            // An input that cannot be opened is reported when it is read.
            guard CalendarFormat.of(input: path, given: format) == .ics, (try? InputFile(path: path)) != nil else { continue }
            try reader.foresee { try InputFile(path: path) }
        }
    }
}
