import CalendarWebFormats
import Foundation

extension CalDAVStore {
    /// The URLs of the calendar collections of the user `root` leads to; see `CalDAVAccount.calendars`.
    package static func discoverCalendars(root: URL, user: String?, password: String?) throws -> [URL] {
        try CalDAVAccount.calendars(at: root, user: user, password: password).compactMap { URL(string: $0.url) }
    }
}

/// The PROPFINDs of discovery (RFC 4791 §6.2, RFC 5397), with same-server redirects followed
/// (`/.well-known/caldav` and servers that move `/` to a principal URL answer 301 or 302). A
/// redirect to another server is not followed, since the credentials would go with it; the error
/// names its target.
struct CalDAVDiscovery {
    let transport: CalDAVTransport

    /// A multistatus and the path it finally came from.
    struct Answer {
        var responses: [DAVResponse]
        var path: String

        /// The response about the resource asked for, when it exists (Xandikos answers a missing
        /// one with a 207 holding a 404; others with a plain 404, which leaves no responses).
        var found: DAVResponse? {
            responses.first { $0.status.map { (200..<300).contains($0) } ?? true }
        }
    }

    /// What `path` is: a calendar, an account's calendars (found through current-user-principal and
    /// calendar-home-set, or under `path` itself when the server names neither), or missing.
    func locate(_ path: String) throws -> CalDAVLocation {
        let start = try propfind(path, depth: "0", CalDAVCalendar.properties + [.currentUserPrincipal, .calendarHomeSet])
        guard let response = start.found else {
            // RFC 6764 §6: a server without the well-known URI is asked at its root (its context
            // path), whose current-user-principal leads to the calendars.
            if CalDAVPath.asCollection(start.path) == "/.well-known/caldav/" { return try locate("/") }
            return .missing(url: transport.endpoint.url(forPath: start.path))
        }
        let here = CalDAVPath.asCollection(start.path)
        if response.isCalendar {
            return .calendar(CalDAVCalendar(response, url: transport.endpoint.url(forPath: here)))
        }
        var homes = response.propertyHrefs[DAVPropertyName.calendarHomeSet.key] ?? []
        if homes.isEmpty, let principal = response[.currentUserPrincipal] {
            homes =
                try propfind(principal, depth: "0", [.calendarHomeSet]).found?
                .propertyHrefs[DAVPropertyName.calendarHomeSet.key] ?? []
        }
        if homes.isEmpty { homes = [here] }
        var calendars: [CalDAVCalendar] = []
        for home in homes {
            for member in try propfind(home, depth: "1", CalDAVCalendar.properties).responses where member.isCalendar {
                let url = transport.endpoint.url(forPath: CalDAVPath.asCollection(member.href))
                if !calendars.contains(where: { $0.url == url }) { calendars.append(CalDAVCalendar(member, url: url)) }
            }
        }
        return .account(calendars: calendars, homes: homes.map(CalDAVPath.asCollection))
    }

    /// The calendars of the account, found from `.well-known/caldav` or else the server root; none
    /// when neither tells (a message listing them then lists none).
    func calendarsFromRoot() -> [CalDAVCalendar] {
        for start in ["/.well-known/caldav", "/"] {
            if case .account(let calendars, _)? = try? locate(start), !calendars.isEmpty { return calendars }
        }
        return []
    }

    /// MKCALENDAR (RFC 4791 §5.3.1) for events and tasks.
    func makeCalendar(at path: String, name: String, color: String?) throws {
        let body = CalDAVRequestBody.mkcalendar(displayName: name, color: color, components: ["VEVENT", "VTODO"])
        let reply = try transport.send("MKCALENDAR", path: path, body: body)
        guard reply.isSuccess else { throw reply.failure }
    }

    func propfind(_ path: String, depth: String, _ properties: [DAVPropertyName]) throws -> Answer {
        var path = path
        var redirects = 0
        while true {
            let reply = try transport.send("PROPFIND", path: path, depth: depth, body: .propfind(properties))
            switch reply.status {
            case 207:
                do {
                    return Answer(responses: try MultistatusReader().read(reply.body).responses, path: path)
                } catch {
                    throw CalDAVError.unreadableAnswer(String(describing: error))
                }
            case 404, 410:
                return Answer(responses: [], path: path)
            case 301, 302, 303, 307, 308:
                let target = reply.header("location") ?? "(no Location)"
                guard let next = sameServerPath(reply.header("location")) else {
                    throw CalDAVError.unexpectedStatus(
                        reply.status,
                        detail: "redirected to \(target), another server, "
                            + "which is not sent the password: use that URL if it is right")
                }
                redirects += 1
                guard redirects <= 5 else {
                    throw CalDAVError.unexpectedStatus(reply.status, detail: "more than 5 redirects, the last to \(target)")
                }
                path = next
            default:
                throw reply.failure
            }
        }
    }

    /// The decoded path of a `Location` on the same scheme, host and port, or nil for another server.
    private func sameServerPath(_ location: String?) -> String? {
        guard let location, let base = URL(string: transport.endpoint.displayURL),
            let target = URL(string: location, relativeTo: base)?.absoluteURL,
            let endpoint = try? CalDAVEndpoint(target),
            endpoint.origin.lowercased() == transport.endpoint.origin.lowercased()
        else { return nil }
        return endpoint.path
    }
}
