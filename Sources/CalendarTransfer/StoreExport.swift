import CalendarDocuments
import CalendarModel
import CalendarStores
import ICalendar
import InputFiles
import Occurrences
import TimeZones

/// `export`'s engine: a store's resources read back as one calendar.
package struct StoreExport {
    package let store: any CalendarStore
    /// What messages call the store (its location), each resource named after it and its UID.
    package let name: String

    package init(_ store: any CalendarStore, named name: String) {
        (self.store, self.name) = (store, name)
    }

    /// Every resource of the store merged into one calendar, each one a calendar of its own to the
    /// time zone merge: a TZID that resources define differently keeps every event's time. Each TZID
    /// used without a definition gets one from the tz database, and an empty store the properties
    /// of an empty calendar.
    package func read(window: (LocalDateTime, LocalDateTime)?) throws -> (Component, [Diagnostic]) {
        // Each resource is read twice (looked ahead at, then read): an InputFile is read once. A
        // CalDAV store gives them all in one REPORT, asking the server for the window.
        var resources: [(name: String, bytes: [UInt8])] = []
        let asked = window.map { StoreWindow(start: $0.0.date.year > 1 ? $0.0 : nil, end: $0.1.date.year < 9999 ? $0.1 : nil) }
        try store.readAll(window: asked) { resources.append((name: "\(name) \($0)", bytes: $1)) }
        var reader = CalendarStreamReader(encodes: false)
        reader.zones = .judgedByDatabase()
        if resources.count > 1 { try resources.forEach { try reader.foresee(InputFile(name: $0.name, contents: $0.bytes)) } }
        var calendar = Component(name: "VCALENDAR")
        var zones: [Component] = []
        for resource in resources {
            var series = Component(name: "VCALENDAR")
            try reader.read(InputFile(name: resource.name, contents: resource.bytes)) { event in
                switch event {
                case .property(let property): calendar.properties.append(property)
                case .component(let read): if let component = read.component { series.components.append(component) }
                }
            }
            // A series whose VTIMEZONE went out with an earlier resource is read with that one.
            if let window, !(try Self.occurs(Component(name: "VCALENDAR", components: zones + series.components), in: window)) {
                series.components.removeAll { $0.name != "VTIMEZONE" }
            }
            zones += series.children(named: "VTIMEZONE")
            calendar.components += series.components
        }
        calendar = ZoneUsage.completing(calendar)
        if calendar.properties.isEmpty { calendar.properties = EventCalendar.empty.properties }
        // The store's name and colour, unless its resources carried their own.
        let label = try store.label()
        var named = EventCalendar(component: calendar)
        if named.name == nil { named.name = label.name }
        if named.color == nil { named.color = label.color }
        calendar = named.component
        return (calendar, reader.diagnostics)
    }

    private static func occurs(_ series: Component, in window: (LocalDateTime, LocalDateTime)) throws -> Bool {
        var expansion = CalendarExpansion(calendar: series)
        return try !expansion.occurrences(from: window.0, to: window.1, in: nil).isEmpty
    }
}
