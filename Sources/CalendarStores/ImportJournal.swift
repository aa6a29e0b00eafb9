import CalendarModel

/// What `import` has sent to a store, resource by resource: a hash of the bytes sent and the etag
/// the store answered. Saved (atomically, by the caller) as it goes, so an import that dies can be
/// finished with `--resume` and every event ends up in the store exactly once.
public struct ImportJournal: Codable, Hashable, Sendable {
    /// One resource sent.
    public struct Entry: Codable, Hashable, Sendable {
        public var hash: String
        public var etag: String

        public init(hash: String, etag: String) {
            self.hash = hash
            self.etag = etag
        }
    }

    public static let formatName = "calbridge-import-journal"

    public var format = ImportJournal.formatName
    public var version = 1
    /// The store the entries were sent to; a journal for another store is refused.
    public var store: String
    public var entries: [String: Entry]

    public init(store: String, entries: [String: Entry] = [:]) {
        self.store = store
        self.entries = entries
    }

    /// Whether this resource, with these bytes, was sent and the store still holds what was sent.
    public func alreadySent(uid: String, hash: String, storeEtag: String?) -> Bool {
        guard let entry = entries[uid], let storeEtag else { return false }
        return entry.hash == hash && entry.etag == storeEtag
    }
}
