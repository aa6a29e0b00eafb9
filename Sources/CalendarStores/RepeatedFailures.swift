/// Tells a resource the server keeps failing on (a server bug for that one item: list it, go on)
/// from a server that fails on everything (stop, safe to retry). Fed with the outcome of each
/// request of a batch in the order they end; not thread-safe, the caller holds its lock.
package struct RepeatedFailures: Sendable {
    /// Requests in a row that failed repeatedly, with no success between them.
    private var inARow = 0
    /// How many in a row mean the server, not the items: with several requests in flight, a few
    /// items refused at once are still items.
    package let limit: Int

    package init(limit: Int = 5) {
        self.limit = limit
    }

    package mutating func succeeded() {
        inARow = 0
    }

    /// Whether this repeated failure still counts as the item's own (false: the store is failing).
    package mutating func isItemsOwn() -> Bool {
        inARow += 1
        return inARow < limit
    }
}
