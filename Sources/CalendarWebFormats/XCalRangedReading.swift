import JSONReading

extension XCalReader {
    /// Reads a document as `read(chunks:_:)` does, but hands the content of each VCALENDAR's
    /// `<components>` to `ranges` cut into ranges of about `rangeBytes` of whole top-level
    /// components, found by a byte scan. The document's own parser reads the rest, and moves its
    /// place on over each range; it reads a range itself when the range's parser could not, and
    /// then the rest of the document too, so what is handed on and where the document is wrong
    /// are what `read(chunks:_:)` says, for any document.
    ///
    /// `submit` starts parsing a range on other threads; it and `drain` hand on, in document
    /// order, what the ranges parsed so far hold (`drain` waits for all of them) and return the
    /// ranges they did not hand on: the first one that is not whole components and every one after.
    package func read(
        chunks nextChunk: () throws -> [UInt8]?, rangeBytes: Int,
        submit: (XCalComponentRange) throws -> [XCalComponentRange], drain: () throws -> [XCalComponentRange],
        _ handle: (CalendarDocumentEvent) throws -> Void
    ) throws {
        let builder = XCalBuilder(maximumItemBytes: maximumComponentBytes)
        try XMLPushParser.withSession(handler: builder) { session in
            var reading = XCalRangedReading(
                builder: builder, session: session, rangeBytes: rangeBytes,
                maximumComponentBytes: maximumComponentBytes)
            try reading.read(chunks: nextChunk, submit: submit, drain: drain, handle)
        }
    }
}

/// The state of one ranged reading: the bytes not yet handed to a parser, the scan through them,
/// and where the document's own parser stands.
private struct XCalRangedReading {
    let builder: XCalBuilder
    let session: XMLPushParser.Session
    let rangeBytes: Int
    /// Past this many bytes without a component's end, the parser reads on itself, and refuses
    /// the component once it is larger than the reader allows.
    let maximumComponentBytes: Int

    private var bytes: [UInt8] = []
    private var ended = false
    private var scan = XCalComponentScan()
    /// Everything before `fed` went to the document's parser (outside `<components>`).
    private var fed = 0
    /// Inside `<components>`: where the next range begins, the end of the last component scanned,
    /// and where the document's parser stands (it read up to the `<components>` tag).
    private var inComponents = false
    private var rangeStart = 0
    private var lastComponentEnd = 0
    private var parserPosition = JSONPosition.start
    /// `bytes[counted]` stands at `countedPosition`: every byte is counted once, in order.
    private var counted = 0
    private var countedPosition = JSONPosition.start

    init(builder: XCalBuilder, session: XMLPushParser.Session, rangeBytes: Int, maximumComponentBytes: Int) {
        self.builder = builder
        self.session = session
        self.rangeBytes = max(1, rangeBytes)
        self.maximumComponentBytes = maximumComponentBytes
    }

    mutating func read(
        chunks nextChunk: () throws -> [UInt8]?, submit: (XCalComponentRange) throws -> [XCalComponentRange],
        drain: () throws -> [XCalComponentRange], _ handle: (CalendarDocumentEvent) throws -> Void
    ) throws {
        while true {
            let step = bytes.withUnsafeBufferPointer { scan.step(in: $0, ended: ended) }
            switch step {
            case .needsMore:
                if ended || inComponents && bytes.count - rangeStart > maximumComponentBytes {
                    return try readOn(after: inComponents ? try drain() : [], nextChunk, handle)
                }
                if !inComponents { try feed(upTo: scan.index, handle) }
                dropReadBytes()
                if let chunk = try nextChunk() { bytes += chunk } else { ended = true }
            case .componentsOpen(let start):
                try feed(upTo: start, handle)
                guard builder.isBetweenComponents, session.isCaughtUp() else { return try readOn(after: [], nextChunk, handle) }
                (inComponents, rangeStart, lastComponentEnd, parserPosition) = (true, start, start, position(at: start))
            case .componentEnds(let end):
                lastComponentEnd = end
                guard end - rangeStart >= rangeBytes else { continue }
                let unread = try submit(cut(upTo: end))
                if !unread.isEmpty { return try readOn(after: unread + drain(), nextChunk, handle) }
            case .componentsClose:
                var unread = lastComponentEnd > rangeStart ? try submit(cut(upTo: lastComponentEnd)) : []
                unread += try drain()
                if !unread.isEmpty { return try readOn(after: unread, nextChunk, handle) }
                session.skip(parserPosition, position(at: rangeStart))
                (inComponents, fed) = (false, rangeStart)
            case .givesUp:
                return try readOn(after: inComponents ? try drain() : [], nextChunk, handle)
            }
        }
    }

