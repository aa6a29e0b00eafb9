import CalendarDocuments
import CalendarModel
import CalendarStores
import ICalendar
import Occurrences
import Platform
import TimeZones

/// `export`'s engine: a store's resources written as one calendar while the store hands them out.
package struct StoreExport {
    package let store: any CalendarStore
    /// What messages call the store (its location), each resource named after it and its UID.
    package let name: String

    package init(_ store: any CalendarStore, named name: String) {
        (self.store, self.name) = (store, name)
    }

    /// Writes every resource of the store (with `window`, only the series with an occurrence in it)
    /// into a new output at `destination` (standard output when nil), not yet committed, and returns
    /// it with every problem found. Each resource is a calendar of its own to the time zone merge,
    /// looked ahead at just before it is read: a TZID that resources define differently keeps every
    /// event's time. Only one resource is held at a time (a CalDAV store streams its REPORT), so the
    /// VTIMEZONEs go last, where a definition the tz database merged is never too late; each TZID
    /// used without a definition gets one from the tz database, and an empty store the properties
    /// of an empty calendar.
    package func write(window: (LocalDateTime, LocalDateTime)?, to destination: String?) throws
        -> (output: AtomicFile, diagnostics: [Diagnostic])
    {
        let sink = try AtomicFile(destination: destination)
        var calendar = ExportedCalendar(sink: sink, label: try store.label(), window: window)
        var reader = CalendarStreamReader(encodes: false)
        reader.zones = .judgedByDatabase()
        // The resources merge into a calendar of calbridge's making; a resource is one calendar by
        // construction, so what its calendar properties say differently is no news.
        reader.mergedProductIdentifier = CalbridgeVersion.productIdentifier
        reader.notesNameLeftOut = false
        // A resource is one series, a few components: each is read on this thread as it comes (a batch
        // of one), since waking the workers for them cost more than reading them (a quarter of the
        // export's CPU time for 3,000 resources).
        reader.batchSize = 1
        let asked = window.map { StoreWindow(start: $0.0.date.year > 1 ? $0.0 : nil, end: $0.1.date.year < 9999 ? $0.1 : nil) }
        try store.readAll(window: asked) { uid, bytes in
            // An InputFile is read once: one to look ahead at, one to read.
            let resource = "\(name) \(uid)"
            try reader.foresee { InputFile(name: resource, contents: bytes) }
            var series: [Component] = []
            try reader.read(InputFile(name: resource, contents: bytes)) { event in
                switch event {
                case .property(let property): try calendar.add(property)
                case .component(let read): if let component = read.component { series.append(component) }
                }
            }
            try calendar.add(series, zones: reader.zones)
        }
        try calendar.finish(definitions: reader.zones.definitions)
        return (sink, reader.diagnostics)
    }
}

/// The calendar ``StoreExport`` writes: the calendar properties once the first series comes (with the
/// store's name and colour unless the resources carry their own), the series as they come, and at
/// the end every VTIMEZONE.
private struct ExportedCalendar {
    let sink: AtomicFile
    let label: CalendarLabel
    let window: (LocalDateTime, LocalDateTime)?
    private var writer = ICalendarWriter()
    private var properties: [Property] = []
    private var opened = false
    private var usage = ZoneUsage()

    init(sink: AtomicFile, label: CalendarLabel, window: (LocalDateTime, LocalDateTime)?) {
        (self.sink, self.label, self.window) = (sink, label, window)
    }

    /// A calendar property of a resource; one that comes after the first series is written where it comes, as `convert` does.
    mutating func add(_ property: Property) throws {
        if opened { writer.write(property) } else { properties.append(property) }
    }

    /// One resource's components: written unless a window leaves the series out; its VTIMEZONEs
    /// wait for the end.
    mutating func add(_ series: [Component], zones: TimeZoneMerge) throws {
        let components = series.filter { $0.name != "VTIMEZONE" }
        guard !components.isEmpty else { return }
        if let window {
            var expansion = CalendarExpansion(calendar: Component(name: "VCALENDAR", components: zones.definitions + components))
            guard try !expansion.occurrences(from: window.0, to: window.1, in: nil).isEmpty else { return }
        }
        try open()
        for component in components {
            usage.record(component)
            writer.write(component)
        }
        try sink.write(writer.takeBytes())
    }

    /// Writes the definitions the merge kept and one from the tz database for each TZID used without.
    mutating func finish(definitions: [Component]) throws {
        try open()
        definitions.forEach { usage.record($0) }
        for zone in definitions + usage.missingDefinitions(resolver: TimeZoneResolver(definitions: [:])) {
            writer.write(zone)
        }
        writer.writeLine("END:VCALENDAR")
        try sink.write(writer.takeBytes())
    }

    private mutating func open() throws {
        guard !opened else { return }
        opened = true
        var named = EventCalendar(
            component: Component(
                name: "VCALENDAR",
                properties: properties.isEmpty ? EventCalendar.empty.properties : properties))
        if named.name == nil { named.name = label.name }
        if named.color == nil { named.color = label.color }
        writer.writeLine("BEGIN:VCALENDAR")
        named.component.properties.forEach { writer.write($0) }
        properties = []
    }
}
