import Foundation

/// A store's resources in the order it hands them out, passed from the thread that receives them
/// (for a CalDAV store, the one reading the REPORT's XML as it streams) to the one that reads each as
/// a calendar and writes it, so that the two overlap instead of taking turns. At most `capacity`
/// resources wait, so memory holds a few of them however large the store.
///
/// The receiving side is woken only when the reading side has emptied the queue, and the other way
/// round, and the reading side takes every waiting resource at once: thousands of small resources
/// then cost a few wake-ups, not two each.
///
/// `@unchecked Sendable`: both threads share it, and every field is touched only under `condition`.
package final class ResourceHandOff: @unchecked Sendable {
    package typealias Resource = (uid: String, bytes: [UInt8])

    private let condition = NSCondition()
    private let capacity: Int
    private var waiting: [Resource] = []
    private var ended = false
    private var endedByFailure = false
    private var stopped = false
    private var readerWaits = false
    private var receiverWaits = false

    package init(capacity: Int) {
        self.capacity = capacity
    }

    /// Adds the next resource, waiting while `capacity` of them wait; false once the reading side
    /// has stopped, when nothing more is wanted.
    package func put(_ resource: Resource) -> Bool {
        condition.withLock {
            while waiting.count >= capacity && !stopped {
                receiverWaits = true
                condition.wait()
                receiverWaits = false
            }
            guard !stopped else { return false }
            waiting.append(resource)
            if readerWaits { condition.broadcast() }
            return true
        }
    }

    /// No resource comes after those put; `failed` when the store failed before its last.
    package func end(failed: Bool) {
        condition.withLock {
            (ended, endedByFailure) = (true, failed)
            condition.broadcast()
        }
    }

    /// Whether the store failed before handing out its last resource (known once `takeWaiting`
    /// came back empty).
    package var receivingFailed: Bool {
        condition.withLock { endedByFailure }
    }

    /// Every resource waiting, in order, after waiting for one; empty once all have come (or the
    /// reading side stopped).
    package func takeWaiting() -> [Resource] {
        condition.withLock {
            while waiting.isEmpty && !ended && !stopped {
                readerWaits = true
                condition.wait()
                readerWaits = false
            }
            let taken = waiting
            waiting.removeAll(keepingCapacity: true)
            if receiverWaits { condition.broadcast() }
            return taken
        }
    }

    /// The reading side takes no more (it failed): a receiver waiting to put is let go.
    package func stop() {
        condition.withLock {
            stopped = true
            waiting = []
            condition.broadcast()
        }
    }
}
