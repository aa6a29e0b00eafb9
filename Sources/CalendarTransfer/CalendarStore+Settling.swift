import CalendarModel
import CalendarStores

extension CalendarStore {
    /// Writes `resource` (`bytes` its text) as `put(uid:bytes:expected:)` does, but settles a create
    /// whose outcome was unknown by what the store holds. A create is retried after a connection that
    /// dropped once its body went out (or its run was killed, and the resume's listing began before
    /// the write landed); the store then refuses the retry's `If-None-Match: *`. When what it holds
    /// says what `resource` says (`StoredSeries`, which sees through what servers rewrite), the create
    /// got there: its etag is returned with `alreadyThere` set. Anything else stays the refusal.
    package func put(_ resource: CalendarResource, bytes: [UInt8], expected: String?) throws -> (etag: String, alreadyThere: Bool) {
        do {
            return (try put(uid: resource.uid, bytes: bytes, expected: expected), false)
        } catch StoreError.alreadyExists(let uid) where expected == nil {
            guard let (held, etag) = try get(uid: uid), StoredSeries.holds(held, sameAs: resource) else {
                throw StoreError.alreadyExists(uid: uid)
            }
            return (etag, true)
        }
    }
}
