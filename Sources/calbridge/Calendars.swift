import ArgumentParser
import CalendarTransfer

/// `calbridge calendars`: the calendar collections of a CalDAV account.
struct Calendars: ParsableCommand, ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendars",
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
        let calendars = try CalendarListing.calendars(at: url, access: StoreAccess(user: user))
        Terminal.write(reporting.json ? CalendarListing.jsonLines(calendars) : CalendarListing.table(calendars), to: .standardOutput)
    }
}
