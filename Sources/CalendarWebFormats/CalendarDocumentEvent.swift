import CalendarModel

/// What a streaming xCal or jCal reader hands on, in document order: a VCALENDAR begins, one of its
/// properties, one of its top-level components (read whole, with everything nested in it).
public enum CalendarDocumentEvent {
    case calendar
    case property(Property)
    case component(Component)

    /// The calendars a stream of events describes, collected whole (for documents known to be small).
    static func calendars(_ read: ((CalendarDocumentEvent) throws -> Void) throws -> Void) throws -> [Component] {
        var calendars: [Component] = []
        try read { event in
            switch event {
            case .calendar: calendars.append(Component(name: "VCALENDAR"))
            case .property(let property): calendars[calendars.count - 1].properties.append(property)
            case .component(let component): calendars[calendars.count - 1].components.append(component)
            }
        }
        return calendars
    }
}
