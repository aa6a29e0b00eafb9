import CalendarModel
import Platform

/// Scans a whole input on every core: workers scan chunks of it (see `CalendarChunkCutter`) while
/// this thread cuts the next ones, and one ``CalendarScanner`` takes the chunks over in input order,
/// reading a chunk itself where it does not stand where the worker's scan of it began. What it hands
/// on, and every diagnostic with its line, is what `CalendarScanner.next` gives for the whole input.
package struct ChunkedCalendarScanner {
    /// About how much of the input one worker scans at a time.
    package static let defaultChunkSize = 1 << 20

    private var scanner: CalendarScanner
    private var cutter: CalendarChunkCutter
    private var scanning: OrderedParallelMap<CalendarChunk, (chunk: CalendarChunk, scan: ChunkScan), Void>
    /// The items taken over and not yet handed on, a chunk's at a time, the next chunk's last and in
    /// each the next item last: each is moved out as it is handed on, not copied.
    private var ready: [[ScannedItem]] = []
    private var finished = false

    /// See `CalendarScanner.refusesUnusableInput`.
    package var refusesUnusableInput: Bool {
        get { scanner.refusesUnusableInput }
        set { scanner.refusesUnusableInput = newValue }
    }

    package var diagnostics: [Diagnostic] { scanner.diagnostics }

    /// `blockSize` is how much each read of the input asks for (see `CalendarScanner.blockSize`).
    package init(input: InputFile, chunkSize: Int = Self.defaultChunkSize, blockSize: Int = CalendarScanner.defaultBlockSize) {
        scanner = CalendarScanner(input: input)
        scanner.blockSize = blockSize
        cutter = CalendarChunkCutter(input: input, size: chunkSize, blockSize: blockSize)
        let file = input.name
        scanning = OrderedParallelMap(each: { chunk in (chunk, CalendarScanner.scan(chunk, file: file)) })
    }

    /// The next item, or `nil` at the end or after a problem that stops reading (in `diagnostics`).
    package mutating func next() throws(InputFile.OpenError) -> ScannedItem? {
        while true {
            if !ready.isEmpty {
                if let item = ready[ready.count - 1].popLast() { return item }
                ready.removeLast()
            } else if finished {
                return nil
            } else {
                try scanMore()
            }
        }
    }

    /// Sends a chunk to each worker, and takes over the chunks sent before; at the end of the input,
    /// ends it.
    private mutating func scanMore() throws(InputFile.OpenError) {
        var batch: [CalendarChunk] = []
        while !scanner.hasStopped, batch.count < OrderedParallelMap<CalendarChunk, ChunkScan, Void>.workers,
            let chunk = try cutter.next()
        {
            batch.append(chunk)
        }
        var taken: [[ScannedItem]] = []
        var scanning = self.scanning
        if batch.isEmpty {
            scanning.finish { takeOver($0.outputs, into: &taken) }
            taken.append(scanner.finishChunks())
            finished = true
        } else {
            scanning.submit(&batch) { takeOver($0.outputs, into: &taken) }
        }
        self.scanning = scanning
        // Reversed in place: each item is swapped, not copied.
        for index in taken.indices { taken[index].reverse() }
        taken.reverse()
        ready = taken
    }

    private mutating func takeOver(_ scanned: [(chunk: CalendarChunk, scan: ChunkScan)], into taken: inout [[ScannedItem]]) {
        for (chunk, scan) in scanned {
            taken.append(scanner.adopt(scan) ?? scanner.read(chunk))
        }
    }
}
