import CalendarModel
import InputFiles
import ParallelWork

/// What a reader hands on, in input order: the merged calendar's properties and components.
package enum CalendarStreamEvent {
    case property(Property)
    case component(ReadComponent)
}

/// Reads one or more iCalendar inputs as one calendar: components are parsed in parallel batches
/// (one batch in memory at a time) and handed on in input order. Several calendars merge: the first
/// calendar's properties win, later ones add only names not yet seen, VTIMEZONEs merge as `zones`
/// decides (one per TZID, none that moves an event); UIDs are kept as they are.
package struct CalendarStreamReader {
    package var encodes = false
    /// How components are encoded when `encodes` is set (see `ComponentReader.encoder`).
    package var encoder: @Sendable (Component) -> [UInt8] = ComponentReader.iCalendarText
    /// Whether libical checks every component as well (see `ComponentReader.checksWithLibical`).
    package var checksWithLibical = true
    /// See `ComponentReader.selection`.
    package var selection: PropertySelection?
    /// See `ComponentReader.reportsMadeIdentity`.
    package var reportsMadeIdentity = true
    /// See `ComponentReader.study`.
    package var study: (@Sendable (Component) -> any Sendable)?
    /// Components parsed together; bounds memory and keeps both cores busy.
    package var batchSize = 256
    /// Also check what needs the whole calendar (see `CalendarWideChecks`): VERSION and PRODID in each
    /// VCALENDAR, and UIDs shared by components that are not one master and its overrides. Off by
    /// default: only `validate` asks, because `convert` and `expand` keep going on violations and
    /// remembering every UID would cost them memory for findings they do not report.
    package var checksWholeCalendar = false

    /// How the VTIMEZONEs of the calendars read merge (see `foresee`).
    package var zones = TimeZoneMerge()
    /// Set to keep the calendars of one input apart instead of merging them (ics → ics of a file that
    /// holds several VCALENDARs): called where a later calendar of the input begins, before its
    /// properties, each of which then goes on, and with VTIMEZONEs judged afresh.
    package var beginsLaterCalendar: (() throws -> Void)?

    package private(set) var diagnostics: [Diagnostic] = []
    /// The calendar properties handed on, by name: the merged calendar's.
    private var seenProperties: [String: Property] = [:]
    private var calendars = 0
    private var wideChecks = CalendarWideChecks()
    private var madeUIDs = MadeUIDRepeats()

    package init(encodes: Bool = false) {
        self.encodes = encodes
    }

    /// Reads one input, calling `handle` for each property and component that goes into the merged calendar.
    package mutating func read(_ input: InputFile, _ handle: (CalendarStreamEvent) throws -> Void) throws {
        var scanner = CalendarScanner(input: input)
        var reader = ComponentReader(file: input.name, encodes: encodes,
                                     checksWithLibical: checksWithLibical)
        reader.study = study
        reader.selection = selection
        reader.reportsMadeIdentity = reportsMadeIdentity
        reader.encoder = encoder
        var batch: [RawComponent] = []
        // The workers read one batch while this thread scans the next: scanning waited for every
        // batch to be read, and the workers for scanning.
        _ = LibicalCheck.configured
        var reading = OrderedParallelMap<RawComponent, ReadComponent, Void>(each: { [reader] raw in reader.read(raw) })
        var firstOfInput = true
        var calendarsOfInput = 0
        zones.beginInput(input.name)
        while let item = try scanner.next() {
            switch item {
            case .component(let raw):
                batch.append(raw)
                guard batch.count >= batchSize else { continue }
                try reading.submit(&batch) { try handOn(&$0.outputs, from: input.name, handle) }
            case .beginCalendar(let location):
                try reading.flush(&batch) { try handOn(&$0.outputs, from: input.name, handle) }
                if checksWholeCalendar { wideChecks.beginCalendar(file: input.name, at: location) }
                calendars += 1
                firstOfInput = calendars == 1 || beginsLaterCalendar != nil
                // Each calendar has TZIDs of its own; what came before the first belongs to it.
                if calendarsOfInput > 0 {
                    if beginsLaterCalendar != nil { try beginCalendarApart(of: input) } else { zones.beginCalendar() }
                }
                calendarsOfInput += 1
            case .calendarProperty(let property):
                try reading.flush(&batch) { try handOn(&$0.outputs, from: input.name, handle) }
                if checksWholeCalendar { wideChecks.calendarProperty(property) }
                if firstOfInput || seenProperties[property.name] == nil {
                    if seenProperties[property.name] == nil { seenProperties[property.name] = property }
                    try handle(.property(property))
                } else if let kept = seenProperties[property.name], kept != property {
                    diagnostics.append(Diagnostic(.violation, file: input.name, at: property.location,
                                                  "\(property.name) of a later calendar is left out: the merged calendar keeps the first one's"
                                                  + (kept.location.map { " (line \($0.line))" } ?? "")))
                }
            case .endCalendar:
                try reading.flush(&batch) { try handOn(&$0.outputs, from: input.name, handle) }
                if checksWholeCalendar { diagnostics += wideChecks.endCalendar() }
            }
        }
        try reading.flush(&batch) { try handOn(&$0.outputs, from: input.name, handle) }
        // A truncated input ends inside its calendar, which is judged all the same.
        if checksWholeCalendar { diagnostics += wideChecks.endCalendar() }
        diagnostics += scanner.diagnostics
    }

    /// Starts a later calendar of `input` as one of its own (calendars kept apart): told to the
    /// caller, with no property or zone seen yet.
    private mutating func beginCalendarApart(of input: InputFile) throws {
        try beginsLaterCalendar?()
        seenProperties = [:]
        let reconcile = zones.reconcile
        zones = TimeZoneMerge()
        zones.reconcile = reconcile
        zones.beginInput(input.name)
    }

    /// Hands on a batch's components in batch order, each let go of once handled: what the handler
    /// keeps (expand's pending events) is then its only holder, and it decides where it dies.
    private mutating func handOn(_ results: inout [ReadComponent], from file: String,
                                 _ handle: (CalendarStreamEvent) throws -> Void) throws {
        results.reverse()
        while var popped = results.popLast() {
            madeUIDs.distinguish(&popped, encoder: encodes ? encoder : nil, study: study)
            diagnostics += popped.diagnostics
            guard let result = merged(popped, from: file) else { continue }
            if checksWholeCalendar, let component = result.component,
               let shared = wideChecks.component(component, file: file) {
                diagnostics.append(shared)
            }
            try handle(.component(result))
        }
    }

    /// The component as it goes into the merged calendar (see `TimeZoneMerge`), encoded and studied
    /// again when that changed it; `nil` when it is left out.
    private mutating func merged(_ read: ReadComponent, from file: String) -> ReadComponent? {
        guard let component = read.component else { return read }
        let taken = zones.take(component, file: file)
        diagnostics += zones.takeDiagnostics()
        switch taken {
        case .unchanged: return read
        case .leftOut: return nil
        case .changed(let changed):
            var result = ReadComponent(component: changed, diagnostics: read.diagnostics, encoded: encodes ? encoder(changed) : nil)
            result.notes = study?(changed)
            return result
        }
    }
}
