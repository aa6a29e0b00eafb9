import CalendarModel
import JSONReading

/// What a streaming xCal or jCal reader hands on, in document order: a VCALENDAR begins, one of its
/// properties, one of its top-level components (read whole, with everything nested in it).
package enum CalendarDocumentEvent {
    case calendar
    case property(Property)
    case component(DocumentComponent)

    /// The calendars a stream of events describes, collected whole (for documents known to be small).
    static func calendars(_ read: ((CalendarDocumentEvent) throws -> Void) throws -> Void) throws -> [Component] {
        var calendars: [Component] = []
        try read { event in
            switch event {
            case .calendar: calendars.append(Component(name: "VCALENDAR"))
            case .property(let property): calendars[calendars.count - 1].properties.append(property)
            case .component(let read): calendars[calendars.count - 1].components.append(try read.component())
            }
        }
        return calendars
    }
}

/// A top-level component read from an xCal or jCal document and not yet turned into the model. The
/// turning is pure, so it can happen on any thread: `convert` does it on every core.
package struct DocumentComponent: Sendable {
    private enum Source: Sendable {
        case xcal(XCalRecord)
        /// The component's JSON text, parsed where the component is built.
        case jcalText(JSONCut, calendarPath: String, index: Int)
        case jcal(JSONValue, path: String, at: JSONPosition)
    }

    private let source: Source

    init(_ record: XCalRecord) {
        source = .xcal(record)
    }

    init(_ text: JSONCut, calendarPath: String, index: Int) {
        source = .jcalText(text, calendarPath: calendarPath, index: index)
    }

    private init(_ source: Source) {
        self.source = source
    }

    /// The component with its text read: a jCal component's JSON is parsed. An error here is one a
    /// reader parsing as it went would have stopped at, before any shape error of the components
    /// read with it but not yet built.
    package func parsed() throws(DocumentError) -> DocumentComponent {
        guard case .jcalText(let text, let calendarPath, let index) = source else { return self }
        return DocumentComponent(.jcal(try text.parsed(), path: "\(calendarPath)[2][\(index)]", at: text.origin))
    }

    /// The component; a ``DocumentError`` says where the document has it wrong.
    package func component() throws(DocumentError) -> Component {
        switch source {
        case .xcal(let record): return try XCalReader.component(record.element())
        case .jcalText: return try parsed().component()
        case .jcal(let json, let path, let place):
            do throws(DocumentError) {
                var component = try JCalReader.component(json, path: path)
                // jCal properties have no place of their own: problems in them are reported here.
                component.location = SourceLocation(line: place.line, column: place.column)
                return component
            } catch {
                throw error.placed(at: place)
            }
        }
    }
}
