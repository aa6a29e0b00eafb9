import ArgumentParser
import CalendarDocuments
import CalendarStores
import CalendarTransfer
import Foundation
import Occurrences

/// `calbridge calendars`: the calendar collections of a CalDAV account.
struct Calendars: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the calendars of a CalDAV account: name, colour, components, URL.",
        discussion: """
        URL may be a server root, .well-known/caldav, a principal, a calendar home or a calendar; \
        calbridge follows RFC 6764 and RFC 4791 (current-user-principal, calendar-home-set). Name one \
        with --calendar in import, export and sync.

        Example:
          calbridge calendars https://dav.example.org/ --user me
        """)

    @Argument(help: "A URL of the CalDAV account.")
    var url: String

    @Option(help: "The user (the password comes from CALBRIDGE_PASSWORD).")
    var user: String?

    @OptionGroup var reporting: ReportingOptions

    func run() throws {
        reporting.apply()
        guard let parsed = URL(string: url), url.hasPrefix("http") else { throw UsageProblem(message: "\(url) is not an http or https URL") }
        let calendars: [CalDAVCalendar]
        do {
            calendars = try CalDAVAccount.calendars(at: parsed, user: user, password: StoreAccess(user: user).password)
        } catch CalDAVError.collectionNotFound(let missing) {
            throw StoreNotFound(message: "\(url): nothing is at \(missing)")
        } catch let error as CalDAVError {
            throw StoreUnavailable(message: "\(url): \(error)")
        }
        Terminal.write(reporting.json ? calendars.map(Self.json).joined() : Self.table(calendars), to: .standardOutput)
    }

    /// One line a calendar, columns aligned: name, colour, components, URL.
    static func table(_ calendars: [CalDAVCalendar]) -> String {
        let rows = calendars.map { [$0.displayName ?? $0.pathName, $0.color ?? "-", $0.components.isEmpty ? "any" : $0.components.joined(separator: ","), $0.url] }
        let widths = (0..<3).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            (0..<3).map { row[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  ") + "  " + row[3] + "\n"
        }.joined()
    }

    static func json(_ calendar: CalDAVCalendar) -> String {
        let components = calendar.components.map(OccurrenceFormat.json).joined(separator: ", ")
        return "{\"name\": \(OccurrenceFormat.json(calendar.displayName ?? calendar.pathName)), "
            + "\"color\": \(calendar.color.map(OccurrenceFormat.json) ?? "null"), \"components\": [\(components)], "
            + "\"url\": \(OccurrenceFormat.json(calendar.url))}\n"
    }
}
