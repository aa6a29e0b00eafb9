import ArgumentParser
import AtomicOutput
import CalendarModel
import CalendarStores
import ICalendar
import InputFiles
import Occurrences
import ProgressReporting
import TimeZones

/// `calbridge export`: a store's contents as one calendar.
struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a store's contents as one calendar, optionally only the events in a window.",
        discussion: """
        Examples:
          calbridge export ~/.calendars/work -o work.ics
          calbridge export https://dav.example.org/cal/me/work/ --user me --from 2026-10-01 --to 2027-03-01 -o term.ics
        """)

    @Argument(help: "The store: a directory or a CalDAV collection URL.")
    var store: String

    @Option(name: .shortAndLong, help: "The output file; standard output when absent.")
    var output: String?

    @Option(help: "The user for a CalDAV store.")
    var user: String?

    @Option(help: "Only series with an occurrence at or after this date.")
    var from: String?

    @Option(help: "Only series with an occurrence before this date.")
    var to: String?

    @OptionGroup var reading: ReadingOptions

    @OptionGroup var reporting: ReportingOptions

    func run() throws {
        reporting.apply()
        do {
            let window = try Self.window(from, to)
            let opened = try StoreLocation.open(store, user: user, creating: false)
            let (merged, diagnostics) = try read(opened, window: window)
            try reading.judge(diagnostics)
            var calendar = ZoneUsage.completing(merged)
            if calendar.properties.isEmpty { calendar.properties = EventCalendar.empty.properties }
            var writer = ICalendarWriter()
            writer.write(calendar)
            let sink = try AtomicFile(destination: output)
            try sink.write(writer.bytes)
            try sink.commit()
        } catch {
            throw ExitStatus.report(error)
        }
    }

    /// Every resource of the store merged into one calendar, each one a calendar of its own to the
    /// time zone merge: a TZID that resources define differently keeps every event's time.
    private func read(_ opened: any CalendarStore, window: (LocalDateTime, LocalDateTime)?) throws -> (Component, [Diagnostic]) {
        // Each resource is read twice (looked ahead at, then read): an InputFile is read once.
        let listed = try opened.list()
        var progress = ProgressLine("export", total: listed.count)
        let resources = try listed.compactMap { resource in
            defer { progress.advance(by: 1) }
            return try opened.get(uid: resource.uid).map { (name: "\(store) \(resource.uid)", bytes: $0.0) }
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
        return (calendar, reader.diagnostics)
    }

    private static func window(_ from: String?, _ to: String?) throws -> (LocalDateTime, LocalDateTime)? {
        guard from != nil || to != nil else { return nil }
        guard let start = WindowDate.parse(from ?? "0001-01-01"), let end = WindowDate.parse(to ?? "9999-12-31") else {
            throw UsageProblem(message: "--from and --to take a date (2026-03-29) or a date-time (2026-03-29T10:00)")
        }
        return (start, end)
    }

    private static func occurs(_ series: Component, in window: (LocalDateTime, LocalDateTime)) throws -> Bool {
        var expansion = CalendarExpansion(calendar: series)
        return try !expansion.occurrences(from: window.0, to: window.1, in: nil).isEmpty
    }
}
