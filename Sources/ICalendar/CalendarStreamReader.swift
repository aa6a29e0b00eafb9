import CalendarModel
import Platform

/// What a reader hands on, in input order: the merged calendar's properties and components.
package enum CalendarStreamEvent {
    case property(Property)
    case component(ReadComponent)

    /// How many bytes of the input a component was read from, for progress; none for a property.
    /// Asked here, where the payload is looked into in place: binding it elsewhere copied every
    /// component handed on.
    package var inputByteCount: Int {
        switch self {
        case .property: 0
        case .component(let read): read.inputByteCount
        }
    }
}

/// Reads one or more iCalendar inputs as one calendar: components are parsed in parallel batches
/// (one batch in memory at a time) and handed on in input order. Several calendars merge: the first
/// calendar's properties win, later ones add only names not yet seen, VTIMEZONEs merge as `zones`
/// decides (one per TZID, none that moves an event); UIDs are kept as they are. A merge was asked
/// for, so what it leaves out of later calendars' properties is not reported one by one: only a
/// differing calendar name gets one note saying which name the merged calendar carries.
package struct CalendarStreamReader {
    package var encodes = false
    /// How components are encoded when `encodes` is set (see `ComponentReader.encoder`).
    package var encoder: @Sendable (Component) -> [UInt8] = ComponentReader.iCalendarText
    /// Whether libical checks every component as well (see `ComponentReader.checksWithLibical`).
    package var checksWithLibical = true
    /// See `ComponentReader.selection`.
    package var selection: PropertySelection?
    /// See `ComponentReader.writesCalendar`.
    package var writesCalendar = true
    /// See `ComponentReader.study`.
    package var study: (@Sendable (Component) -> any Sendable)?
    /// Whether each component handed on carries its tree: a caller that needs only `encoded` and the
    /// `study` notes (convert, validate) clears it, so that trees die on the workers (see
    /// `ComponentReader.keepsComponent`).
    package var keepsComponents = true
    /// How the notes `study` made of items joined on a worker combine, in file order. With
    /// `keepsComponents` cleared, consecutive items the merge sees only by their TZIDs come back
    /// joined (see ``JoinedItems``), unless `study` is set without this to combine their notes.
    package var joinsNotes: (@Sendable (_ joined: inout (any Sendable)?, _ later: any Sendable) -> Void)?
    /// Components parsed together; bounds memory and keeps both cores busy.
    package var batchSize = 256
    /// About how much of the input each worker scans at a time (see ``ChunkedCalendarScanner``).
    package var chunkSize = ChunkedCalendarScanner.defaultChunkSize
    /// Also check what needs the whole calendar (see `CalendarWideChecks`): VERSION and PRODID in each
    /// VCALENDAR, and UIDs shared by components that are not one master and its overrides, found
    /// once every input is read (`finishWholeCalendarChecks`). Off by default: only `validate` asks,
    /// because `convert` and `expand` keep going on violations and noting every UID would cost them
    /// for findings they do not report.
    package var checksWholeCalendar = false
    /// See `CalendarScanner.refusesUnusableInput`.
    package var refusesUnusableInput = false

    /// How the VTIMEZONEs of the calendars read merge (see `foresee`).
    package var zones = TimeZoneMerge()
    /// Set to keep the calendars of one input apart instead of merging them (ics → ics of a file that
    /// holds several VCALENDARs): called where a later calendar of the input begins, before its
    /// properties, each of which then goes on, and with VTIMEZONEs judged afresh.
    package var beginsLaterCalendar: (() throws -> Void)?

    /// Set where calendars merge into a new one (several inputs, a store's export): the PRODID
    /// handed on in place of the first calendar's, since the merged calendar is calbridge's making.
    package var mergedProductIdentifier: String?
    /// Whether a later calendar's different name is noted (see `noteNameLeftOut`); a store's export,
    /// whose resources are one calendar by construction, has nothing to tell.
    package var notesNameLeftOut = true
    /// For a caller that keeps each calendar's own properties apart (`import` gives each resource
    /// its own input's PRODID): told `nil` where an input or a calendar of it begins, then each of
    /// that calendar's properties as it has them, whatever the merge keeps.
    package var seesOwnCalendarProperty: ((Property?) -> Void)?

    package private(set) var diagnostics: [Diagnostic] = []
    /// The calendar properties handed on, by name: the merged calendar's.
    private var seenProperties: [String: Property] = [:]
    /// The merged calendar's name (X-WR-CALNAME or NAME) and the input it came from, once handed on.
    private var keptName: (property: Property, file: String)?
    private var notedNameLeftOut = false
    private var calendars = 0
    private var wideChecks = CalendarWideChecks()
    private var madeUIDs = MadeUIDRepeats()

    package init(encodes: Bool = false) {
        self.encodes = encodes
    }

    /// Reads one input, calling `handle` for each property and component that goes into the merged calendar.
    package mutating func read(_ input: InputFile, _ handle: (CalendarStreamEvent) throws -> Void) throws {
        var scanner = ChunkedCalendarScanner(input: input, chunkSize: chunkSize)
        scanner.refusesUnusableInput = refusesUnusableInput
        var reader = ComponentReader(
            file: input.name, encodes: encodes,
            checksWithLibical: checksWithLibical)
        reader.study = study
        reader.selection = selection
        reader.writesCalendar = writesCalendar
        reader.encoder = encoder
        reader.keepsComponent = keepsComponents
        reader.identifiesSeriesMembers = checksWholeCalendar
        var batch: [RawComponent] = []
        // The workers read one batch while this thread scans the next: scanning waited for every
        // batch to be read, and the workers for scanning.
        _ = LibicalCheck.configured
        let joinsItems = !reader.keepsComponent && (study == nil || joinsNotes != nil)
        var reading = OrderedParallelMap<RawComponent, ReadComponent, Void> { [reader, joinsNotes] share in
            (joinsItems ? reader.read(share: share, joiningNotes: joinsNotes) : share.map { reader.read($0) }, ())
        }
        var firstOfInput = true
        var calendarsOfInput = 0
        zones.beginInput(input.name)
        seesOwnCalendarProperty?(nil)
        while let item = try scanner.next() {
            switch item {
            case .component(let raw):
                batch.append(raw)
                guard batch.count >= batchSize else { continue }
                try reading.submit(&batch) { try handOn(&$0.outputs, from: input.name, reader, handle) }
            case .beginCalendar(let location):
                try reading.flush(&batch) { try handOn(&$0.outputs, from: input.name, reader, handle) }
                if checksWholeCalendar { wideChecks.beginCalendar(file: input.name, at: location) }
                if calendarsOfInput > 0 { seesOwnCalendarProperty?(nil) }
                calendars += 1
                firstOfInput = calendars == 1 || beginsLaterCalendar != nil
                // Each calendar has TZIDs of its own; what came before the first belongs to it.
                if calendarsOfInput > 0 {
                    if beginsLaterCalendar != nil { try beginCalendarApart(of: input) } else { zones.beginCalendar() }
                }
                calendarsOfInput += 1
            case .calendarProperty(let property):
                try reading.flush(&batch) { try handOn(&$0.outputs, from: input.name, reader, handle) }
                if checksWholeCalendar { wideChecks.calendarProperty(property) }
                seesOwnCalendarProperty?(property)
                try take(property, from: input.name, firstOfInput: firstOfInput, handle)
            case .endCalendar:
                try reading.flush(&batch) { try handOn(&$0.outputs, from: input.name, reader, handle) }
                if checksWholeCalendar { diagnostics += wideChecks.endCalendar() }
            }
        }
        try reading.flush(&batch) { try handOn(&$0.outputs, from: input.name, reader, handle) }
        // A truncated input ends inside its calendar, which is judged all the same.
        if checksWholeCalendar { diagnostics += wideChecks.endCalendar() }
        diagnostics += scanner.diagnostics
    }

    /// Adds what `checksWholeCalendar` can only tell once every input is read (a second master or
    /// override of a series) to `diagnostics`, each where it would have stood had it been known when
    /// its component was handed on.
    package mutating func finishWholeCalendarChecks() throws {
        let problems = try wideChecks.seriesProblems()
        guard !problems.isEmpty else { return }
        var placed: [Diagnostic] = []
        placed.reserveCapacity(diagnostics.count + problems.count)
        var next = 0
        for (slot, problem) in problems {
            placed += diagnostics[next..<slot]
            placed.append(problem)
            next = slot
        }
        diagnostics = placed + diagnostics[next...]
    }

    /// Hands on a calendar property unless an earlier calendar's of that name is the merged one's.
    private mutating func take(
        _ property: Property, from file: String, firstOfInput: Bool,
        _ handle: (CalendarStreamEvent) throws -> Void
    ) throws {
        if !firstOfInput, let kept = seenProperties[property.name] {
            // What says how the components are read (CALSCALE, METHOD) is news when it differs;
            // what describes the calendar (name, colour, PRODID) is not, but for one note on the name.
            if Self.governsReading(property), kept != property {
                diagnostics.append(
                    Diagnostic(
                        .violation, file: file, at: property.location,
                        "\(property.name) of a later calendar is left out: the merged calendar keeps the first one's"
                            + (kept.location.map { " (line \($0.line))" } ?? "")))
            }
            return noteNameLeftOut(property, from: file)
        }
        if seenProperties[property.name] == nil { seenProperties[property.name] = property }
        if Self.isName(property), keptName == nil { keptName = (property, file) }
        guard property.name == "PRODID", let mergedProductIdentifier else { return try handle(.property(property)) }
        try handle(.property(Property(name: "PRODID", value: mergedProductIdentifier, location: property.location)))
    }

    /// One note, the first time a later calendar's name differs from the merged calendar's: which
    /// input's name the output carries. Other properties of later calendars go unmentioned.
    private mutating func noteNameLeftOut(_ property: Property, from file: String) {
        guard notesNameLeftOut, !notedNameLeftOut, Self.isName(property), let keptName,
            keptName.property.text != property.text
        else { return }
        notedNameLeftOut = true
        diagnostics.append(
            Diagnostic(
                .notice, file: file, at: property.location,
                "the merged calendar is named \"\(keptName.property.text)\" after \(keptName.file); "
                    + "this calendar's name \"\(property.text)\" and those of any later inputs are left out"))
    }

    private static func governsReading(_ property: Property) -> Bool {
        property.name == "CALSCALE" || property.name == "METHOD"
    }

    private static func isName(_ property: Property) -> Bool {
        property.name == "X-WR-CALNAME" || property.name == "NAME"
    }

    /// Starts a later calendar of `input` as one of its own (calendars kept apart): told to the
    /// caller, with no property or zone seen yet.
    private mutating func beginCalendarApart(of input: InputFile) throws {
        try beginsLaterCalendar?()
        seenProperties = [:]
        keptName = nil
        let (reconcile, lastInstance) = (zones.reconcile, zones.lastInstance)
        zones = TimeZoneMerge()
        (zones.reconcile, zones.lastInstance) = (reconcile, lastInstance)
        zones.beginInput(input.name)
    }

    /// Hands on a batch's components in batch order, each let go of once handled: what the handler
    /// keeps (expand's pending events) is then its only holder, and it decides where it dies.
    private mutating func handOn(
        _ results: inout [ReadComponent], from file: String, _ reader: ComponentReader,
        _ handle: (CalendarStreamEvent) throws -> Void
    ) throws {
        for index in results.indices {
            // Swapped out for an empty one rather than copied: the slot's fields are not retained
            // and released again, and none of the batch's components outlives its hand-on here.
            var popped = ReadComponent(component: nil, diagnostics: [], encoded: nil)
            swap(&popped, &results[index])
            if let joined = popped.joined {
                try handOn(popped, joining: joined, from: file, reader, handle)
                continue
            }
            madeUIDs.distinguish(&popped, encoder: encodes ? encoder : nil, study: study)
            diagnostics += popped.diagnostics
            guard let result = merged(popped, from: file, reader) else { continue }
            try noteSeriesMember(result, from: file, slot: diagnostics.count)
            try handle(.component(result))
        }
    }

    /// Hands on items joined on their worker as one, unless the merge renames a TZID one of them
    /// uses: each is then read again and handed on by itself, as it would have been unjoined.
    private mutating func handOn(
        _ read: ReadComponent, joining items: JoinedItems, from file: String, _ reader: ComponentReader,
        _ handle: (CalendarStreamEvent) throws -> Void
    ) throws {
        // A finding about an item stands after its own diagnostics, as unjoined: the merge reports
        // nothing on an item that is no VTIMEZONE, so nothing comes between.
        let slotBase = diagnostics.count
        diagnostics += read.diagnostics
        if let references = read.zoneReferences {
            let taken = zones.take(references, file: file)
            diagnostics += zones.takeDiagnostics()
            if case .changed = taken {
                var whole = reader
                whole.keepsComponent = true
                for (index, raw) in items.items.enumerated() {
                    guard let item = merged(whole.read(raw), from: file, reader) else { continue }
                    if let member = items.seriesMembers.first(where: { $0.item == index }) {
                        try noteSeriesMember(item, from: file, slot: slotBase + member.diagnosticsEnd)
                    }
                    try handle(.component(item))
                }
                return
            }
        }
        if checksWholeCalendar {
            for member in items.seriesMembers {
                try wideChecks.note(member.identity, file: file, slot: slotBase + member.diagnosticsEnd)
            }
        }
        try handle(.component(read))
    }

    /// Notes a component handed on as a member of a series for the whole-calendar check; one the
    /// merge renamed, or whose made UID was renumbered, is identified here.
    private mutating func noteSeriesMember(_ result: ReadComponent, from file: String, slot: Int) throws {
        guard checksWholeCalendar, let member = result.seriesIdentity ?? result.component.flatMap(SeriesIdentity.init(of:)) else {
            return
        }
        try wideChecks.note(member, file: file, slot: slot)
    }

    /// The component as it goes into the merged calendar (see ``TimeZoneMerge``), encoded and studied
    /// again when that changed it; `nil` when it is left out.
    private mutating func merged(_ read: consuming ReadComponent, from file: String, _ reader: ComponentReader) -> ReadComponent? {
        guard let component = read.component ?? read.zoneReferences else { return read }
        let taken = zones.take(component, file: file)
        diagnostics += zones.takeDiagnostics()
        switch taken {
        case .unchanged: return read
        case .leftOut: return nil
        case .changed(var changed):
            // Only the zone references came back from the worker: the whole tree is read again and
            // renamed as they were (taking an item twice changes nothing else in the merge).
            var whole = reader
            whole.keepsComponent = true
            if read.component == nil, let source = read.source, let tree = whole.read(source).component {
                guard case .changed(let renamed) = zones.take(tree, file: file) else { return read }
                changed = renamed
            }
            var result = ReadComponent(component: changed, diagnostics: read.diagnostics, encoded: encodes ? encoder(changed) : nil)
            result.notes = study?(changed)
            return result
        }
    }
}
