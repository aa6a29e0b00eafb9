import CalendarModel

/// What `import` has sent to a store, resource by resource: a hash of the bytes sent and the etag
/// the store answered. Saved (atomically, by the caller) as it goes, so an import that dies can be
/// finished with `--resume` and every event ends up in the store exactly once.
package struct ImportJournal: Codable, Hashable, Sendable {
    /// One resource sent.
    package struct Entry: Codable, Hashable, Sendable {
        package var hash: String
        package var etag: String

        package init(hash: String, etag: String) {
            self.hash = hash
            self.etag = etag
        }
    }

    package static let formatName = "calbridge-import-journal"

    package var format = ImportJournal.formatName
    package var version = 1
    /// The store the entries were sent to; a journal for another store is refused.
    package var store: String
    package var entries: [String: Entry]

    package init(store: String, entries: [String: Entry] = [:]) {
        self.store = store
        self.entries = entries
    }

    /// Whether this resource, with these bytes, was sent and the store still holds what was sent.
    package func alreadySent(uid: String, hash: String, storeEtag: String?) -> Bool {
        guard let entry = entries[uid], let storeEtag else { return false }
        return entry.hash == hash && entry.etag == storeEtag
    }
}
