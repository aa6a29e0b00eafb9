import CalendarWebFormats
import Foundation

extension CalDAVStore {
    /// The calendar collections of the user `root` leads to (RFC 4791 §7.1, RFC 5397):
    /// `current-user-principal` at `root`, that principal's `calendar-home-set`, and the members of
    /// each home whose `resourcetype` includes `calendar`. A server that names no principal has its
    /// calendars looked for under `root` itself. Redirects are followed only on the same server, so
    /// the credentials never go elsewhere.
    package static func discoverCalendars(root: URL, user: String?, password: String?) throws -> [URL] {
        let transport = try CalDAVTransport(endpoint: CalDAVEndpoint(root), user: user, password: password)
        defer { transport.close() }
        let discovery = CalDAVDiscovery(transport: transport)
        let start = try discovery.propfind(transport.endpoint.path, depth: "0",
                                           [.currentUserPrincipal, .calendarHomeSet, .resourceType])
        guard let rootResponse = start.responses.first else { return [] }
        var homes = rootResponse.propertyHrefs[DAVPropertyName.calendarHomeSet.key] ?? []
        if homes.isEmpty, let principal = rootResponse[.currentUserPrincipal] {
            let principalAnswer = try discovery.propfind(principal, depth: "0", [.calendarHomeSet])
            homes = principalAnswer.responses.first?.propertyHrefs[DAVPropertyName.calendarHomeSet.key] ?? []
        }
        if homes.isEmpty { homes = [start.path] }
        var calendars: [URL] = []
        for home in homes {
            let listing = try discovery.propfind(home, depth: "1", [.resourceType])
            for response in listing.responses where response.isCalendar {
                let url = transport.endpoint.url(forPath: CalDAVPath.asCollection(response.href))
                if let url = URL(string: url), !calendars.contains(url) { calendars.append(url) }
            }
        }
        return calendars
    }
}

/// The PROPFINDs of discovery, with same-server redirects followed (`/.well-known/caldav` and
/// servers that move `/` to a principal URL answer 301 or 302).
struct CalDAVDiscovery {
    let transport: CalDAVTransport

    /// A multistatus and the path it finally came from.
    struct Answer {
        var responses: [DAVResponse]
        var path: String
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
            case 301, 302, 307, 308:
                guard let next = sameServerPath(reply.header("location")) else {
                    throw CalDAVError.unexpectedStatus(reply.status, detail: "redirect to another server not followed")
                }
                redirects += 1
                guard redirects <= 5 else {
                    throw CalDAVError.unexpectedStatus(reply.status, detail: "more than 5 redirects")
                }
                path = next
            case 400..<500:
                throw reply.refusal
            default:
                throw CalDAVError.unexpectedStatus(reply.status, detail: CalDAVErrorBody(reply.body).detail)
            }
        }
    }

    /// The decoded path of a `Location` on the same scheme, host and port, or nil for another server.
    private func sameServerPath(_ location: String?) -> String? {
        guard let location, let base = URL(string: transport.endpoint.displayURL),
              let target = URL(string: location, relativeTo: base)?.absoluteURL,
              let endpoint = try? CalDAVEndpoint(target),
              endpoint.origin.lowercased() == transport.endpoint.origin.lowercased() else { return nil }
        return endpoint.path
    }
}
