import Dispatch
import Foundation

/// Work shared out over every core: a batch is dealt into numbered shares, each mapped by whichever
/// core is free and its results kept in its own slot, so the results come back in share order.
@usableFromInline
enum EveryCore {
    /// Asked once: Foundation reads the cgroup's quota and cpuset files on each call, which cost a
    /// store's export a tenth of its time when every resource asked.
    @usableFromInline
    static let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
}

extension EveryCore {
    /// Shares of work started on background threads (as many at once as there are cores) while the
    /// caller goes on.
    /// `@unchecked Sendable`: its fields are constants; the results pass through `WorkerSlots`.
    @usableFromInline
    final class Running<Result>: @unchecked Sendable {
        private let group = DispatchGroup()
        private let slots: WorkerSlots<Result>

        @usableFromInline
        init(shares: Int, _ work: @escaping @Sendable (_ share: Int) -> Result) {
            let slots = WorkerSlots<Result>(count: shares)
            self.slots = slots
            // A lone share is done here: waking a thread and waiting for it cost more than a small
            // input's whole reading (a store's export reads thousands of one-chunk resources), and on
            // one core the caller would only wait for it anyway.
            guard shares > 1 else {
                slots.store(work(0), at: 0)
                return
            }
            for share in 0..<shares {
                DispatchQueue.global().async(group: group) { slots.store(work(share), at: share) }
            }
        }

        /// What each share returned, in share order, once all are done.
        @usableFromInline
        func wait() -> [Result] {
            group.wait()
            return slots.takeResults()
        }
    }
}

/// One slot per share, each written by exactly the thread that mapped it, read after all are done. The slots are
/// memory of their own, not an Array: writing an element through an Array is an access to the whole
/// array (its uniqueness check and mutation marker), and threads storing at once raced on it
/// (ThreadSanitizer's "Swift access race" in `store`, with results lost). `@unchecked Sendable`:
/// no two threads touch one slot at once, and the group's wait orders the stores before the takes.
private final class WorkerSlots<Result>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Result?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        _ = slots.deinitialize()
        slots.deallocate()
    }

    func store(_ result: Result, at index: Int) {
        slots[index] = result
    }

    /// What the shares stored, moved out rather than copied: the caller becomes its only owner, so
    /// what it takes apart is not retained and released once more on its thread.
    func takeResults() -> [Result] {
        // `wait` returns once every share has stored its result, so each slot holds one.
        (0..<slots.count).map { slots[$0].take()! }
    }
}
