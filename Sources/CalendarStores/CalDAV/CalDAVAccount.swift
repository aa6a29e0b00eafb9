import CalendarWebFormats
import Foundation

/// What a CalDAV URL a user gave leads to (RFC 6764, RFC 4791 §6.2): a calendar collection, the
/// calendars of an account (from a server root, `.well-known/caldav`, a principal or a calendar
/// home), or nothing yet. Redirects on the same server are followed; each request names the path it
/// finally reached, so errors name the redirect's target.
package enum CalDAVLocation: Hashable, Sendable {
    /// The URL is a calendar collection.
    case calendar(CalDAVCalendar)
    /// The URL leads to an account: its calendars and the calendar homes a new one may be made in.
    case account(calendars: [CalDAVCalendar], homes: [String])
    /// Nothing is at the URL (404).
    case missing(url: String)
}

/// Finds calendars from any URL of a CalDAV account and picks or creates the one a command names.
package enum CalDAVAccount {
    /// Where `url` leads, for `user` and `password` (sent only over https or to loopback).
    package static func locate(_ url: URL, user: String?, password: String?) throws -> CalDAVLocation {
        let transport = try CalDAVTransport(endpoint: CalDAVEndpoint(url), user: user, password: password)
        defer { transport.close() }
        return try CalDAVDiscovery(transport: transport).locate(transport.endpoint.path)
    }

    /// The calendars an account holds, found from any URL of it (a calendar's URL gives that one).
    package static func calendars(at url: URL, user: String?, password: String?) throws -> [CalDAVCalendar] {
        switch try locate(url, user: user, password: password) {
        case .calendar(let calendar): return [calendar]
        case .account(let calendars, _): return calendars
        case .missing(let url): throw CalDAVError.collectionNotFound(url)
        }
    }

    /// The collection a command works on: `url` itself when it is a calendar, the calendar `name`
    /// names when `url` leads to an account; with `create`, a missing one is made (a missing `url`,
    /// or `name` in the account's first calendar home), called `name`, else `label`'s name, else its
    /// URL segment, in `label`'s colour. `dryRun` only says what would be made.
    ///
    /// Without `create` a missing collection throws `CalDAVError.noSuchCalendar` listing the
    /// account's calendars; an account URL without `name` throws `CalDAVError.calendarNotNamed`.
    package static func collection(
        _ url: URL, named name: String?, user: String?, password: String?,
        create: Bool, label: CalendarLabel = CalendarLabel(), dryRun: Bool = false
    ) throws -> CalDAVChoice {
        let transport = try CalDAVTransport(endpoint: CalDAVEndpoint(url), user: user, password: password)
        defer { transport.close() }
        let discovery = CalDAVDiscovery(transport: transport)
        switch try discovery.locate(transport.endpoint.path) {
        case .calendar(let calendar):
            if let name, !calendar.isNamed(name, ignoringCase: true) {
                throw CalDAVError.noSuchCalendar(name, available: [calendar.summary])
            }
            return CalDAVChoice(url: calendar.url, exists: true, calendar: calendar)
        case .missing(let missing):
            guard create else {
                throw CalDAVError.noSuchCalendar(missing, available: discovery.calendarsFromRoot().map(\.summary))
            }
            // `missing` is the endpoint's own URL for a path (`url(forPath:)`), which always parses.
            let path = CalDAVPath.asCollection(try CalDAVEndpoint(URL(string: missing)!).path)
            let title = name ?? label.name ?? CalDAVPath.lastSegment(path)
            if !dryRun { try discovery.makeCalendar(at: path, name: title, color: label.color) }
            return CalDAVChoice(url: transport.endpoint.url(forPath: path), exists: false)
        case .account(let calendars, let homes):
            guard let name else { throw CalDAVError.calendarNotNamed(url.absoluteString, available: calendars.map(\.summary)) }
            if let found = calendars.first(where: { $0.isNamed(name, ignoringCase: false) })
                ?? calendars.first(where: { $0.isNamed(name, ignoringCase: true) })
            {
                return CalDAVChoice(url: found.url, exists: true, calendar: found)
            }
            guard create, let home = homes.first else {
                throw CalDAVError.noSuchCalendar(name, available: calendars.map(\.summary))
            }
            let path = CalDAVPath.asCollection(home) + CalDAVPath.resourceSegment(for: name) + "/"
            if !dryRun { try discovery.makeCalendar(at: path, name: name, color: label.color) }
            return CalDAVChoice(url: transport.endpoint.url(forPath: path), exists: false)
        }
    }
}

/// The collection `CalDAVAccount.collection` chose, and whether it is there yet (a dry run or
/// `--create` into a new one plans against an empty collection).
package struct CalDAVChoice: Hashable, Sendable {
    package var url: String
    package var exists: Bool
    /// The collection as discovery found it (nil for one to be made), so opening it asks no more.
    package var calendar: CalDAVCalendar?

    init(url: String, exists: Bool, calendar: CalDAVCalendar? = nil) {
        (self.url, self.exists, self.calendar) = (url, exists, calendar)
    }
}
