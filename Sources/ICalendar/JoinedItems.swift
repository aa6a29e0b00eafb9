import CalendarModel

/// Consecutive items of a worker's share handed back as one ``ReadComponent`` (see
/// `ComponentReader.read(share:joiningNotes:)`): their encoded bytes joined, their notes combined and
/// their diagnostics in order, so that the thread handing items on appends one buffer for them and
/// frees nothing per item. Their sources stay, joined too, for the rare merge that renames a TZID one
/// of them uses: each is then read again and handed on by itself.
package struct JoinedItems: Sendable {
    /// The items' source bytes, one after another.
    package private(set) var sources: [UInt8] = []
    /// Where each item's source ends in `sources`, and the line its BEGIN is on in the input.
    package private(set) var ends: [(end: Int, firstLine: Int)] = []

    /// What makes joined items members of a series (see `ComponentReader.identifiesSeriesMembers`):
    /// which item, its identity, and how many of the run's diagnostics come up to its own last one,
    /// where a finding about it stands.
    private(set) var seriesMembers: [(item: Int, identity: SeriesIdentity, diagnosticsEnd: Int)] = []

    /// How many items were joined.
    package var count: Int { ends.count }

    mutating func noteSeriesMember(_ identity: SeriesIdentity, diagnosticsEnd: Int) {
        seriesMembers.append((ends.count - 1, identity, diagnosticsEnd))
    }

    mutating func append(_ source: RawComponent) {
        sources += source.bytes
        ends.append((sources.count, source.firstLine))
    }

    /// Each item's source, as it was read.
    package var items: [RawComponent] {
        ends.indices.map { index in
            RawComponent(bytes: Array(sources[(index == 0 ? 0 : ends[index - 1].end)..<ends[index].end]), firstLine: ends[index].firstLine)
        }
    }
}

/// Joins the items of a share as a worker reads them (see ``JoinedItems``).
struct ItemJoining {
    /// Combines a later item's notes into those of the items before it, in file order.
    let joinNotes: (@Sendable (_ joined: inout (any Sendable)?, _ later: any Sendable) -> Void)?
    private var outputs: [ReadComponent] = []
    private var run: JoinedRun?

    init(joinNotes: (@Sendable (_ joined: inout (any Sendable)?, _ later: any Sendable) -> Void)?) {
        self.joinNotes = joinNotes
    }

    /// Whether the merge sees no more of `read` than its zone references: its tree was let go of on
    /// the worker (so it is neither a VTIMEZONE nor given a made UID, see `ComponentReader.keepsComponent`).
    static func joins(_ read: ReadComponent) -> Bool {
        read.component == nil && read.madeUID == nil && read.source != nil
    }

    mutating func add(_ read: ReadComponent) {
        guard Self.joins(read), let source = read.source else {
            endRun()
            outputs.append(read)
            return
        }
        // Taken out and put back, so that appending to it copies nothing.
        var run = self.run.take() ?? JoinedRun()
        run.diagnostics += read.diagnostics
        if let encoded = read.encoded { run.encoded += encoded }
        run.joined.append(source)
        if let identity = read.seriesIdentity { run.joined.noteSeriesMember(identity, diagnosticsEnd: run.diagnostics.count) }
        if let references = read.zoneReferences { run.addZoneReferences(references) }
        if let notes = read.notes { joinNotes?(&run.notes, notes) }
        self.run = run
    }

    /// The share's outputs: items the merge looks at by themselves, and runs of joined ones.
    mutating func finish() -> [ReadComponent] {
        endRun()
        return outputs
    }

    private mutating func endRun() {
        guard let ended = run.take() else { return }
        outputs.append(ended.joinedRead)
    }
}

/// A run of joined items being built: what becomes one ``ReadComponent``.
private struct JoinedRun {
    var diagnostics: [Diagnostic] = []
    var encoded: [UInt8] = []
    var joined = JoinedItems()
    var notes: (any Sendable)?
    var zoneReferences: Component?
    /// The TZIDs `zoneReferences` names already.
    private var tzids: Set<String> = []

    /// The run as one ``ReadComponent`` standing for all its items.
    var joinedRead: ReadComponent {
        var read = ReadComponent(component: nil, diagnostics: diagnostics, encoded: encoded)
        read.joined = joined
        read.notes = notes
        read.zoneReferences = zoneReferences
        return read
    }

    /// Gives the run one property per TZID its items name, all the merge's renaming looks at; and a
    /// component at all when one of its items had one, as the merge then takes it.
    mutating func addZoneReferences(_ references: Component) {
        var kept = zoneReferences.take() ?? Component(name: references.name)
        for property in references.properties {
            guard let tzid = property[parameter: "TZID"], tzids.insert(tzid).inserted else { continue }
            kept.properties.append(property)
        }
        zoneReferences = kept
        references.components.forEach { addZoneReferences($0) }
    }
}

extension ComponentReader {
    /// Reads a worker's share in order, joining each run of consecutive items the merge sees only
    /// by their TZIDs (see ``JoinedItems``); `joinNotes` combines their notes when `study` is set.
    package func read(
        share: [RawComponent], joiningNotes joinNotes: (@Sendable (_ joined: inout (any Sendable)?, _ later: any Sendable) -> Void)?
    )
        -> [ReadComponent]
    {
        var joining = ItemJoining(joinNotes: joinNotes)
        for raw in share { joining.add(read(raw)) }
        return joining.finish()
    }
}
