import CalendarStores
import Occurrences

/// The calendars of a CalDAV account as `calbridge calendars` lists them: a table a person reads, or
/// one JSON object a line for a script.
package enum CalendarListing {
    /// One line a calendar, columns aligned: name, colour, components, URL.
    package static func table(_ calendars: [CalDAVCalendar]) -> String {
        let rows = calendars.map {
            [$0.displayName ?? $0.pathName, $0.color ?? "-", $0.components.isEmpty ? "any" : $0.components.joined(separator: ","), $0.url]
        }
        let widths = (0..<3).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            (0..<3).map { row[$0] + String(repeating: " ", count: widths[$0] - row[$0].count) }.joined(separator: "  ") + "  " + row[3]
                + "\n"
        }.joined()
    }

    /// One JSON object a calendar, a line each: name, color, components, url.
    package static func jsonLines(_ calendars: [CalDAVCalendar]) -> String {
        calendars.map { calendar in
            let components = calendar.components.map(OccurrenceFormat.json).joined(separator: ", ")
            return "{\"name\": \(OccurrenceFormat.json(calendar.displayName ?? calendar.pathName)), "
                + "\"color\": \(calendar.color.map(OccurrenceFormat.json) ?? "null"), \"components\": [\(components)], "
                + "\"url\": \(OccurrenceFormat.json(calendar.url))}\n"
        }.joined()
    }
}
