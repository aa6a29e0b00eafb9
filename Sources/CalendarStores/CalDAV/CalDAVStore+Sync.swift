import CalendarWebFormats

/// What changed in a collection since a sync token (RFC 6578).
package struct CalDAVChanges: Hashable, Sendable {
    /// Resources created or changed, with their new etags.
    package var changed: [StoredResource]
    /// UIDs of resources removed. A removed resource another client named, whose UID this store
    /// never learned, cannot be told and is left out.
    package var removed: [String]
    /// The token to ask from next time; nil when the server cannot sync and a listing was made instead.
    package var token: String?
    /// Whether `changed` is every resource of the collection rather than the changes since the
    /// token: on a first sync, after the server refused an expired token, and when it cannot sync
    /// at all. `removed` is then empty: whatever the caller holds that `changed` lacks is gone.
    package var isCompleteListing: Bool

    package init(changed: [StoredResource], removed: [String], token: String?, isCompleteListing: Bool) {
        self.changed = changed
        self.removed = removed
        self.token = token
        self.isCompleteListing = isCompleteListing
    }
}

extension CalDAVStore {
    /// The changes since `token` (nil: everything) by sync-collection REPORT; see `changes(since:)`.
    package func syncChanges(since token: String?) throws -> (changed: [StoredResource], removed: [String], token: String?) {
        let result = try changes(since: token)
        return (changed: result.changed, removed: result.removed, token: result.token)
    }

    /// The changes since `token` by sync-collection REPORT. A token the server refuses
    /// (`valid-sync-token`: expired or from elsewhere) gives a fresh initial sync; a server that
    /// refuses the report itself (403, 501) gives a PROPFIND listing with no token.
    package func changes(since token: String?) throws -> CalDAVChanges {
        if let token, !token.isEmpty, let changes = try syncReport(from: token) {
            return changes
        }
        if let changes = try syncReport(from: nil) {
            return changes
        }
        return CalDAVChanges(changed: try list(), removed: [], token: nil, isCompleteListing: true)
    }

    /// One sync (see `syncMembers(from:)`) with each member's UID; nil when the server refuses the
    /// token or the report.
    private func syncReport(from token: String?) throws -> CalDAVChanges? {
        guard let answer = try syncMembers(from: token) else { return nil }
        let isComplete = token == nil
        let resources = try self.resources(for: answer.changed)
        if isComplete {
            foreignNames.keep(only: Set(answer.changed.map(\.path)))
            foreignNames.isComplete = true
        }
        return CalDAVChanges(changed: resources, removed: removedUIDs(answer.removed), token: answer.token, isCompleteListing: isComplete)
    }

    private func removedUIDs(_ paths: [String]) -> [String] {
        paths.compactMap { path in
            let uid = foreignNames.byPath[path]?.uid ?? CalDAVPath.uid(forName: CalDAVPath.lastSegment(path))
            foreignNames.forget(path: path)
            return uid
        }
    }
}
