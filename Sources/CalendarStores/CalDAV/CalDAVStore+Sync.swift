import CalendarWebFormats
import OrderedCollections

/// What changed in a collection since a sync token (RFC 6578).
public struct CalDAVChanges: Hashable, Sendable {
    /// Resources created or changed, with their new etags.
    public var changed: [StoredResource]
    /// UIDs of resources removed. A removed resource another client named, whose UID this store
    /// never learned, cannot be told and is left out.
    public var removed: [String]
    /// The token to ask from next time; nil when the server cannot sync and a listing was made instead.
    public var token: String?
    /// Whether `changed` is every resource of the collection rather than the changes since the
    /// token: on a first sync, after the server refused an expired token, and when it cannot sync
    /// at all. `removed` is then empty: whatever the caller holds that `changed` lacks is gone.
    public var isCompleteListing: Bool

    public init(changed: [StoredResource], removed: [String], token: String?, isCompleteListing: Bool) {
        self.changed = changed
        self.removed = removed
        self.token = token
        self.isCompleteListing = isCompleteListing
    }
}

extension CalDAVStore {
    /// The changes since `token` (nil: everything) by sync-collection REPORT; see `changes(since:)`.
    public func syncChanges(since token: String?) throws -> (changed: [StoredResource], removed: [String], token: String?) {
        let result = try changes(since: token)
        return (changed: result.changed, removed: result.removed, token: result.token)
    }

    /// The changes since `token` by sync-collection REPORT. A token the server refuses
    /// (`valid-sync-token`: expired or from elsewhere) gives a fresh initial sync; a server that
    /// refuses the report itself (403, 501) gives a PROPFIND listing with no token.
    public func changes(since token: String?) throws -> CalDAVChanges {
        if let token, !token.isEmpty, let changes = try syncReport(from: token) {
            return changes
        }
        if let changes = try syncReport(from: nil) {
            return changes
        }
        return CalDAVChanges(changed: try list(), removed: [], token: nil, isCompleteListing: true)
    }

    /// One sync, following truncated answers (a 507 on the collection, RFC 6578 §3.6) from the
    /// token each one gives; nil when the server refuses the token or the report.
    private func syncReport(from token: String?) throws -> CalDAVChanges? {
        var changed: OrderedDictionary<String, String> = [:]
        var removed: [String] = []
        var current = token
        // Each round returns at least one change or the server would not truncate; the bound only
        // stops a server that truncates forever.
        for _ in 0..<1_000 {
            let reply = try transport.send("REPORT", path: collectionPath, depth: "0",
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
        let members = changed.map { CalDAVMember(path: $0.key, etag: $0.value) }
        let isComplete = token == nil
        let resources = try self.resources(for: members)
        if isComplete {
            foreignNames.keep(only: Set(members.map(\.path)))
            foreignNames.isComplete = true
        }
        return CalDAVChanges(changed: resources, removed: removedUIDs(removed), token: current, isCompleteListing: isComplete)
    }

    private func removedUIDs(_ paths: [String]) -> [String] {
        paths.compactMap { path in
            let uid = CalDAVPath.uid(forName: CalDAVPath.lastSegment(path)) ?? foreignNames.byPath[path]?.uid
            foreignNames.forget(path: path)
            return uid
        }
    }

    /// Whether the answer says "no sync from this token" or "no sync here" rather than a failure.
    private static func refusesSync(_ reply: CalDAVReply) -> Bool {
        if let precondition = reply.precondition, ["valid-sync-token", "supported-report"].contains(precondition) {
            return true
        }
        return [403, 501].contains(reply.status)
    }
}
