/// A place calendars are kept one resource per UID: a local directory (vdir) now, a CalDAV
/// collection later. Writes are conditional on the version read, so a store never loses a change
/// it did not see.
package protocol CalendarStore {
    /// Every resource: its UID and the version tag (etag) of its current content.
    func list() throws -> [StoredResource]
    /// The iCalendar bytes of one resource, with its version tag; `nil` when there is none.
    func get(uid: String) throws -> (bytes: [UInt8], etag: String)?
    /// Creates (`expected` nil: must not exist yet) or replaces (`expected`: the etag read) a resource,
    /// whole or not at all; returns the new etag.
    @discardableResult
    func put(uid: String, bytes: [UInt8], expected: String?) throws -> String
    /// Removes a resource, if its etag is still `expected` (any when nil).
    func delete(uid: String, expected: String?) throws
    /// Whether `put` and `delete` may be called from several threads at once (a network store
    /// gains from it; a directory gains nothing).
    var allowsConcurrentWrites: Bool { get }
}

extension CalendarStore {
    package var allowsConcurrentWrites: Bool { false }
}

/// One resource of a store.
package struct StoredResource: Hashable, Sendable {
    package var uid: String
    package var etag: String

    package init(uid: String, etag: String) {
        self.uid = uid
        self.etag = etag
    }
}

/// Why a store refused a change: someone else changed the resource (412), or it is missing or there already.
package enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    case changedElsewhere(uid: String)
    case alreadyExists(uid: String)
    case notFound(uid: String)
    case unavailable(String)

    package var description: String {
        switch self {
        case .changedElsewhere(let uid): return "\(uid) was changed by someone else since it was read"
        case .alreadyExists(let uid): return "\(uid) is already in the store"
        case .notFound(let uid): return "\(uid) is not in the store"
        case .unavailable(let reason): return "the store cannot be used: \(reason)"
        }
    }
}
