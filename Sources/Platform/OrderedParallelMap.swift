/// Batches of items mapped on every core while the caller collects the next batch, their outputs
/// handed back in the items' order: the one way the readers and `expand` keep both cores busy. At
/// most one batch is in flight, so memory holds it and the batch being collected.
///
/// A batch is dealt into contiguous shares, a few per core (`shares(for:)`), and each core takes the
/// next share when done with one. A share is owned by the thread that maps it, so what it lets go of
/// dies there rather than on the caller's thread; `work` returns its outputs in the share's order (one
/// per item for a plain map; it may join items into one, as the iCalendar reader joins encoded bytes)
/// and what it gathered over the whole share (`Gathered`: formatted bytes, say; `Void` for a plain
/// map). The batch's outputs are the shares' outputs one after another.
///
/// Inlinable, so each caller gets it specialized for its items: unspecialized, dealing items out and
/// back went through value witnesses and type metadata for every item.
@usableFromInline
package struct OrderedParallelMap<Item: Sendable, Output, Gathered> {
    /// What one batch came to: the outputs in batch order, and what each share gathered.
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

    /// How many shares of a batch are mapped at once: one per core.
    @inlinable
    package static var workers: Int { EveryCore.cores }

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
        // Each share's outputs follow the one before's. The first share's are taken whole, so that
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

    /// How many shares a batch is dealt into for each core. With one share a core, a core sat idle
    /// at the end of every batch whose shares differed in cost (a daily series beside a single
    /// event); with several, a core that finishes early takes the next share.
    @inlinable
    package static var sharesPerCore: Int { 4 }

    /// How many shares a batch of `items` is dealt into: one on one core, where the caller maps it.
    @inlinable
    package static func shares(for items: Int) -> Int {
        EveryCore.cores == 1 ? 1 : max(1, min(items, EveryCore.cores * sharesPerCore))
    }

    @inlinable
    static func start(_ batch: [Item], _ work: @escaping @Sendable ([Item]) -> ([Output], Gathered))
        -> EveryCore.Running<([Output], Gathered)>
    {
        let count = shares(for: batch.count)
        let shares = WorkerShare.deal(batch, among: count)
        return EveryCore.Running(shares: count) { share in work(shares[share].take()) }
    }
}

extension OrderedParallelMap where Gathered == Void {
    /// A plain map: `transform` on each item.
    @inlinable
    package init(each transform: @escaping @Sendable (Item) -> Output) {
        self.init { share in (share.map(transform), ()) }
    }
}

/// The items of one share (contiguous in the batch), held so that the thread mapping it can take
/// them away. `@unchecked Sendable`: the caller fills it before the share starts, and only the thread
/// mapping the share takes the items out.
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
    static func deal(_ items: [Item], among shares: Int) -> [WorkerShare] {
        let (size, larger) = items.count.quotientAndRemainder(dividingBy: shares)
        return (0..<shares).map { share in
            let start = share * size + min(share, larger)
            return WorkerShare(Array(items[start..<(start + size + (share < larger ? 1 : 0))]))
        }
    }

    /// Called once, by the thread mapping the share.
    @inlinable
    func take() -> [Item] {
        defer { items = [] }
        return items
    }
}
