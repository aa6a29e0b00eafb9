import CalendarWebFormats
import Foundation

/// A calendar kept in a CalDAV collection (RFC 4791): one resource per UID, named
/// `<UID, unsafe bytes as %XX>.ics` (see `CalDAVPath`), versions told by the server's etags.
///
/// Writes are conditional (`If-None-Match: *` to create, `If-Match` to replace or delete), so a
/// change someone else made in between is refused as `StoreError.changedElsewhere` rather than
/// overwritten. Resources other clients named arbitrarily are found by the UID in their calendar
/// data (one calendar-multiget per listing for those whose etag changed) and updated in place.
///
/// The API is synchronous: each call waits for its requests, so it must not be called from a
/// SwiftNIO event loop. One instance is meant for one thread at a time.
///
/// Refusals with a reason (4xx, or a 412 naming a precondition) throw `CalDAVError.refused` with
/// the server's precondition and words; a server that stays unreachable or answers 5xx through
/// every retry throws `StoreError.unavailable`.
package final class CalDAVStore: CalendarStore {
    /// The collection's URL, without credentials, ending in `/`.
    package var collectionURL: String { transport.endpoint.url(forPath: collectionPath) }

    let transport: CalDAVTransport
    /// The decoded path of the collection, ending in `/`.
    let collectionPath: String
    private let namesLock = NSLock()
    private var storedNames = CalDAVForeignNames()
    private var storedLabel: CalendarLabel?
    /// A cache of UIDs learned from foreign resource names, read and changed under a lock so that
    /// `put`, `get` and `delete` can run on several threads. Changed in place: a change as a get and
    /// a set copied both its tables for each resource a listing learnt, quadratic in the collection's
    /// size (7 of the 10 s of CPU a mirror of 10,000 events spent reading the target's contents).
    var foreignNames: CalDAVForeignNames {
        get { namesLock.withLock { storedNames } }
        _modify {
            namesLock.lock()
            defer { namesLock.unlock() }
            yield &storedNames
        }
    }

    /// Requests go through one thread-safe HTTP client, so an import may send several at once.
    package var allowsConcurrentWrites: Bool { true }

    /// Connects to the collection at `collection`, creating it with MKCALENDAR when it is missing
    /// and `createIfMissing` gives its display name and colour (`#RRGGBB`). A collection discovery
    /// has just found (`found`) is taken as it was found, its name and colour with it, without
    /// asking the server again.
    ///
    /// Basic credentials (`user`, `password`, or those in the URL) are sent only over https or to
    /// loopback; otherwise this throws `CalDAVError.credentialsNeedHTTPS` before any request.
    /// Passing failures are retried after waits on `clock`.
    package init(
        collection: URL, user: String?, password: String?,
        createIfMissing: (name: String, color: String?)? = nil, found: CalDAVCalendar? = nil,
        clock: any RetryClock = BlockingClock()
    ) throws {
        let endpoint = try CalDAVEndpoint(collection)
        collectionPath = CalDAVPath.asCollection(endpoint.path)
        transport = try CalDAVTransport(
            endpoint: endpoint.with(path: collectionPath), user: user, password: password,
            clock: clock)
        if let found {
            knownLabel = CalendarLabel(name: found.displayName.flatMap { $0.isEmpty ? nil : $0 }, color: found.color)
        } else {
            try ensureCollection(createIfMissing: createIfMissing)
        }
    }

    /// The collection's name and colour as discovery found them, until they are set.
    var knownLabel: CalendarLabel? {
        get { namesLock.withLock { storedLabel } }
        set { namesLock.withLock { storedLabel = newValue } }
    }

    /// Seconds each request has until its whole answer is in (120 by default).
    package var requestSeconds: Double {
        get { transport.policy.requestSeconds }
        set { transport.policy.requestSeconds = newValue }
    }

    /// Told of each 429 Too Many Requests the server answers (with its `Retry-After` in seconds),
    /// before the request is tried again: an import sending many at once then sends fewer.
    package var onTooManyRequests: (@Sendable (_ retryAfter: Double?) -> Void)? {
        get { transport.onTooManyRequests }
        set { transport.onTooManyRequests = newValue }
    }

    /// Ends the store: later calls fail. Its connections stay in the process's pool until they idle out.
    package func close() {
        transport.close()
    }

    /// The decoded path calbridge's own name for `uid` has.
    func ownPath(for uid: String) -> String {
        collectionPath + CalDAVPath.resourceName(for: uid)
    }

    /// Where `uid` is kept as far as is known: under a foreign name a listing found, else its own.
    func knownPath(for uid: String) -> String {
        foreignNames.pathByUID[uid] ?? ownPath(for: uid)
    }

    private func ensureCollection(createIfMissing: (name: String, color: String?)?) throws {
        let reply = try transport.send("PROPFIND", path: collectionPath, depth: "0", body: .propfind([.resourceType]))
        switch reply.status {
        case 207:
            // Xandikos answers a PROPFIND on a missing collection with a 207 holding a 404.
            let response = try multistatus(reply).responses.first
            if let response, response.status.map({ (200..<300).contains($0) }) ?? true {
                guard response.isCalendar else { throw CalDAVError.collectionNotFound(collectionURL) }
                return
            }
        case 404:
            break
        default:
            throw failure(reply)
        }
        guard let createIfMissing else { throw CalDAVError.collectionNotFound(collectionURL) }
        let body = CalDAVRequestBody.mkcalendar(
            displayName: createIfMissing.name, color: createIfMissing.color,
            components: ["VEVENT", "VTODO"])
        let created = try transport.send("MKCALENDAR", path: collectionPath, body: body)
        guard created.isSuccess else { throw failure(created) }
    }

    /// Reads a multistatus body; a broken one is the server's fault, told as such.
    func multistatus(_ reply: CalDAVReply) throws -> Multistatus {
        do {
            return try MultistatusReader().read(reply.body)
        } catch {
            throw CalDAVError.unreadableAnswer(String(describing: error))
        }
    }

    /// The error for an answer no caller expected: the server's refusal for 4xx, else the bare status.
    func failure(_ reply: CalDAVReply) -> CalDAVError {
        reply.failure
    }

    /// The current etag of one resource, for servers that answer a PUT without one; nil when it is gone.
    func currentETag(at path: String) throws -> String? {
        let reply = try transport.send("PROPFIND", path: path, depth: "0", body: .propfind([.etag]))
        switch reply.status {
        case 207:
            guard let response = try multistatus(reply).responses.first,
                response.status.map({ (200..<300).contains($0) }) ?? true
            else { return nil }
            guard let etag = response.etag else {
                throw CalDAVError.unreadableAnswer("no getetag for \(transport.endpoint.url(forPath: path))")
            }
            return etag
        case 404, 410:
            return nil
        default:
            throw failure(reply)
        }
    }
}
