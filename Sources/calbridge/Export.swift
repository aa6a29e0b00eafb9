import ArgumentParser
import CalendarTransfer
import Occurrences

/// `calbridge export`: a store's contents as one calendar.
struct Export: ParsableCommand, ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a store's contents as one calendar, optionally only the events in a window.",
        discussion: """
            Examples:
              calbridge export ~/.calendars/work -o work.ics
              calbridge export https://dav.example.org/cal/me/work/ --user me \\
                  --from 2026-10-01 --to 2027-03-01 -o term.ics
            """)

    @Argument(help: "The store: a directory or a CalDAV collection URL.")
    var store: String
    @Option(name: .shortAndLong, help: "The output file; standard output when absent.")
    var output: String?
    @OptionGroup var access: StoreOptions
    @Option(help: "Only series with an occurrence at or after this date.")
    var from: String?
    @Option(help: "Only series with an occurrence before this date.")
    var to: String?
    @OptionGroup var reading: ReadingOptions
    @OptionGroup var reporting: ReportingOptions

    func run() throws {
        let window = try WindowDate.window(from: from, to: to)
        let opened = try StoreLocation.open(store, access: access.chosen, create: false, makeDirectory: false)
        let (sink, diagnostics) = try StoreExport(opened, named: store).write(window: window, to: output)
        try reading.judge(diagnostics)
        try sink.commit()
    }
}
