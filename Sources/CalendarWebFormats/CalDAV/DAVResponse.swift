/// One `<response>` of a WebDAV multistatus: what the server says about one resource (an event,
/// a calendar collection, a principal). Properties the server reported with a 2xx status are
/// filled in; the status of every property named, found or not, is in `propertyStatus`.
package struct DAVResponse: Hashable, Sendable {
    /// The resource's path, percent-decoded, without scheme and host: `/cal/weekly stand-up.ics`
    /// whether the server sent `https://host/cal/weekly%20stand-up.ics` or `/cal/weekly%20stand-up.ics`.
    package var href: String
    /// The status of the response as a whole (`<response><href/><status/></response>`), such as the
    /// 404 a sync-collection REPORT gives for a deleted event or a multiget for a missing href.
    /// Nil when the server reported status per property (`propstat`).
    package var status: Int?
    /// `getetag` as sent, quotes included, so it can go back verbatim in an `If-Match` header.
    package var etag: String?
    /// `calendar-data`: the iCalendar text, not trimmed. Its lines end in CRLF as RFC 5545 wants:
    /// XML parsing turns every raw CRLF into LF (XML 1.0 §2.11), so the reader gives bare LFs
    /// their CR back; a CR the server escaped as `&#13;` is kept as it is.
    package var calendarData: String?
    /// Other properties by `{namespace}local-name` (see `DAVPropertyName.key`). Text properties are
    /// trimmed (`displayname`, `getctag`, `sync-token`, `calendar-color`); properties holding
    /// hrefs give the first decoded href (`current-user-principal`, `calendar-home-set`; all of them
    /// are in `propertyHrefs`); properties holding empty elements give those elements,
    /// space-separated: Clark names for `resourcetype` (`{DAV:}collection {urn:ietf:params:xml:ns:caldav}calendar`),
    /// the `name` attribute where there is one (`VEVENT VTODO` for `supported-calendar-component-set`).
    package var properties: [String: String]
    /// Every decoded href of a property that holds hrefs, in document order.
    package var propertyHrefs: [String: [String]]
    /// The propstat status of every property the server named, including `getetag` and
    /// `calendar-data`; 404 means the resource does not have that property.
    package var propertyStatus: [String: Int]

    package init(
        href: String, status: Int? = nil, etag: String? = nil, calendarData: String? = nil,
        properties: [String: String] = [:], propertyHrefs: [String: [String]] = [:],
        propertyStatus: [String: Int] = [:]
    ) {
        self.href = href
        self.status = status
        self.etag = etag
        self.calendarData = calendarData
        self.properties = properties
        self.propertyHrefs = propertyHrefs
        self.propertyStatus = propertyStatus
    }

    /// The value of a property, as in `properties`.
    package subscript(property: DAVPropertyName) -> String? {
        properties[property.key]
    }

    /// The Clark names in `resourcetype`; empty for a plain resource such as an event.
    package var resourceTypes: Set<String> {
        guard let types = self[.resourceType] else { return [] }
        return Set(types.split(separator: " ").map(String.init))
    }

    /// Whether this is a CalDAV calendar collection.
    package var isCalendar: Bool { resourceTypes.contains(DAVPropertyName.calendar.key) }

    /// Component names from `supported-calendar-component-set`, such as `["VEVENT", "VTODO"]`.
    package var supportedComponents: [String] {
        self[.supportedCalendarComponentSet]?.split(separator: " ").map(String.init) ?? []
    }
}
