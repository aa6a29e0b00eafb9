import Dispatch
import Foundation

/// Work shared out over every core: each worker gets its number and takes every `workers`-th item,
/// so a batch needs no queue and each worker's results stay together.
public enum EveryCore {
    /// How many workers `perform` uses for that many items.
    public static func workers(for items: Int) -> Int {
        max(1, min(ProcessInfo.processInfo.activeProcessorCount, items))
    }

    /// Runs `work` once per worker (no more workers than `items`, at least one) and returns what each
    /// returned, in worker order.
    public static func perform<Result>(items: Int, _ work: @Sendable (_ worker: Int, _ workers: Int) -> Result) -> [Result] {
        let workers = workers(for: items)
        guard workers > 1 else { return [work(0, 1)] }
        let slots = WorkerSlots<Result>(count: workers)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            slots.store(work(worker, workers), at: worker)
        }
        return slots.results
    }
}

/// One slot per worker, each written by exactly that worker, read after all are done.
private final class WorkerSlots<Result>: @unchecked Sendable {
    private var slots: [Result?]

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func store(_ result: Result, at index: Int) {
        slots.withUnsafeMutableBufferPointer { $0[index] = result }
    }

    var results: [Result] { slots.map { $0! } }
}
