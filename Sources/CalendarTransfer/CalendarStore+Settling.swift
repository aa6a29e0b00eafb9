import CalendarModel
import CalendarStores

extension CalendarStore {
    /// Writes `resource` (`bytes` its text) as `put(uid:bytes:expected:)` does, but settles a write
    /// whose outcome was unknown by what the store holds. A write is retried after a connection that
    /// dropped once its body went out (or its run was killed, and the resume's listing began before
    /// the write landed); when the first try got there, the store refuses the retry's condition: a
    /// create's `If-None-Match: *` (`alreadyExists`), an update's `If-Match` with the etag the first
    /// try replaced (`changedElsewhere`). When what it holds says what `resource` says
    /// (``StoredSeries``, which sees through what servers rewrite), the write got there: its etag is
    /// returned with `alreadyThere` set. Anything else stays the refusal.
    package func put(_ resource: CalendarResource, bytes: [UInt8], expected: String?) throws -> (etag: String, alreadyThere: Bool) {
        do {
            return (try put(uid: resource.uid, bytes: bytes, expected: expected), false)
        } catch let refusal as StoreError {
            switch (refusal, expected) {
            case (.alreadyExists, nil), (.changedElsewhere, _?):
                guard let (held, etag) = try get(uid: resource.uid), StoredSeries.holds(held, sameAs: resource) else { throw refusal }
                return (etag, true)
            default:
                throw refusal
            }
        }
    }
}
