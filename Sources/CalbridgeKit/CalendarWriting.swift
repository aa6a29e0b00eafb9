import TimeZones
import CalendarWebFormats
import Foundation
import ICalendar

extension EventCalendar {
    /// The calendar written in `format`: everything read is written back, what the friendly views
    /// have no field for included, and a VTIMEZONE from the tz database is added for each TZID used
    /// without one (as `calbridge convert` does), so a calendar built in code is a valid one.
    ///
    /// - Precondition: `format.isWritable` (contact cards and timetables are only read).
    public func data(as format: CalendarFileFormat = .ics) -> Data {
        precondition(format.isWritable, "calbridge reads \(format.rawValue) but does not write it")
        let calendar = ZoneUsage.completing(component, resolver: ZoneLookup.database)
        switch format {
        case .xCal: return Data(XCalWriter().document(for: calendar))
        case .jCal: return Data(JCalWriter().document(for: calendar))
        case .modelJSON:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            // Encoding the model cannot fail: every value is a string, number, array or object.
            return (try? encoder.encode(ModelJSON(calendar))).map { $0 + [0x0A] } ?? Data()
        default:
            var writer = ICalendarWriter()
            writer.write(calendar)
            return Data(writer.bytes)
        }
    }

    /// Writes the calendar to a file, whole or not at all (see ``data(as:)``); the format is taken
    /// from the name (`.ics`, `.xcs`/`.xml`, `.jcal`, `.json`) when not given, iCalendar when the
    /// name says none.
    public func write(to url: URL, as format: CalendarFileFormat? = nil) throws {
        let named = CalendarFileFormat(fileExtension: url.pathExtension).flatMap { $0.isWritable ? $0 : nil }
        try data(as: format ?? named ?? .ics).write(to: url, options: .atomic)
    }
}
