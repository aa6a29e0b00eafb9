/// The name of a WebDAV property: a namespace URI and a local name. Used both to ask for a
/// property in a request body and to look it up in a parsed `DAVResponse`.
public struct DAVPropertyName: Hashable, Sendable, CustomStringConvertible {
    public var namespace: String
    public var name: String

    public init(namespace: String, name: String) {
        self.namespace = namespace
        self.name = name
    }

    /// The Clark notation `{namespace}name`, the key of `DAVResponse.properties`.
    public var key: String { "{\(namespace)}\(name)" }

    public var description: String { key }

    public static let resourceType = DAVPropertyName(namespace: DAVNamespace.dav, name: "resourcetype")
    public static let displayName = DAVPropertyName(namespace: DAVNamespace.dav, name: "displayname")
    public static let etag = DAVPropertyName(namespace: DAVNamespace.dav, name: "getetag")
    public static let syncToken = DAVPropertyName(namespace: DAVNamespace.dav, name: "sync-token")
    public static let currentUserPrincipal = DAVPropertyName(namespace: DAVNamespace.dav, name: "current-user-principal")
    public static let ctag = DAVPropertyName(namespace: DAVNamespace.calendarServer, name: "getctag")
    public static let calendarHomeSet = DAVPropertyName(namespace: DAVNamespace.calDAV, name: "calendar-home-set")
    public static let calendarData = DAVPropertyName(namespace: DAVNamespace.calDAV, name: "calendar-data")
    public static let calendarTimeZone = DAVPropertyName(namespace: DAVNamespace.calDAV, name: "calendar-timezone")
    public static let supportedCalendarComponentSet = DAVPropertyName(
        namespace: DAVNamespace.calDAV, name: "supported-calendar-component-set")
    public static let calendarColor = DAVPropertyName(namespace: DAVNamespace.appleICal, name: "calendar-color")

    /// Resource types that `resourcetype` reports as empty elements.
    public static let collection = DAVPropertyName(namespace: DAVNamespace.dav, name: "collection")
    public static let calendar = DAVPropertyName(namespace: DAVNamespace.calDAV, name: "calendar")
    public static let principal = DAVPropertyName(namespace: DAVNamespace.dav, name: "principal")

    /// What calbridge asks of a calendar collection and its members in one PROPFIND: enough to
    /// tell calendars from other collections and to know whether anything changed.
    public static let calendarDiscovery: [DAVPropertyName] = [
        .resourceType, .displayName, .etag, .ctag, .syncToken, .currentUserPrincipal, .calendarHomeSet,
        .supportedCalendarComponentSet, .calendarColor,
    ]
}
