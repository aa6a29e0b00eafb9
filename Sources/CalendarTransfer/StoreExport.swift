import CalendarDocuments
import CalendarModel
import CalendarStores
import ICalendar
import InputFiles
import Occurrences
import ProgressReporting
import TimeZones

/// `export`'s engine: a store's resources read back as one calendar.
public struct StoreExport {
    public let store: any CalendarStore
    /// What messages call the store (its location), each resource named after it and its UID.
    public let name: String

    public init(_ store: any CalendarStore, named name: String) {
        (self.store, self.name) = (store, name)
    }

    /// Every resource of the store merged into one calendar, each one a calendar of its own to the
    /// time zone merge: a TZID that resources define differently keeps every event's time. Each TZID
    /// used without a definition gets one from the tz database, and an empty store the properties
    /// of an empty calendar.
    public func read(window: (LocalDateTime, LocalDateTime)?) throws -> (Component, [Diagnostic]) {
        // Each resource is read twice (looked ahead at, then read): an InputFile is read once.
        let listed = try store.list()
        var progress = ProgressLine("export", total: listed.count)
        let resources = try listed.compactMap { resource in
            defer { progress.advance(by: 1) }
            return try store.get(uid: resource.uid).map { (name: "\(name) \(resource.uid)", bytes: $0.0) }
        }
        progress.finish()
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
        return (calendar, reader.diagnostics)
    }

    private static func occurs(_ series: Component, in window: (LocalDateTime, LocalDateTime)) throws -> Bool {
        var expansion = CalendarExpansion(calendar: series)
        return try !expansion.occurrences(from: window.0, to: window.1, in: nil).isEmpty
    }
}
