/// An XML body calbridge sends to a CalDAV server (PROPFIND, MKCALENDAR, calendar-query,
/// calendar-multiget, sync-collection), ready to send with `contentType`. Bodies name the
/// properties they want: `allprop` would make servers compute expensive properties nobody reads.
package struct CalDAVRequestBody: Hashable, Sendable {
    /// UTF-8 XML with a declaration; every namespace is declared on the root element.
    package var bytes: [UInt8]

    /// Some servers (Xandikos) refuse a REPORT or PROPFIND body sent without this.
    package var contentType: String { "application/xml; charset=utf-8" }

    /// The body as text, for logs and tests.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    init(_ root: DAVXMLElement) {
        bytes = root.document()
    }

    /// PROPFIND (RFC 4918 §9.1) for the named properties; by default what calbridge needs to
    /// find calendars and notice changes.
    package static func propfind(_ properties: [DAVPropertyName] = DAVPropertyName.calendarDiscovery) -> CalDAVRequestBody {
        CalDAVRequestBody(DAVXMLElement(dav: "propfind", children: [prop(properties)]))
    }

    /// MKCALENDAR (RFC 4791 §5.3.1). `color` is Apple's `#RRGGBB` or `#RRGGBBAA`; `timeZone` is a
    /// VTIMEZONE, or a VCALENDAR holding one, and a bare VTIMEZONE is wrapped in the VCALENDAR
    /// that `calendar-timezone` requires (RFC 4791 §5.2.2).
    package static func mkcalendar(
        displayName: String? = nil, color: String? = nil, timeZone: String? = nil,
        components: [String] = ["VEVENT"]
    ) -> CalDAVRequestBody {
        var properties: [DAVXMLElement] = []
        if let displayName {
            properties.append(DAVXMLElement(.displayName, text: displayName))
        }
        if let color {
            properties.append(DAVXMLElement(.calendarColor, text: color))
        }
        if let timeZone {
            properties.append(DAVXMLElement(.calendarTimeZone, text: calendarWrapping(timeZone)))
        }
        if !components.isEmpty {
            let comps = components.map { DAVXMLElement(calDAV: "comp", attributes: [(name: "name", value: $0)]) }
            properties.append(DAVXMLElement(.supportedCalendarComponentSet, children: comps))
        }
        let set = DAVXMLElement(dav: "set", children: [DAVXMLElement(dav: "prop", children: properties)])
        return CalDAVRequestBody(DAVXMLElement(calDAV: "mkcalendar", children: [set]))
    }

    /// PROPPATCH (RFC 4918 §9.2) setting a collection's `displayname` and Apple's `calendar-color`;
    /// a nil one is not touched.
    package static func proppatch(displayName: String?, color: String?) -> CalDAVRequestBody {
        var properties: [DAVXMLElement] = []
        if let displayName { properties.append(DAVXMLElement(.displayName, text: displayName)) }
        if let color { properties.append(DAVXMLElement(.calendarColor, text: color)) }
        let set = DAVXMLElement(dav: "set", children: [DAVXMLElement(dav: "prop", children: properties)])
        return CalDAVRequestBody(DAVXMLElement(dav: "propertyupdate", children: [set]))
    }

    /// calendar-query REPORT (RFC 4791 §7.8) for every `component` (VEVENT) in the calendar,
    /// or only those overlapping `timeRange`; a nil `component` asks for every resource.
    package static func calendarQuery(
        component: String? = "VEVENT", timeRange: CalDAVTimeRange? = nil,
        properties: [DAVPropertyName] = [.etag, .calendarData]
    ) -> CalDAVRequestBody {
        var inner: [DAVXMLElement] = []
        if let component {
            var componentFilter = DAVXMLElement(calDAV: "comp-filter", attributes: [(name: "name", value: component)])
            if let timeRange, !timeRange.attributes.isEmpty {
                componentFilter.children.append(DAVXMLElement(calDAV: "time-range", attributes: timeRange.attributes))
            }
            inner.append(componentFilter)
        }
        let calendarFilter = DAVXMLElement(
            calDAV: "comp-filter", attributes: [(name: "name", value: "VCALENDAR")],
            children: inner)
        return CalDAVRequestBody(
            DAVXMLElement(
                calDAV: "calendar-query",
                children: [
                    prop(properties), DAVXMLElement(calDAV: "filter", children: [calendarFilter]),
                ]))
    }

    /// calendar-multiget REPORT (RFC 4791 §7.9) for resources named by decoded paths, as
    /// `DAVResponse.href` gives them; each is percent-encoded here.
    package static func calendarMultiget(
        paths: [String],
        properties: [DAVPropertyName] = [.etag, .calendarData]
    ) -> CalDAVRequestBody {
        CalDAVRequestBody(
            DAVXMLElement(
                calDAV: "calendar-multiget",
                children: [prop(properties)]
                    + paths.map { DAVXMLElement(dav: "href", text: DAVHref.encodedPath($0)) }))
    }

    /// sync-collection REPORT (RFC 6578 §3.2) at sync-level 1; nil or an empty token asks for
    /// the initial listing.
    package static func syncCollection(syncToken: String?, properties: [DAVPropertyName] = [.etag]) -> CalDAVRequestBody {
        CalDAVRequestBody(
            DAVXMLElement(
                dav: "sync-collection",
                children: [
                    DAVXMLElement(dav: "sync-token", text: syncToken ?? ""),
                    DAVXMLElement(dav: "sync-level", text: "1"),
                    prop(properties),
                ]))
    }

    private static func prop(_ properties: [DAVPropertyName]) -> DAVXMLElement {
        DAVXMLElement(dav: "prop", children: properties.map { DAVXMLElement($0) })
    }

    private static func calendarWrapping(_ timeZone: String) -> String {
        let trimmed = timeZone.drop(while: { $0.isWhitespace })
        guard !trimmed.uppercased().hasPrefix("BEGIN:VCALENDAR") else { return timeZone }
        // utf8, not Characters: "\r\n" is one Character, which hasSuffix("\n") would not match.
        let body = timeZone.utf8.last == UInt8(ascii: "\n") ? timeZone : timeZone + "\r\n"
        return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//calbridge//CalDAV//EN\r\n" + body + "END:VCALENDAR\r\n"
    }
}
