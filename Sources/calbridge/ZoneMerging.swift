import CalbridgeKit
import ICalendar

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
