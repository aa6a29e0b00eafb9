import CalendarDocuments
import CalendarModel
import CalendarStores
import Foundation
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
    /// event's time. Only a few resources are held at a time (a CalDAV store streams its REPORT), so
    /// the VTIMEZONEs go last, where a definition the tz database merged is never too late; each TZID
    /// used without a definition gets one from the tz database, and an empty store the properties
    /// of an empty calendar.
    ///
    /// The resources are read and written on a thread of their own while this one receives the next
    /// (see ``ResourceHandOff``): receiving a REPORT's XML and reading its calendars took turns on one
    /// thread, which left the server's answer waiting on calbridge.
    package func write(window: (LocalDateTime, LocalDateTime)?, to destination: String?) throws
        -> (output: AtomicFile, diagnostics: [Diagnostic])
    {
        let sink = try AtomicFile(destination: destination)
        let writing = ExportWriting(
            calendar: ExportedCalendar(sink: sink, label: try store.label(), window: window), name: name)
        let handOff = ResourceHandOff(capacity: 64)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            writing.run(handOff)
            done.signal()
        }
        let asked = window.map { StoreWindow(start: $0.0.date.year > 1 ? $0.0 : nil, end: $0.1.date.year < 9999 ? $0.1 : nil) }
        let received = Result {
            try store.readAll(window: asked) { uid, bytes in
                guard handOff.put((uid, bytes)) else { throw WritingStopped() }
            }
        }
        handOff.end(failed: (try? received.get()) == nil)
        done.wait()
        // What the writing side failed on came earlier in the store's order than anything the
        // receiving side met after it.
        let diagnostics = try writing.outcome.get()
        try received.get()
        return (sink, diagnostics)
    }
}

/// Thrown into the store's reading once the writing side has failed, to end it; never seen by callers.
private struct WritingStopped: Error {}

/// The writing side of ``StoreExport``: each resource read as a calendar of its own and written.
///
/// `@unchecked Sendable`: made on the thread that calls `write`, then touched only by the thread
/// that runs `run`, until that ends; `write` reads `outcome` after waiting for it.
private final class ExportWriting: @unchecked Sendable {
    private var calendar: ExportedCalendar
    private let name: String
    private(set) var outcome: Result<[Diagnostic], any Error> = .success([])

    init(calendar: ExportedCalendar, name: String) {
        (self.calendar, self.name) = (calendar, name)
    }

    /// Reads and writes every resource `handOff` passes on, then the VTIMEZONEs; stops it on failure.
    func run(_ handOff: ResourceHandOff) {
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
        do {
            var resources = handOff.takeWaiting()
            while !resources.isEmpty {
                for (uid, bytes) in resources { try add(uid, bytes, reader: &reader) }
                resources = handOff.takeWaiting()
            }
            // A store that failed part-way leaves the calendar unfinished, as its error ends the run.
            guard !handOff.receivingFailed else { return }
            try calendar.finish(definitions: reader.zones.definitions)
            outcome = .success(reader.diagnostics)
        } catch {
            handOff.stop()
            outcome = .failure(error)
        }
    }

    private func add(_ uid: String, _ bytes: [UInt8], reader: inout CalendarStreamReader) throws {
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
