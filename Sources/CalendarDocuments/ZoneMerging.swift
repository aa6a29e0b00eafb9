import ICalendar
import InputFiles
import TimeZones

extension TimeZoneMerge {
    /// A merge that judges differing definitions of a TZID against the tz database (see
    /// `ZoneAgreement`): one the kept definition covers is left out, definitions the tz database
    /// agrees with become one built from it, the rest are renamed.
    public static func judgedByDatabase() -> TimeZoneMerge {
        let agreement = ZoneAgreement()
        var merge = TimeZoneMerge()
        merge.reconcile = { kept, merged, later in
            if agreement.covers(kept, later) { return .covered }
            return agreement.sharedDefinition(for: merged + [later]).map { .shared($0) } ?? .separate
        }
        return merge
    }
}

extension CalendarInputs {
    /// Readies `reader` to merge the inputs' time zones: differing definitions are judged against
    /// the tz database, and when there are several inputs every iCalendar file among them is looked
    /// ahead at (`CalendarStreamReader.foresee`). Standard input cannot be read twice; it is decided
    /// as it is read.
    func prepareZoneMerge(_ reader: inout CalendarStreamReader) throws {
        reader.zones = .judgedByDatabase()
        guard paths.count > 1 else { return }
        for path in paths where path != "-" {
            // An input that cannot be opened is reported when it is read.
            guard (try? CalendarFormat.of(input: path, given: format)) == .ics, let input = try? InputFile(path: path) else { continue }
            try reader.foresee(input)
        }
    }
}
