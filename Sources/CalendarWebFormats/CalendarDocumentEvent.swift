import CalendarModel

/// What a streaming xCal or jCal reader hands on, in document order: a VCALENDAR begins, one of its
/// properties, one of its top-level components (read whole, with everything nested in it).
public enum CalendarDocumentEvent {
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
public struct DocumentComponent: Sendable {
    private enum Source: Sendable {
        case xcal(XCalElement)
        case jcal(JSONValue, path: String, at: JSONPosition)
    }

    private let source: Source

    init(_ element: XCalElement) {
        source = .xcal(element)
    }

    init(_ json: JSONValue, path: String, at place: JSONPosition) {
        source = .jcal(json, path: path, at: place)
    }

    /// The component; a `DocumentError` says where the document has it wrong.
    public func component() throws(DocumentError) -> Component {
        switch source {
        case .xcal(let element): return try XCalReader.component(element)
        case .jcal(let json, let path, let place):
            do throws(DocumentError) {
                return try JCalReader.component(json, path: path)
            } catch {
                throw error.placed(at: place)
            }
        }
    }
}
