import Dispatch
import Foundation

/// Work shared out over every core: each worker gets its number and takes its own share of the
/// items, so a batch needs no queue and each worker's results stay together.
@usableFromInline
enum EveryCore {
    /// How many workers a batch of that many items is shared out among.
    @usableFromInline
    static func workers(for items: Int) -> Int {
        max(1, min(cores, items))
    }

    /// Asked once: Foundation reads the cgroup's quota and cpuset files on each call, which cost a
    /// store's export a tenth of its time when every resource asked.
    @usableFromInline
    static let cores = ProcessInfo.processInfo.activeProcessorCount
}

extension EveryCore {
    /// Work started on background threads, one per worker, while the caller goes on.
    /// `@unchecked Sendable`: its fields are constants; the results pass through `WorkerSlots`.
    @usableFromInline
    final class Running<Result>: @unchecked Sendable {
        private let group = DispatchGroup()
        private let slots: WorkerSlots<Result>

        @usableFromInline
        init(workers: Int, _ work: @escaping @Sendable (_ worker: Int, _ workers: Int) -> Result) {
            let slots = WorkerSlots<Result>(count: workers)
            self.slots = slots
            // One worker's share is done here: waking a thread and waiting for it cost more than a
            // small input's whole reading (a store's export reads thousands of one-chunk resources),
            // and on one core the caller would only wait for it anyway.
            guard workers > 1 else {
                slots.store(work(0, 1), at: 0)
                return
            }
            for worker in 0..<workers {
                DispatchQueue.global().async(group: group) { slots.store(work(worker, workers), at: worker) }
            }
        }

        /// What each worker returned, in worker order, once all are done.
        @usableFromInline
        func wait() -> [Result] {
            group.wait()
            return slots.takeResults()
        }
    }

    /// Runs `work` once per worker (no more workers than `items`, at least one) without waiting: the
    /// caller (the thread reading the file) goes on with the next batch while the workers run,
    /// instead of taking a share and leaving a core idle when done.
    @inlinable
    static func start<Result>(items: Int, _ work: @escaping @Sendable (_ worker: Int, _ workers: Int) -> Result) -> Running<Result> {
        Running(workers: workers(for: items), work)
    }
}

/// One slot per worker, each written by exactly that worker, read after all are done. The slots are
/// memory of their own, not an Array: writing an element through an Array is an access to the whole
/// array (its uniqueness check and mutation marker), and workers storing at once raced on it
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

    /// What the workers stored, moved out rather than copied: the caller becomes its only owner, so
    /// what it takes apart is not retained and released once more on its thread.
    func takeResults() -> [Result] {
        // `wait` returns once every worker has stored its result, so each slot holds one.
        (0..<slots.count).map { slots[$0].take()! }
    }
}
