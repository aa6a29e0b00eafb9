import CalendarModel

/// A top-level component after a worker has read it: the component, every problem found, and, when
/// asked for, its iCalendar text ready to be written.
package struct ReadComponent: Sendable {
    package var component: Component?
    package var diagnostics: [Diagnostic]
    package var encoded: [UInt8]?
    /// The bytes it was read from, for a reader that keeps them to read the component again later
    /// (`expand` re-reads the members of a series it meets again); `nil` when not read from iCalendar text.
    package var source: RawComponent?
    /// What `ComponentReader.study` found in the component, worked out on the worker.
    package var notes: (any Sendable)?
    /// The UID made for an item that had none (see ``ItemIdentity``).
    package var madeUID: String?
    /// For a component whose tree was let go of on its worker (see `ComponentReader.keepsComponent`):
    /// its name and the properties that name a TZID, all the zone merge looks at in it.
    package var zoneReferences: Component?
    /// Set when this stands for several items joined on their worker (see ``JoinedItems``): `encoded`,
    /// `notes` and `diagnostics` are then all of theirs, and `zoneReferences` names every TZID they use.
    package var joined: JoinedItems?
    /// What makes it a member of a series, when `ComponentReader.identifiesSeriesMembers` asks and its
    /// UID was not made (the reader may renumber a made one).
    var seriesIdentity: SeriesIdentity?

    /// How many bytes of the input this was read from, for progress.
    package var inputByteCount: Int { source?.bytes.count ?? joined?.sources.count ?? 0 }

    package init(component: Component?, diagnostics: [Diagnostic], encoded: [UInt8]?, source: RawComponent? = nil) {
        self.component = component
        self.diagnostics = diagnostics
        self.encoded = encoded
        self.source = source
    }
}

/// What one worker does to one raw component: parse it, check it (calbridge's checks and libical's),
/// and optionally serialize it. Pure, so batches of components go through it on every core.
package struct ComponentReader: Sendable {
    package var file: String
    package var encodes: Bool
    /// Also have libical judge the lines calbridge cannot vouch for (see `LibicalAcceptance`);
    /// commands that only read times (expand) skip it.
    package var checksWithLibical: Bool
    /// Build only these properties of events, to-dos and alarms (see ``PropertySelection``); all when `nil`.
    package var selection: PropertySelection?
    /// Whether the command writes the calendar (convert, import, export, validate): then what only a
    /// written calendar carries is reported too — the UID and DTSTAMP made for an item that lacks
    /// them (``ItemIdentity``), stamps not in UTC, alarms. expand and view, whose occurrences none of
    /// it changes, stay quiet about it.
    package var writesCalendar = true
    /// Work a command wants done on every component while it is on a worker (convert notes the zones
    /// each one uses), so that the thread handing components on in order does less.
    package var study: (@Sendable (Component) -> any Sendable)?
    /// What `encodes` writes: iCalendar text, unless another format (xCal, jCal) gives its encoding,
    /// which then runs on the workers too.
    package var encoder: @Sendable (Component) -> [UInt8] = ComponentReader.iCalendarText
    /// Whether the component read is handed back. A command that needs only `encoded` and `notes`
    /// clears it: the tree of an item then dies on the worker that built it, and only its `zoneReferences` go back
    /// (and its source, read again on the rare TZID the merge renames). A VTIMEZONE, which the merge
    /// keeps, and an item given a made UID, which the reader may renumber, are handed back whole.
    package var keepsComponent = true
    /// Whether to note what makes each item a member of a series (`ReadComponent.seriesIdentity`), for
    /// the whole-calendar check of a reader that lets trees die on the workers.
    var identifiesSeriesMembers = false

    package init(file: String, encodes: Bool = false, checksWithLibical: Bool = true) {
        self.file = file
        self.encodes = encodes
        self.checksWithLibical = checksWithLibical
    }

    package func read(_ raw: RawComponent) -> ReadComponent {
        var parser = ComponentParser(file: file)
        parser.collectsLinesForLibical = checksWithLibical
        parser.selection = selection
        guard var component = parser.parse(raw) else {
            return ReadComponent(component: nil, diagnostics: parser.diagnostics, encoded: nil, source: raw)
        }
        let identity = ItemIdentity.complete(
            &component, file: file,
            wholeContent: selection == nil
                ? nil
                : {
                    var whole = ComponentParser(file: file)
                    return whole.parse(raw)
                })
        var diagnostics =
            parser.diagnostics + (writesCalendar ? identity.diagnostics : [])
            + ComponentChecks.diagnostics(for: component, file: file, placesOccurrencesOnly: !writesCalendar)
        if checksWithLibical { diagnostics += libicalDiagnostics(parser.linesForLibical, known: diagnostics) }
        var encoded: [UInt8]?
        if encodes { encoded = encoder(component) }
        var read = ReadComponent(component: component, diagnostics: diagnostics, encoded: encoded, source: raw)
        read.notes = study?(component)
        read.madeUID = identity.madeUID
        if identifiesSeriesMembers && identity.madeUID == nil { read.seriesIdentity = SeriesIdentity(of: component) }
        if !keepsComponent && identity.madeUID == nil && component.name != "VTIMEZONE" {
            read.component = nil
            Self.keepZoneReferences(in: &component)
            read.zoneReferences = component
        }
        return read
    }

    /// Cuts the component down to its name and the properties that carry a TZID parameter, in its
    /// own and its subcomponents' places. In place, as nothing else holds the tree by now: what
    /// stays is moved, not copied.
    private static func keepZoneReferences(in component: inout Component) {
        component.location = nil
        component.properties.removeAll { property in !property.parameters.contains { $0.name == "TZID" } }
        for index in component.components.indices { keepZoneReferences(in: &component.components[index]) }
    }

    package static func iCalendarText(_ component: Component) -> [UInt8] {
        var writer = ICalendarWriter()
        writer.write(component)
        return writer.bytes
    }

    /// libical's findings on the lines it had to judge, except on lines calbridge has reported already.
    private func libicalDiagnostics(_ lines: [(bytes: [UInt8], location: SourceLocation)], known: [Diagnostic]) -> [Diagnostic] {
        guard !lines.isEmpty else { return [] }
        let reportedLines = Set(known.compactMap { $0.location?.line })
        return lines.filter { !reportedLines.contains($0.location.line) }.flatMap { line in
            // libical 3.0.16 refuses empty values ("No value for LOCATION property"), which RFC 5545
            // allows for TEXT; empty values of other types fail calbridge's own checks first.
            LibicalCheck.findings(inLine: line.bytes).filter { !$0.message.hasPrefix("No value for") }.map { finding in
                Diagnostic(
                    .error, file: file, at: line.location, LibicalFinding.messagePrefix + finding.message,
                    repair: "keeps the line as written")
            }
        }
    }
}

/// How calbridge words what libical found.
package enum LibicalFinding {
    /// The start of every diagnostic that reports a libical finding.
    package static let messagePrefix = "libical cannot read this value: "
}
