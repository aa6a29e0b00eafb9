import CalendarWebFormats
import OrderedCollections

/// What one sync-collection REPORT (with the rounds a truncated answer asks for) found, by href.
struct CalDAVSyncAnswer {
    var changed: [CalDAVMember]
    var removed: [String]
    var token: String?
}

extension CalDAVStore {
    /// The changes since `mark` by href: sync-collection from its token, a fresh initial sync
    /// (every member) when the server refuses the token, and on a server without sync the ctag:
    /// nothing when it is the mark's, else every member's etag by one PROPFIND. A mark of a ctag
    /// alone says the server refused sync last time, so it is not asked again.
    package func changes(after mark: ChangeMark?) throws -> StoreChanges {
        if let token = mark?.syncToken, !token.isEmpty, let answer = try syncMembers(from: token) {
            return StoreChanges(
                changed: answer.changed.map(\.version), removed: answer.removed,
                mark: ChangeMark(syncToken: answer.token), isCompleteListing: false)
        }
        if mark?.syncToken != nil || mark?.ctag == nil, let answer = try syncMembers(from: nil) {
            return StoreChanges(
                changed: answer.changed.map(\.version), removed: [], mark: ChangeMark(syncToken: answer.token),
                isCompleteListing: true)
        }
        let ctag = try collectionTag()
        if let ctag, ctag == mark?.ctag {
            return StoreChanges(changed: [], removed: [], mark: mark, isCompleteListing: false)
        }
        let reply = try transport.send("PROPFIND", path: collectionPath, depth: "1", body: .propfind([.resourceType, .etag]))
        guard reply.status == 207 else { throw failure(reply) }
        return StoreChanges(
            changed: members(of: try multistatus(reply).responses).map(\.version), removed: [],
            mark: ctag.map { ChangeMark(ctag: $0) }, isCompleteListing: true)
    }

    /// The data of the members at `hrefs` by calendar-multiget, 100 a REPORT; what it gives no data
    /// for is fetched by GET, and what is gone by then is left out. Each UID is learnt on the way,
    /// so later writes by UID find resources other clients named.
    package func fetch(_ hrefs: [String], _ body: (_ resource: FetchedResource) throws -> Void) throws {
        for start in stride(from: 0, to: hrefs.count, by: 100) {
            let batch = Array(hrefs[start..<min(start + 100, hrefs.count)])
            let reply = try transport.send("REPORT", path: collectionPath, depth: "1", body: .calendarMultiget(paths: batch))
            var missing = Set(batch)
            if reply.status == 207 {
                for response in try multistatus(reply).responses {
                    guard let data = response.calendarData, let etag = response.etag, missing.remove(response.href) != nil
                    else { continue }
                    try deliver(href: response.href, etag: etag, bytes: Array(data.utf8), body)
                }
            }
            for path in batch where missing.contains(path) {
                let got = try transport.send("GET", path: path, headers: [(name: "Accept", value: "text/calendar")])
                guard got.status == 200, let etag = try got.strongETag ?? currentETag(at: path) else { continue }
                try deliver(href: path, etag: etag, bytes: got.body, body)
            }
        }
    }

    /// Every try this store's requests took.
    package var requestsSent: Int { transport.requestsSent }

    package func href(of uid: String) -> String? { knownPath(for: uid) }

    /// One sync from `token` (nil: an initial sync), following truncated answers (a 507 on the
    /// collection, RFC 6578 §3.6) from the token each gives; nil when the server refuses the token
    /// or the report.
    func syncMembers(from token: String?) throws -> CalDAVSyncAnswer? {
        var changed: OrderedDictionary<String, String> = [:]
        var removed: [String] = []
        var current = token
        // Each round returns at least one change or the server would not truncate; the bound only
        // stops a server that truncates forever.
        for _ in 0..<1_000 {
            let reply = try transport.send(
                "REPORT", path: collectionPath, depth: "0",
                body: .syncCollection(syncToken: current, properties: [.etag]))
            guard reply.status == 207 else {
                if Self.refusesSync(reply) { return nil }
                throw failure(reply)
            }
            let answer = try multistatus(reply)
            var truncated = false
            for response in answer.responses {
                if CalDAVPath.asCollection(response.href) == collectionPath {
                    truncated = truncated || response.status == 507
                } else if response.status == 404 {
                    changed[response.href] = nil
                    removed.append(response.href)
                } else if let member = members(of: [response]).first {
                    changed[member.path] = member.etag
                    removed.removeAll { $0 == member.path }
                }
            }
            current = answer.syncToken ?? current
            guard truncated else { break }
        }
        return CalDAVSyncAnswer(changed: changed.map { CalDAVMember(path: $0.key, etag: $0.value) }, removed: removed, token: current)
    }

    /// The collection's `getctag`, nil when the server keeps none.
    private func collectionTag() throws -> String? {
        let reply = try transport.send("PROPFIND", path: collectionPath, depth: "0", body: .propfind([.ctag]))
        guard reply.status == 207 else { return nil }
        return try multistatus(reply).responses.first?[.ctag].flatMap { $0.isEmpty ? nil : $0 }
    }

    private func deliver(href: String, etag: String, bytes: [UInt8], _ body: (FetchedResource) throws -> Void) throws {
        let uid =
            ICalendarUIDScanner.firstUID(in: bytes) ?? CalDAVPath.uid(forName: CalDAVPath.lastSegment(href))
            ?? CalDAVPath.lastSegment(href)
        foreignNames.record(path: href, etag: etag, uid: uid)
        try body(FetchedResource(href: href, etag: etag, uid: uid, bytes: bytes))
    }

    /// Whether the answer says "no sync from this token" or "no sync here" rather than a failure.
    static func refusesSync(_ reply: CalDAVReply) -> Bool {
        if let precondition = reply.precondition, ["valid-sync-token", "supported-report"].contains(precondition) {
            return true
        }
        return [403, 501].contains(reply.status)
    }
}

extension CalDAVMember {
    var version: ResourceVersion { ResourceVersion(href: path, etag: etag) }
}
