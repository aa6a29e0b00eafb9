import ArgumentParser
import CalendarDocuments
import CalendarModel
import CalendarStores
import CalendarTransfer
import Foundation
import TimeZones

/// `calbridge import`: every event of the inputs into a store, one resource per UID.
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Put every event of the inputs into a store, one resource per UID.",
        discussion: """
        Each series (an event with its overrides, one UID) becomes one resource with the VTIMEZONEs it \
        uses (from the tz database where the input has none). Inputs that define one TZID differently \
        keep their events' times: one definition from the tz database where it agrees with them, else \
        the later one renamed (Europe/Berlin-2), with a warning. A UID already in the store is updated, not duplicated. With --journal every resource sent \
        is recorded with the store's etag, saved as the import goes; after an interruption, the same \
        command with --resume sends only what is not there yet. Items the store refuses are listed and \
        the rest go on (exit 1). A server that stops answering through every retry ends the import \
        with exit 75 (safe to retry): run the same command with --resume once it is back. --json also \
        prints the report (created, updated, unchanged, failed) as one JSON object on standard output.

        STORE is a directory (one .ics per UID) or a CalDAV URL: a collection, or a server root, \
        .well-known/caldav, principal or calendar home with --calendar NAME (`calbridge calendars URL` \
        lists them). A missing collection is made only with --create. The password comes from the \
        environment variable CALBRIDGE_PASSWORD, never from the command line.

        Examples:
          calbridge import export.ics --to ~/.calendars/work
          calbridge import big.ics --to https://dav.example.org/ --calendar Work --user me --journal big.journal
          calbridge import big.ics --to https://dav.example.org/cal/me/work/ --user me --journal big.journal --resume
        """)

    @Argument(help: "Calendars (ics, xcal, jcal, model json, caldav-xml) or directories of them; contact cards (.vcf) as their birthday calendar and timetables (JSON or CSV) as their calendar.")
    var inputs: [String]
    @Option(help: "The store: a directory or a CalDAV collection URL.")
    var to: String
    @OptionGroup var access: StoreOptions
    @Flag(help: "Make the CalDAV collection when it does not exist yet (with --calendar: in the account's calendar home).")
    var create = false
    @Option(help: "Requests to send to a CalDAV server at once (a directory store writes one at a time); by default as many as the server is found to take, one for a server that serializes writes.")
    var jobs: Int?
    @Option(help: "Where to record what was sent, for --resume.")
    var journal: String?
    @Flag(help: "Finish an interrupted import: skip what the journal says is already in the store.")
    var resume = false
    @Flag(name: .customLong("dry-run"), help: "List what would be created and updated; write nothing.")
    var dryRun = false
    @OptionGroup var reading: ReadingOptions
    @OptionGroup var reporting: ReportingOptions

    func validate() throws {
        if resume && journal == nil { throw ValidationError("--resume needs the --journal of the interrupted import") }
        if let jobs, !(1...64).contains(jobs) { throw ValidationError("--jobs takes 1 to 64 requests at once") }
    }

    func run() throws {
        reporting.apply()
        let (calendar, diagnostics) = try CalendarInputs(paths: try CalendarInputs.files(expanding: inputs), format: nil).readCalendar()
        try reading.judge(diagnostics)
        // Each resource then carries a VTIMEZONE for every TZID it uses.
        let (resources, withoutUID) = CalendarResources.split(ZoneUsage.completing(calendar))
        // A dry run into a store that does not exist yet plans against an empty one.
        let named = EventCalendar(component: calendar)
        let label = CalendarLabel(name: named.name, color: named.color)
        let store = try StoreLocation.open(to, access: access.chosen, create: create, makeDirectory: !dryRun, dryRun: dryRun, label: label)
        if !dryRun { try store?.adopt(label) }
        let sent = try journal.flatMap { resume ? try ImportJournal.resuming(from: $0, store: to) : nil } ?? ImportJournal(store: to)
        let batch = ImportBatch(store: store, journal: sent, journalPath: journal, dryRun: dryRun, jobs: jobs)
        let report: ImportBatch.Outcome
        do {
            report = try batch.send(resources)
        } catch let interrupted as ImportInterrupted {
            print(ImportReport(outcome: interrupted.outcome, withoutUID: [], dryRun: dryRun))
            throw interrupted
        } catch StoreError.unavailable(let reason) {
            throw StoreUnavailable(message: "\(to): the store cannot be used: \(reason); nothing more was sent")
        }
        let summary = ImportReport(outcome: report, withoutUID: withoutUID, dryRun: dryRun)
        print(summary)
        if !summary.failed.isEmpty { throw ExitCode(1) }
    }

    /// The report on standard error (one line, then each failure), and as JSON on standard output with --json.
    private func print(_ report: ImportReport) {
        Terminal.inform(report.summary)
        Terminal.write(report.failures, to: .standardError)
        if reporting.json { Terminal.write(report.json, to: .standardOutput) }
    }
}
