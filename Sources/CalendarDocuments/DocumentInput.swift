import CalendarModel
import CalendarWebFormats
import Foundation
import ICalendar
import Platform

/// An xCal or jCal input read as it arrives, one property or top-level component at a time. Its
/// components go on in batches, each turned into the model — and encoded for the output when the
/// iCalendar reader beside it encodes its own — on every core while this thread reads the next batch.
struct DocumentInput {
    var input: InputFile
    var format: CalendarFormat

    /// A component turned into the model (and encoded, when asked), or where the document has it wrong.
    private enum Built {
        case component(ReadComponent)
        /// Its text is not JSON: a reading error, which stops the document where it is.
        case unreadable(DocumentError)
        /// Read, but not a component as the format has it: skipped, with a warning at its place.
        case malformed(DocumentError)

        var isUnreadable: Bool {
            if case .unreadable = self { true } else { false }
        }
    }

    /// Calls `handle` with the input's properties and components in document order and returns the
    /// problems calbridge's checks find in them (as in an .ics). A component the format does not
    /// allow is skipped with a warning, unless none survives; a document that is not JSON or XML
    /// where it goes wrong ends with `InvalidCalendarData` naming the file, line and column.
    func read(encodingLike reader: CalendarStreamReader, _ handle: (CalendarStreamEvent) throws -> Void) throws -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var madeUIDs = MadeUIDRepeats()
        var survivors = (items: 0, skipped: 0)
        func take(_ event: CalendarStreamEvent) throws {
            switch event {
            case .property(let property):
                diagnostics += ComponentValidation.diagnostics(for: Component(name: "VCALENDAR", properties: [property]), file: input.name)
                try handle(event)
            case .component(var read):
                madeUIDs.distinguish(&read, encoder: reader.encodes ? reader.encoder : nil, study: reader.study)
                diagnostics += read.diagnostics
                if read.component?.name != "VTIMEZONE" { survivors.items += 1 }
                try handle(.component(read))
            }
        }
        func skip(_ error: DocumentError) {
            survivors.skipped += 1
            diagnostics.append(skipped(error))
        }
        let chunks = { () throws -> [UInt8]? in
            var chunk: [UInt8] = []
            return try input.read(into: &chunk, count: 1 << 20) > 0 ? chunk : nil
        }
        let work = Work(
            file: input.name, encoder: reader.encodes ? reader.encoder : nil, study: reader.study,
            writesCalendar: reader.writesCalendar,
            keepsComponents: reader.keepsComponents || reader.checksWholeCalendar)
        var batch: [DocumentComponent] = []
        // The workers build one batch while this thread reads the next: reading waited for every
        // batch to be built, and the workers for reading. At most that one and `batch` are alive.
        var building = OrderedParallelMap<DocumentComponent, Built, Void>(each: { [work] read in work.build(read) })
        // Everything read so far goes on, so that what comes next follows it.
        func flush() throws {
            try building.flush(&batch) { try Self.handOn($0.outputs, take, skip) }
        }
        let collect = { (event: CalendarDocumentEvent) throws in
            switch event {
            case .calendar: break
            case .property(let property):
                try flush()
                try take(.property(property))
            case .component(let read):
                batch.append(read)
                guard batch.count >= reader.batchSize else { return }
                try building.submit(&batch) { try Self.handOn($0.outputs, take, skip) }
            }
        }
        do {
            do {
                if format == .xcal {
                    try Self.readXCal(chunks: chunks, work: work, handOn: { try Self.handOn($0, take, skip) }, after: flush, collect)
                } else {
                    try JCalReader().read(appendingChunks: { try input.read(into: &$0, count: 1 << 20) > 0 }, collect)
                }
            } catch {
                // The batch in flight was whole before the document went wrong: it goes on first, and
                // an error in it comes before this one, as it does in the document. So does text
                // that is not JSON in the batch being collected; its other components do not go on.
                try building.finish { try Self.handOn($0.outputs, take, skip) }
                if let unreadable = Self.firstUnreadable(batch) { throw unreadable }
                throw error
            }
            try flush()
            guard survivors.skipped == 0 || survivors.items > 0 else {
                let nothing = Diagnostic(
                    .error, file: input.name, at: nil,
                    "no component of it is one \(format.rawValue) allows, so nothing usable survives")
                throw InvalidCalendarData(diagnostics: diagnostics + [nothing], advice: "export the calendar again, or as .ics")
            }
            return diagnostics
        } catch let error as DocumentError {
            throw InvalidCalendarData(diagnostics: [Diagnostic(documentError: error, file: input.name, format: format.rawValue)])
        }
    }

    /// The size of an xCal range of whole components parsed by one worker: large enough that a
    /// parser of its own costs little, small enough that a batch of them keeps every core busy.
    static let rangeBytes = 64 << 10

    /// Reads xCal with its top-level components cut into ranges that the workers parse, check and
    /// encode, handed on in document order; `collect` takes what the document's own parser reads,
    /// and `flush` hands on what it read before a range goes to the workers.
    private static func readXCal(
        chunks: () throws -> [UInt8]?, work: Work, handOn: ([Built]) throws -> Void,
        after flush: () throws -> Void, _ collect: (CalendarDocumentEvent) throws -> Void
    ) throws {
        // Twice the cores, so that each worker has ranges of its own however they vary in cost.
        let rangesPerBatch = 2 * ProcessInfo.processInfo.activeProcessorCount
        var ranging = OrderedParallelMap<XCalComponentRange, RangeBuilt, Void>(each: { [work] range in
            RangeBuilt(range: range, components: work.build(range))
        })
        var batch: [XCalComponentRange] = []
        // From the first range the workers could not read on, the document's own parser reads every range.
        var unread: [XCalComponentRange] = []
        var fellBack = false
        func handOnRanges(_ built: inout OrderedParallelMap<XCalComponentRange, RangeBuilt, Void>.Batch) throws {
            for result in built.outputs {
                guard !fellBack, let components = result.components else {
                    fellBack = true
                    unread.append(result.range)
                    continue
                }
                try handOn(components)
            }
        }
        func takeUnread() -> [XCalComponentRange] {
            defer { unread = [] }
            return unread
        }
        try XCalReader().read(
            chunks: chunks, rangeBytes: rangeBytes,
            submit: { range in
                try flush()
                batch.append(range)
                if batch.count >= rangesPerBatch { try ranging.submit(&batch, handOnRanges) }
                return takeUnread()
            },
            drain: {
                try ranging.flush(&batch, handOnRanges)
                return takeUnread()
            }, collect)
    }

    /// A range as a worker built it: its components, or nil when they are not whole components.
    private struct RangeBuilt {
        var range: XCalComponentRange
        var components: [Built]?
    }

    /// A component the format does not allow, as the warning that it was skipped.
    private func skipped(_ error: DocumentError) -> Diagnostic {
        var skipped = Diagnostic(documentError: error, file: input.name, format: format.rawValue)
        skipped.repair = "skips the component"
        return skipped
    }

    /// The first component whose text is not JSON, read here: only when the document has gone wrong.
    private static func firstUnreadable(_ batch: [DocumentComponent]) -> DocumentError? {
        for read in batch {
            do { _ = try read.parsed() } catch { return error }
        }
        return nil
    }

    /// Hands on a built batch's components in batch order, a malformed one to `skip`. Text that is
    /// not JSON is thrown before any of the batch goes on, as reading stopped there when components
    /// were built as each batch filled.
    private static func handOn(
        _ results: [Built], _ handle: (CalendarStreamEvent) throws -> Void,
        _ skip: (DocumentError) -> Void
    ) throws {
        // Looked for without binding: a `for case` over the batch copied every component in it.
        if case .unreadable(let error)? = results.first(where: \.isUnreadable) { throw error }
        for result in results {
            switch result {
            case .component(let read): try handle(.component(read))
            case .malformed(let error): skip(error)
            case .unreadable(let error): throw error
            }
        }
    }

    /// What a worker does to each component besides building it, as the iCalendar reader beside
    /// does to its own: encode it for the output, study it (the zones it uses), and let go of its
    /// tree when only the encoded bytes are written (see `ComponentReader.keepsComponent`).
    private struct Work: Sendable {
        var file: String
        var encoder: (@Sendable (Component) -> [UInt8])?
        var study: (@Sendable (Component) -> any Sendable)?
        var writesCalendar: Bool
        var keepsComponents: Bool

        /// A range's components built, or nil when the range is not whole components.
        func build(_ range: XCalComponentRange) -> [Built]? {
            range.components(maximumComponentBytes: XCalReader().maximumComponentBytes)?.map(build)
        }

        func build(_ read: DocumentComponent) -> Built {
            let parsed: DocumentComponent
            do { parsed = try read.parsed() } catch { return .unreadable(error) }
            do {
                var component = try parsed.component()
                let identity = ItemIdentity.complete(&component, file: file)
                let diagnostics = (writesCalendar ? identity.diagnostics : []) + ComponentValidation.diagnostics(for: component, file: file)
                var built = ReadComponent(component: component, diagnostics: diagnostics, encoded: encoder?(component))
                built.notes = study?(component)
                built.madeUID = identity.madeUID
                // The tree dies here, on its worker, rather than on the thread reading the document.
                // A VTIMEZONE goes into the calendar whole, and an item given a made UID may be
                // given another when it repeats one (`MadeUIDRepeats`): both keep theirs.
                if !keepsComponents && encoder != nil && identity.madeUID == nil && component.name != "VTIMEZONE" {
                    built.component = nil
                }
                return .component(built)
            } catch {
                return .malformed(error)
            }
        }
    }
}
