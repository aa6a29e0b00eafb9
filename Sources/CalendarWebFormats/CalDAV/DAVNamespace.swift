/// The XML namespaces a CalDAV conversation uses. Servers pick their own prefixes (`D:`, `ns0:`,
/// a default namespace), so calbridge matches elements by these URIs, never by prefix.
package enum DAVNamespace {
    /// WebDAV, RFC 4918.
    package static let dav = "DAV:"
    /// CalDAV, RFC 4791.
    package static let calDAV = "urn:ietf:params:xml:ns:caldav"
    /// Apple's Calendar Server extensions (`getctag`).
    package static let calendarServer = "http://calendarserver.org/ns/"
    /// Apple's iCal extensions (`calendar-color`, `calendar-order`).
    package static let appleICal = "http://apple.com/ns/ical/"

    /// The prefix calbridge writes for a namespace in request bodies; short and conventional so a
    /// server log stays readable.
    static func preferredPrefix(for namespace: String) -> String? {
        switch namespace {
        case dav: return "D"
        case calDAV: return "C"
        case calendarServer: return "CS"
        case appleICal: return "A"
        default: return nil
        }
    }
}