    /// Reads the rest of the document as it comes: from the first range not handed on (the
    /// parser moved on over those that were), or else from where the parser stopped.
    private mutating func readOn(
        after unread: [XCalComponentRange], _ nextChunk: () throws -> [UInt8]?,
        _ handle: (CalendarDocumentEvent) throws -> Void
    ) throws {
        if inComponents {
            session.skip(parserPosition, unread.first?.origin ?? position(at: rangeStart))
            for range in unread { try feed(range.bytes[...], isLast: false, handle) }
            fed = rangeStart
        }
        var rest: [UInt8]? = Array(bytes[fed...])
        bytes = []
        try XMLPushParser.feedInSlices(
            of: {
                if let first = rest { rest = nil; return first }
                return ended ? nil : try nextChunk()
            }, { slice, isLast in try feed(slice, isLast: isLast, handle) })
    }

    /// Hands the document's parser the bytes outside `<components>` scanned so far.
    private mutating func feed(upTo end: Int, _ handle: (CalendarDocumentEvent) throws -> Void) throws {
        guard end > fed else { return }
        _ = position(at: end)
        var start = fed
        while start < end {
            let sliceEnd = min(start + XMLPushParser.sliceSize, end)
            try feed(bytes[start..<sliceEnd], isLast: false, handle)
            start = sliceEnd
        }
        fed = end
    }

    private func feed(_ slice: ArraySlice<UInt8>, isLast: Bool, _ handle: (CalendarDocumentEvent) throws -> Void) throws {
        try slice.withUnsafeBufferPointer { try feed($0, isLast: isLast, handle) }
    }

    /// What completed before an error is handed on first, as `read(chunks:_:)` does.
    private func feed(_ slice: UnsafeBufferPointer<UInt8>, isLast: Bool, _ handle: (CalendarDocumentEvent) throws -> Void) throws {
        var failure: DocumentError?
        do throws(XMLReadingFailure) { try session.feed(slice, isLast) } catch { failure = DocumentError(error) }
        try builder.takeReady().forEach(handle)
        if let failure { throw failure }
    }

    /// The components from `rangeStart` to `end`, for a parser of their own.
    private mutating func cut(upTo end: Int) -> XCalComponentRange {
        let range = XCalComponentRange(bytes: Array(bytes[rangeStart..<end]), origin: position(at: rangeStart))
        rangeStart = end
        return range
    }

    private mutating func position(at offset: Int) -> JSONPosition {
        countedPosition = countedPosition.advanced(over: bytes[counted..<offset])
        counted = offset
        return countedPosition
    }

    /// Drops the bytes no parser needs any more, once they are most of what is held.
    private mutating func dropReadBytes() {
        let kept = inComponents ? rangeStart : fed
        guard kept >= 1 << 20, kept * 2 >= bytes.count else { return }
        _ = position(at: kept)
        bytes.removeSubrange(..<kept)
        scan.dropped(kept)
        (fed, rangeStart, lastComponentEnd, counted) = (fed - kept, rangeStart - kept, lastComponentEnd - kept, 0)
    }
}
