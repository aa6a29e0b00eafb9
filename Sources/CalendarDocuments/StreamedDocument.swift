import CalendarModel
import CalendarWebFormats
import ICalendar
import Platform

/// The merged calendar of `convert` written as xCal or jCal while it is read: the opening with the
/// calendar's properties once the first component arrives, then each top-level component as the
/// readers hand it on — encoded on the iCalendar reader's workers when it comes from an .ics — and
/// the closing. Memory holds one batch of components, as for ics → ics.
package struct StreamedDocument<Writer: CalendarDocumentWriter> {
    package var sources: CalendarInputs
    /// Every property of the merged calendar, when a first pass found them; the properties read are then not written again.
    package var knownProperties: [Property]?

    package init(sources: CalendarInputs, knownProperties: [Property]? = nil) {
        self.sources = sources
        self.knownProperties = knownProperties
    }

    /// What a pass found: its problems and, when a property came after the first component (a
    /// later input's, a second VCALENDAR's), every property in order for a second pass.
    package struct Outcome {
        package var diagnostics: [Diagnostic]
        package var propertiesForSecondPass: [Property]?
    }

    package func write(into sink: AtomicFile) throws -> Outcome {
        var reader = CalendarStreamReader(encodes: true)
        reader.encoder = { component in Writer.encode(component) }
        var writer = Writer()
        var properties = knownProperties ?? []
        var opened = false
        var lateProperty = false
        let diagnostics = try sources.read(with: &reader) { event in
            switch event {
            case .property(let property):
                guard knownProperties == nil else { return }
                properties.append(property)
                lateProperty = lateProperty || opened
            case .component(let read):
                guard let component = read.component else { return }
                if !opened {
                    try sink.write(writer.opening(properties: properties))
                    opened = true
                }
                try sink.write(writer.adding(read.encoded ?? Writer.encode(component)))
            }
        }
        if !opened { try sink.write(writer.opening(properties: properties)) }
        try sink.write(writer.closing())
        return Outcome(diagnostics: diagnostics, propertiesForSecondPass: lateProperty ? properties : nil)
    }
}
