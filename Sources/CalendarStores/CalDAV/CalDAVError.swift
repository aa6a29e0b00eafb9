/// Why a CalDAV server could not be used or refused a request, beyond what ``StoreError`` says.
/// Messages name the URL without credentials and never carry the password.
package enum CalDAVError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The server answered 4xx (or a 412 that carried a precondition). `precondition` is the local
    /// name of the element inside the server's `DAV:error` body, such as `no-uid-conflict`,
    /// `valid-calendar-data` or `max-resource-size` (RFC 4791 §1.3, RFC 4918 §16), when it sent one;
    /// `detail` is the body's text, trimmed and shortened, so the server's own words reach the user.
    case refused(status: Int, precondition: String?, detail: String)
    /// A status calbridge has no meaning for here, such as a redirect it will not follow with credentials.
    case unexpectedStatus(Int, detail: String)
    /// Basic authentication over plain http to another machine would send the password in clear text.
    case credentialsNeedHTTPS(host: String)
    /// The URL is not http or https, or has no host.
    case unsupportedURL(String)
    /// The collection does not exist and was not to be created.
    case collectionNotFound(String)
    /// The server's answer could not be read (a broken multistatus, a reply missing what it must hold).
    case unreadableAnswer(String)
    /// The server refused the credentials (401): `user` as sent (nil: none), `passwordGiven` whether
    /// CALBRIDGE_PASSWORD was set.
    case unauthorized(user: String?, passwordGiven: Bool)
    /// The calendar a URL or `--calendar` names is not there; `available` lists the account's
    /// calendars (`CalDAVCalendar.summary`), as far as the server tells.
    case noSuchCalendar(String, available: [String])
    /// The URL leads to an account with several calendars, and none was named.
    case calendarNotNamed(String, available: [String])

    package var description: String {
        switch self {
        case .refused(let status, let precondition?, let detail)
        where ["unique-scheduling-object-resource", "no-uid-conflict"].contains(precondition):
            // The body names the resource that already holds the UID, not one calbridge wrote.
            return "the CalDAV server refused the request (\(status), \(precondition)): the account already holds this UID"
                + (detail.isEmpty ? "" : " in \(detail)") + ", another resource which calbridge did not write to"
        case .refused(let status, let precondition?, let detail):
            return "the CalDAV server refused the request (\(status), \(precondition))" + Self.suffix(detail)
        case .refused(let status, nil, let detail):
            return "the CalDAV server refused the request (\(status))" + Self.suffix(detail)
        case .unexpectedStatus(let status, let detail):
            return "the CalDAV server answered \(status)" + Self.suffix(detail)
        case .credentialsNeedHTTPS(let host):
            return "refusing to send a password to \(host) over plain http: use https (only loopback may use http)"
        case .unsupportedURL(let url):
            return "\(url) is not an http or https URL with a host"
        case .collectionNotFound(let url):
            return "there is no calendar collection at \(url)"
        case .unreadableAnswer(let reason):
            return "the CalDAV server's answer could not be read: \(reason)"
        case .unauthorized(let user?, let passwordGiven):
            return "the server refused user \(user): check --user and CALBRIDGE_PASSWORD" + (passwordGiven ? "" : " (unset)")
        case .unauthorized(nil, _):
            return "the server asks who you are: give --user and set CALBRIDGE_PASSWORD"
        case .noSuchCalendar(let name, let available):
            return "there is no calendar \(name); " + Self.listing(available)
                + "; name one of them with --calendar, or add --create to make it"
        case .calendarNotNamed(let url, let available):
            return "\(url) is an account, not one calendar; " + Self.listing(available) + "; name one with --calendar NAME"
        }
    }

    private static func listing(_ available: [String]) -> String {
        available.isEmpty
            ? "the server lists no calendars there"
            : "the calendars there are: " + available.joined(separator: ", ")
    }

    private static func suffix(_ detail: String) -> String {
        detail.isEmpty ? "" : ": \(detail)"
    }
}
