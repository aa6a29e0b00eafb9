/// Batches of items mapped on every core while the caller collects the next batch, their outputs
/// handed back in the items' order: the one way the readers and `expand` keep both cores busy. At
/// most one batch is in flight, so memory holds it and the batch being collected.
///
/// Each worker takes a contiguous share of a batch — which it owns, so what it lets go of dies on its
/// own thread rather than on the caller's — and returns its outputs in the share's order (one per
/// item for a plain map; a worker may join items into one, as the iCalendar reader joins encoded
/// bytes) and what it gathered over the whole share (`Gathered`: formatted bytes, say; `Void` for a
/// plain map). The batch's outputs are the shares' outputs one after another.
///
/// Inlinable, so each caller gets it specialized for its items: unspecialized, dealing items out and
/// back went through value witnesses and type metadata for every item.
@usableFromInline
package struct OrderedParallelMap<Item: Sendable, Output, Gathered> {
    /// What one batch came to: the outputs in batch order, and what each worker gathered.
    @usableFromInline
    package struct Batch {
        @usableFromInline package var outputs: [Output]
        @usableFromInline package var gathered: [Gathered]

        @inlinable
        init(outputs: [Output], gathered: [Gathered]) {
            self.outputs = outputs
            self.gathered = gathered
        }
    }

    @usableFromInline let work: @Sendable (_ share: [Item]) -> (outputs: [Output], gathered: Gathered)
    @usableFromInline var inFlight: EveryCore.Running<([Output], Gathered)>?

    @inlinable
    package init(_ work: @escaping @Sendable (_ share: [Item]) -> (outputs: [Output], gathered: Gathered)) {
        self.work = work
    }

    /// How many workers share out a batch: one per core.
    @inlinable
    package static var workers: Int { EveryCore.workers(for: .max) }

    /// Whether a batch is being mapped.
    @inlinable
    package var isBusy: Bool { inFlight != nil }

    /// Starts mapping `batch` (left empty, its capacity kept for the next), then hands on the batch
    /// that was in flight (if any) once it is done: the caller reads on while the workers map.
    @inlinable
    package mutating func submit(_ batch: inout [Item], _ handOn: (inout Batch) throws -> Void) rethrows {
        let next = Self.start(batch, work)
        batch.removeAll(keepingCapacity: true)
        try finish(handOn)
        inFlight = next
    }

    /// Waits for the batch in flight, if any, and hands it on.
    @inlinable
    package mutating func finish(_ handOn: (inout Batch) throws -> Void) rethrows {
        guard let running = inFlight.take() else { return }
        var parts = running.wait()
        // Each worker's outputs follow the one before's. The first worker's are taken whole, so that
        // on one core the caller's thread copies nothing; the others' are copied once.
        var outputs: [Output] = []
        swap(&outputs, &parts[0].0)
        outputs.reserveCapacity(parts.reduce(outputs.count) { $0 + $1.0.count })
        for index in parts.indices.dropFirst() {
            outputs.append(contentsOf: parts[index].0)
            parts[index].0 = []
        }
        var batch = Batch(outputs: outputs, gathered: parts.map(\.1))
        try handOn(&batch)
    }

    /// Maps `batch` and hands it on at once, after the batch in flight: what comes next follows it.
    @inlinable
    package mutating func flush(_ batch: inout [Item], _ handOn: (inout Batch) throws -> Void) rethrows {
        try finish(handOn)
        guard !batch.isEmpty else { return }
        try submit(&batch, handOn)
        try finish(handOn)
    }

    @inlinable
    static func start(_ batch: [Item], _ work: @escaping @Sendable ([Item]) -> ([Output], Gathered))
        -> EveryCore.Running<([Output], Gathered)>
    {
        let shares = WorkerShare.deal(batch, among: EveryCore.workers(for: batch.count))
        return EveryCore.start(items: batch.count) { worker, _ in work(shares[worker].take()) }
    }
}

extension OrderedParallelMap where Gathered == Void {
    /// A plain map: `transform` on each item.
    @inlinable
    package init(each transform: @escaping @Sendable (Item) -> Output) {
        self.init { share in (share.map(transform), ()) }
    }
}

/// The items one worker maps (a contiguous share), held so that the worker can take them away.
/// `@unchecked Sendable`: the caller fills it before the worker starts, and only that worker takes
/// the items out.
@usableFromInline
final class WorkerShare<Item>: @unchecked Sendable {
    @usableFromInline var items: [Item]

    @inlinable
    init(_ items: [Item]) {
        self.items = items
    }

    /// Deals the items out in contiguous shares, the first ones an item larger when they do not
    /// divide evenly; the shares hold the only references once the caller lets go of `items`.
    @inlinable
    static func deal(_ items: [Item], among workers: Int) -> [WorkerShare] {
        let (size, larger) = items.count.quotientAndRemainder(dividingBy: workers)
        return (0..<workers).map { worker in
            let start = worker * size + min(worker, larger)
            return WorkerShare(Array(items[start..<(start + size + (worker < larger ? 1 : 0))]))
        }
    }

    /// Called once, by the share's own worker.
    @inlinable
    func take() -> [Item] {
        defer { items = [] }
        return items
    }
}
