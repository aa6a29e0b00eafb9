import CalendarDocuments
import CalendarStores
import CalendarWebFormats
import Foundation

/// The calendars of a CalDAV account (`calbridge calendars URL`), found from any URL of it, as a
/// table for a person or JSON lines for a program.
package struct AccountCalendars: Sendable {
    package var calendars: [CalDAVCalendar]

    /// Discovers the calendars at `url` (a server root, .well-known/caldav, a principal, a calendar
    /// home or a calendar); a URL that is not http(s) is a usage problem, a path with nothing at it
    /// is `StoreNotFound`, any other failure `StoreUnavailable`.
    package init(at url: String, access: StoreAccess) throws {
        guard let parsed = URL(string: url), url.hasPrefix("http") else { throw UsageProblem(message: "\(url) is not an http or https URL") }
        do {
            calendars = try CalDAVAccount.calendars(at: parsed, user: access.user, password: access.password)
        } catch CalDAVError.collectionNotFound(let missing) {
            throw StoreNotFound(message: "\(url): nothing is at \(missing)")
        } catch let error as CalDAVError {
            throw StoreUnavailable(message: "\(url): \(error)")
        }
    }

    /// One line a calendar, columns aligned: name, colour, components, URL.
    package var table: String {
        let rows = calendars.map { [$0.displayName ?? $0.pathName, $0.color ?? "-", $0.components.isEmpty ? "any" : $0.components.joined(separator: ","), $0.url] }
        let widths = (0..<3).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            (0..<3).map { row[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  ") + "  " + row[3] + "\n"
        }.joined()
    }

    /// One JSON object a line: name, color, components, url.
    package var json: String {
        calendars.map { calendar in
            let components = calendar.components.map(JSONOutput.quoted).joined(separator: ", ")
            return "{\"name\": \(JSONOutput.quoted(calendar.displayName ?? calendar.pathName)), "
                + "\"color\": \(calendar.color.map(JSONOutput.quoted) ?? "null"), \"components\": [\(components)], "
                + "\"url\": \(JSONOutput.quoted(calendar.url))}\n"
        }.joined()
    }
}
