import CalendarDocuments
import CalendarModel
import ICalendar

/// The inputs of an import merged into one calendar, as `convert` merges them, with the PRODID of
/// the input each UID first came from: a store keeps one calendar a resource, and each resource
/// says which program made it, not that calbridge merged it with others.
struct ImportedCalendar {
    var calendar = Component(name: "VCALENDAR")
    var diagnostics: [Diagnostic] = []
    /// By UID, the PRODID of the calendar its first component came from (none when that had none).
    var productIdentifiers: [String: Property] = [:]

    init(inputs: [String]) throws {
        var reader = CalendarStreamReader()
        // Told as each calendar is read, before the merge replaces a later input's PRODID.
        var producer: Property?
        reader.seesOwnCalendarProperty = { property in
            if property == nil || property?.name == "PRODID" { producer = property }
        }
        var calendar = calendar, productIdentifiers = productIdentifiers
        diagnostics = try CalendarInputs(paths: try CalendarInputs.files(expanding: inputs), format: nil).read(with: &reader) { event in
            switch event {
            case .property(let property):
                calendar.properties.append(property)
            case .component(let read):
                guard let component = read.component else { return }
                calendar.components.append(component)
                if let uid = component["UID"]?.text, productIdentifiers[uid] == nil, let producer { productIdentifiers[uid] = producer }
            }
        }
        (self.calendar, self.productIdentifiers) = (calendar, productIdentifiers)
    }
}
