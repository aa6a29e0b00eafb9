/// The name of a WebDAV property: a namespace URI and a local name. Used both to ask for a
/// property in a request body and to look it up in a parsed ``DAVResponse``.
package struct DAVPropertyName: Hashable, Sendable, CustomStringConvertible {
    package var namespace: String
    package var name: String

    package init(namespace: String, name: String) {
        self.namespace = namespace
        self.name = name
    }

    /// The Clark notation `{namespace}name`, the key of `DAVResponse.properties`.
    package var key: String { "{\(namespace)}\(name)" }

    package var description: String { key }

    package static let resourceType = DAVPropertyName(namespace: DAVNamespace.dav, name: "resourcetype")
    package static let displayName = DAVPropertyName(namespace: DAVNamespace.dav, name: "displayname")
    package static let etag = DAVPropertyName(namespace: DAVNamespace.dav, name: "getetag")
    package static let syncToken = DAVPropertyName(namespace: DAVNamespace.dav, name: "sync-token")
    package static let currentUserPrincipal = DAVPropertyName(namespace: DAVNamespace.dav, name: "current-user-principal")
    package static let ctag = DAVPropertyName(namespace: DAVNamespace.calendarServer, name: "getctag")
    package static let calendarHomeSet = DAVPropertyName(namespace: DAVNamespace.calDAV, name: "calendar-home-set")
    package static let calendarData = DAVPropertyName(namespace: DAVNamespace.calDAV, name: "calendar-data")
    package static let calendarTimeZone = DAVPropertyName(namespace: DAVNamespace.calDAV, name: "calendar-timezone")
    package static let supportedCalendarComponentSet = DAVPropertyName(
        namespace: DAVNamespace.calDAV, name: "supported-calendar-component-set")
    package static let calendarColor = DAVPropertyName(namespace: DAVNamespace.appleICal, name: "calendar-color")

    /// Resource types that `resourcetype` reports as empty elements.
    package static let collection = DAVPropertyName(namespace: DAVNamespace.dav, name: "collection")
    package static let calendar = DAVPropertyName(namespace: DAVNamespace.calDAV, name: "calendar")
    package static let principal = DAVPropertyName(namespace: DAVNamespace.dav, name: "principal")

    /// What calbridge asks of a calendar collection and its members in one PROPFIND: enough to
    /// tell calendars from other collections and to know whether anything changed.
    package static let calendarDiscovery: [DAVPropertyName] = [
        .resourceType, .displayName, .etag, .ctag, .syncToken, .currentUserPrincipal, .calendarHomeSet,
        .supportedCalendarComponentSet, .calendarColor,
    ]
}
