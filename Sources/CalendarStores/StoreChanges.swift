/// Where a store's next change listing starts: the collection's sync token (RFC 6578), else its ctag
/// (Apple's `getctag`, which changes whenever anything in the collection does). A store that has
/// neither (a directory) keeps no mark and lists every resource each time.
package struct ChangeMark: Codable, Hashable, Sendable {
    package var syncToken: String?
    package var ctag: String?

    package init(syncToken: String? = nil, ctag: String? = nil) {
        self.syncToken = syncToken
        self.ctag = ctag
    }
}

/// One resource as a change listing names it: where the store keeps it (a CalDAV href, a vdir's
/// file name) and the etag of its content.
package struct ResourceVersion: Codable, Hashable, Sendable {
    package var href: String
    package var etag: String

    package init(href: String, etag: String) {
        self.href = href
        self.etag = etag
    }
}

/// What changed in a store since a ``ChangeMark``, by href: no UID is learnt until the data is
/// fetched, so a listing costs one request however many resources other clients named.
package struct StoreChanges: Hashable, Sendable {
    /// Resources created or changed, with their etags.
    package var changed: [ResourceVersion]
    /// Hrefs of resources removed.
    package var removed: [String]
    /// Where the next listing starts.
    package var mark: ChangeMark?
    /// Whether `changed` is every resource rather than the changes since the mark (no mark, a mark
    /// the server refused, a server without sync): whatever the caller holds that it lacks is gone,
    /// and what it holds at the same etag is unchanged. `removed` is then empty.
    package var isCompleteListing: Bool

    package init(changed: [ResourceVersion], removed: [String], mark: ChangeMark?, isCompleteListing: Bool) {
        self.changed = changed
        self.removed = removed
        self.mark = mark
        self.isCompleteListing = isCompleteListing
    }
}

/// One resource's data as `fetch` reads it, with the UID its data declares.
package struct FetchedResource: Hashable, Sendable {
    package var href: String
    package var etag: String
    package var uid: String
    package var bytes: [UInt8]

    package init(href: String, etag: String, uid: String, bytes: [UInt8]) {
        self.href = href
        self.etag = etag
        self.uid = uid
        self.bytes = bytes
    }
}

extension CalendarStore {
    package var requestsSent: Int { 0 }
    package func href(of uid: String) -> String? { nil }
}
