import ArgumentParser
import CalendarDocuments
import CalendarModel
import CalendarStores
import CalendarTransfer
import Foundation
import ICalendar
import InputFiles
import Occurrences
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

        STORE is a directory (one .ics per UID) or a CalDAV collection URL; the password comes from the \
        environment variable CALBRIDGE_PASSWORD, never from the command line.

        Examples:
          calbridge import export.ics --to ~/.calendars/work
          calbridge import big.ics --to https://dav.example.org/cal/me/work/ --user me --journal big.journal
          calbridge import big.ics --to https://dav.example.org/cal/me/work/ --user me --journal big.journal --resume
        """)

    @Argument(help: "Calendars (ics, xcal, jcal, model json, caldav-xml) or directories of them; contact cards (.vcf) as their birthday calendar and timetables (JSON or CSV) as their calendar.")
    var inputs: [String]

    @Option(help: "The store: a directory or a CalDAV collection URL.")
    var to: String

    @Option(help: "The user for a CalDAV store.")
    var user: String?

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
    }

    func run() throws {
        reporting.apply()
        do {
            let files = try Self.expand(inputs)
            let (calendar, diagnostics) = try CalendarInputs(paths: files, format: nil).readCalendar()
            try reading.judge(diagnostics)
            // Each resource then carries a VTIMEZONE for every TZID it uses.
            let (resources, withoutUID) = CalendarResources.split(ZoneUsage.completing(calendar))
            // A dry run into a directory that does not exist yet plans against an empty store.
            let isNewDirectory = !to.hasPrefix("http") && !FileManager.default.fileExists(atPath: to)
            let store = dryRun && isNewDirectory ? nil : try StoreLocation.open(to, user: user, creating: !dryRun)
            let batch = ImportBatch(store: store, journal: try loadJournal(), journalPath: journal, dryRun: dryRun)
            let report: ImportBatch.Outcome
            do {
                report = try batch.send(resources)
            } catch let interrupted as ImportInterrupted {
                ImportReport(outcome: interrupted.outcome, extraFailures: [], dryRun: dryRun).print(json: reporting.json)
                Terminal.error(interrupted.message)
                throw ExitStatus.temporaryFailure
            }
            let withoutUIDFailures = withoutUID.map { ("(no UID) " + ($0["SUMMARY"]?.text ?? $0.name), "it has no UID, so no store can keep it apart; run calbridge validate --repair first") }
            let summary = ImportReport(outcome: report, extraFailures: withoutUIDFailures, dryRun: dryRun)
            summary.print(json: reporting.json)
            if !summary.failed.isEmpty { throw ExitCode(1) }
        } catch let error as ExitCode {
            throw error
        } catch StoreError.unavailable(let reason) {
            Terminal.error("\(to): the store cannot be used: \(reason); nothing more was sent")
            throw ExitStatus.unavailable
        } catch {
            throw ExitStatus.report(error)
        }
    }

    private func loadJournal() throws -> ImportJournal {
        guard let journal, resume else { return ImportJournal(store: to) }
        guard let data = FileManager.default.contents(atPath: journal) else {
            throw InputFile.OpenError(name: journal, code: ENOENT)
        }
        guard let loaded = try? JSONDecoder().decode(ImportJournal.self, from: data), loaded.format == ImportJournal.formatName else {
            throw InvalidCalendarData(diagnostics: [Diagnostic(.error, file: journal, at: nil, "is not a calbridge import journal")])
        }
        guard loaded.store == to else {
            throw InvalidCalendarData(diagnostics: [Diagnostic(.error, file: journal, at: nil,
                "records an import into \(loaded.store), not \(to); use the journal of this store")])
        }
        return loaded
    }

    /// Input paths with directories replaced by the calendar files in them.
    static func expand(_ paths: [String]) throws -> [String] {
        try paths.flatMap { path -> [String] in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { return [path] }
            let names = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
            return names.filter { name in ["ics", "xcs", "xml", "jcal", "json"].contains((name as NSString).pathExtension.lowercased()) }
                .map { (path as NSString).appendingPathComponent($0) }
        }
    }
}

/// What an import did, for a person (one line on standard error, each failure listed) or a program (--json).
struct ImportReport {
    var created: [String], updated: [String], unchanged: [String]
    var failed: [(String, String)]
    var dryRun: Bool
    var seconds: Double

    init(outcome: ImportBatch.Outcome, extraFailures: [(String, String)], dryRun: Bool) {
        created = outcome.created
        updated = outcome.updated
        unchanged = outcome.unchanged
        failed = outcome.failed + extraFailures
        self.dryRun = dryRun
        seconds = outcome.seconds
    }

    func print(json: Bool) {
        let sent = created.count + updated.count
        let rate = seconds > 0 ? Int(Double(sent) / seconds) : sent
        let verb = dryRun ? "would be " : ""
        Terminal.inform("import: \(created.count) \(verb)created, \(updated.count) \(verb)updated, \(unchanged.count) already there, "
                       + "\(failed.count) failed (\(rate) resources/s)\n")
        Terminal.write(failed.map { "\($0.0): \($0.1)\n" }.joined(), to: .standardError)
        guard json else { return }
        func list(_ items: [String]) -> String { "[" + items.map(OccurrenceFormat.json).joined(separator: ", ") + "]" }
        let failures = failed.map { "{\"uid\": \(OccurrenceFormat.json($0.0)), \"error\": \(OccurrenceFormat.json($0.1))}" }
        Terminal.write("{\"dry_run\": \(dryRun), \"created\": \(list(created)), \"updated\": \(list(updated)), "
                       + "\"unchanged\": \(list(unchanged)), \"failed\": [\(failures.joined(separator: ", "))]}\n", to: .standardOutput)
    }
}
