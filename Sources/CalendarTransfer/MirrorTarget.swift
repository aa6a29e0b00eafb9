import CalendarStores
import Foundation

/// The mirror's target as ``ImportBatch`` sees it: its contents are the ones the mirror read once at
/// the start (a batch of each chunk would otherwise read them again), and each etag a write or a
/// read comes back with is remembered, for the state. Everything else goes to the store.
final class MirrorTarget: CalendarStore, @unchecked Sendable {
    let store: any CalendarStore
    /// By UID: the etag and bytes read at the start.
    let held: [String: (etag: String, bytes: [UInt8])]
    private let lock = NSLock()
    private var answered: [String: String] = [:]

    init(store: any CalendarStore, held: [String: (etag: String, bytes: [UInt8])]) {
        self.store = store
        self.held = held
    }

    /// The etag the target has for `uid` now, as far as this run knows.
    func etag(of uid: String) -> String? {
        lock.withLock { answered[uid] } ?? held[uid]?.etag
    }

    var allowsConcurrentWrites: Bool { store.allowsConcurrentWrites }
    var requestsSent: Int { store.requestsSent }
    func href(of uid: String) -> String? { store.href(of: uid) }

    func contents(_ body: (_ resource: StoredResource, _ bytes: [UInt8]) throws -> Void) throws {
        for (uid, resource) in held { try body(StoredResource(uid: uid, etag: resource.etag), resource.bytes) }
    }

    func get(uid: String) throws -> (bytes: [UInt8], etag: String)? {
        let got = try store.get(uid: uid)
        if let got { lock.withLock { answered[uid] = got.etag } }
        return got
    }

    @discardableResult
    func put(uid: String, bytes: [UInt8], expected: String?) throws -> String {
        let etag = try store.put(uid: uid, bytes: bytes, expected: expected)
        lock.withLock { answered[uid] = etag }
        return etag
    }

    func delete(uid: String, expected: String?) throws { try store.delete(uid: uid, expected: expected) }
    func list() throws -> [StoredResource] { try store.list() }
    func label() throws -> CalendarLabel { try store.label() }
    func setLabel(_ label: CalendarLabel) throws { try store.setLabel(label) }
    func changes(after mark: ChangeMark?) throws -> StoreChanges { try store.changes(after: mark) }
    func fetch(_ hrefs: [String], _ body: (FetchedResource) throws -> Void) throws { try store.fetch(hrefs, body) }
}
