import ArgumentParser
import CalendarTransfer
import Foundation

/// Who to be on each of two stores (`verify`, `mirror`): a user and calendar for each, and each
/// password from the environment (CALBRIDGE_SOURCE_PASSWORD, CALBRIDGE_TARGET_PASSWORD, either
/// falling back to CALBRIDGE_PASSWORD), never from the command line.
struct StorePairOptions: ParsableArguments {
    @Option(help: "The user for a CalDAV source (the password comes from CALBRIDGE_SOURCE_PASSWORD, else CALBRIDGE_PASSWORD).")
    var sourceUser: String?
    @Option(help: "For a source URL that leads to an account: the calendar to use, by display name or URL segment.")
    var sourceCalendar: String?
    @Option(help: "The user for a CalDAV target (the password comes from CALBRIDGE_TARGET_PASSWORD, else CALBRIDGE_PASSWORD).")
    var targetUser: String?
    @Option(help: "For a target URL that leads to an account: the calendar to use, by display name or URL segment.")
    var targetCalendar: String?

    var source: StoreAccess { Self.access(user: sourceUser, calendar: sourceCalendar, variable: "CALBRIDGE_SOURCE_PASSWORD") }
    var target: StoreAccess { Self.access(user: targetUser, calendar: targetCalendar, variable: "CALBRIDGE_TARGET_PASSWORD") }

    private static func access(user: String?, calendar: String?, variable: String) -> StoreAccess {
        let environment = ProcessInfo.processInfo.environment
        return StoreAccess(user: user, calendar: calendar, password: environment[variable] ?? environment["CALBRIDGE_PASSWORD"])
    }
}
