import ArgumentParser
import CalendarTransfer

/// `--user` and `--calendar` of the commands that take a STORE.
struct StoreOptions: ParsableArguments {
    @Option(help: "The user for a CalDAV store (the password comes from CALBRIDGE_PASSWORD).")
    var user: String?

    @Option(
        help:
            "For a CalDAV URL that leads to an account (server root, .well-known/caldav, principal, calendar home): the calendar to use, by display name or URL segment."
    )
    var calendar: String?

    var chosen: StoreAccess { StoreAccess(user: user, calendar: calendar) }
}
