import CalendarModel
import CalendarWebFormats
import ICalendar

/// An xCal or jCal input read as it arrives, one property or top-level component at a time. Its
/// components go on in batches, each turned into the model — and encoded for the output when the
/// iCalendar reader beside it encodes its own — on every core.
struct DocumentInput {
    var path: String
    var format: CalendarFormat

    /// Calls `handle` with the input's properties and components in document order; a malformed
    /// document ends with `InvalidCalendarData` naming the file, line and column.
    func read(encodingLike reader: CalendarStreamReader, _ handle: (CalendarStreamEvent) throws -> Void) throws {
        let input = try InputFile(path: path)
        let chunks = { () throws -> [UInt8]? in
            var chunk: [UInt8] = []
            return try input.read(into: &chunk, count: 1 << 20) > 0 ? chunk : nil
        }
        var batch: [DocumentComponent] = []
        func flush() throws {
            for result in Self.componentsOnEveryCore(batch, encoder: reader.encodes ? reader.encoder : nil) {
                let (component, encoded) = try result.get()
                try handle(.component(ReadComponent(component: component, diagnostics: [], encoded: encoded)))
            }
            batch.removeAll(keepingCapacity: true)
        }
        let collect = { (event: CalendarDocumentEvent) throws in
            switch event {
            case .calendar: break
            case .property(let property):
                try flush()
                try handle(.property(property))
            case .component(let read):
                batch.append(read)
                if batch.count >= reader.batchSize { try flush() }
            }
        }
        do {
            if format == .xcal { try XCalReader().read(chunks: chunks, collect) } else { try JCalReader().read(chunks: chunks, collect) }
            try flush()
        } catch let error as DocumentError {
            let place = error.line.map { SourceLocation(line: $0, column: error.column ?? 1) }
            throw InvalidCalendarData(diagnostics: [Diagnostic(.error, file: input.name, at: place, "\(format.rawValue): \(error.message)")])
        }
    }

    /// A batch of components turned into the model, and encoded when `encoder` is given, on every
    /// core; results in batch order.
    private static func componentsOnEveryCore(_ batch: [DocumentComponent], encoder: (@Sendable (Component) -> [UInt8])?)
        -> [Result<(Component, [UInt8]?), DocumentError>] {
        let parts = EveryCore.perform(items: batch.count) { worker, workers in
            stride(from: worker, to: batch.count, by: workers).map { index in
                Result { () throws(DocumentError) in
                    let component = try batch[index].component()
                    return (component, encoder?(component))
                }
            }
        }
        // Worker w did items w, w + workers, …: deal them back into batch order.
        return batch.indices.map { parts[$0 % parts.count][$0 / parts.count] }
    }
}
