extension CalDAVStore {
    /// GET of the resource holding `uid`; nil when the server has none.
    package func get(uid: String) throws -> (bytes: [UInt8], etag: String)? {
        try resolving(uid) { path -> Attempt<(bytes: [UInt8], etag: String)> in
            let reply = try transport.send("GET", path: path, headers: [(name: "Accept", value: "text/calendar")])
            switch reply.status {
            case 200:
                guard let etag = try reply.strongETag ?? currentETag(at: path) else { return .absent }
                return .done((bytes: reply.body, etag: etag))
            case 404, 410:
                return .absent
            default:
                throw failure(reply)
            }
        }
    }

    /// PUT with `If-None-Match: *` (create) or `If-Match` (replace); returns the new etag.
    @discardableResult
    package func put(uid: String, bytes: [UInt8], expected: String?) throws -> String {
        guard let expected else { return try create(uid: uid, bytes: bytes) }
        let etag = try resolving(uid) { path in
            try conditional("PUT", at: path, expected: expected, uid: uid, body: bytes)
        }
        guard let etag else { throw StoreError.notFound(uid: uid) }
        return etag
    }

    /// DELETE, with `If-Match` when `expected` is given.
    package func delete(uid: String, expected: String?) throws {
        let deleted = try resolving(uid) { path -> Attempt<String> in
            let outcome = try conditional("DELETE", at: path, expected: expected, uid: uid, body: nil)
            if case .done = outcome { foreignNames.forget(path: path) }
            return outcome
        }
        guard deleted != nil else { throw StoreError.notFound(uid: uid) }
    }

    private func create(uid: String, bytes: [UInt8]) throws -> String {
        let path = knownPath(for: uid)
        let reply = try transport.send(
            "PUT", path: path, headers: Self.calendarHeaders + [(name: "If-None-Match", value: "*")],
            body: bytes)
        if reply.isSuccess { return try newETag(reply, at: path) }
        // Xandikos sends a 412 for invalid data and UID conflicts too, naming the precondition; DAViCal
        // a bare 412 with plain text for data it cannot read ("No calendar content"). So a failed
        // If-None-Match is "already there" when the server says so (DAViCal's `<if-none-match/>`) and a
        // bare 412 only when something is there: otherwise it is the server's refusal of the data.
        if reply.isFailedCondition {
            let saysThere = reply.precondition == "if-none-match"
            if try saysThere || currentETag(at: path) != nil { throw StoreError.alreadyExists(uid: uid) }
        }
        throw failure(reply)
    }

    /// A replacing PUT or a DELETE, conditional on `expected`; `.absent` when nothing is at `path`.
    private func conditional(
        _ method: String, at path: String, expected: String?, uid: String,
        body: [UInt8]?
    ) throws -> Attempt<String> {
        var headers = body == nil ? [] : Self.calendarHeaders
        if let expected { headers.append((name: "If-Match", value: expected)) }
        let reply = try transport.send(method, path: path, headers: headers, body: body)
        if reply.isSuccess { return .done(body == nil ? "" : try newETag(reply, at: path)) }
        switch reply.status {
        case 404, 410:
            return .absent
        case 412 where reply.isFailedCondition:
            // If-Match fails both when the etag moved on and when the resource is gone; only a
            // look tells which, and a gone resource is `notFound`, as in every other store.
            guard try currentETag(at: path) != nil else { return .absent }
            throw StoreError.changedElsewhere(uid: uid)
        default:
            throw failure(reply)
        }
    }

    /// The etag a successful PUT made: from its `ETag` header, or asked for when the server sent
    /// none (RFC 4791 §5.3.4 lets it leave the header out when it changed the data).
    private func newETag(_ reply: CalDAVReply, at path: String) throws -> String {
        if let etag = reply.strongETag { return etag }
        guard let etag = try currentETag(at: path) else {
            throw CalDAVError.unreadableAnswer("\(transport.endpoint.url(forPath: path)) vanished right after it was written")
        }
        return etag
    }

    private static let calendarHeaders = [(name: "Content-Type", value: "text/calendar; charset=utf-8")]
}
