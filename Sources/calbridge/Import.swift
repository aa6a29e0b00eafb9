import ArgumentParser
import AtomicOutput
import CalendarModel
import CalendarStores
import Foundation
import ICalendar

/// `calbridge import`: every event of the inputs into a store, one resource per UID.
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Put every event of the inputs into a store, one resource per UID.",
        discussion: """
        Each series (an event with its overrides, one UID) becomes one resource with the VTIMEZONEs it
        uses. A UID already in the store is updated, not duplicated. With --journal every resource sent
        is recorded with the store's etag, saved as the import goes; after an interruption, the same
        command with --resume sends only what is not there yet. Items the store refuses are listed and
        the rest go on (exit 1).

        STORE is a directory (one .ics per UID) or a CalDAV collection URL; the password comes from the
        environment variable CALBRIDGE_PASSWORD, never from the command line.

        Examples:
          calbridge import export.ics --to ~/.calendars/work
          calbridge import big.ics --to https://dav.example.org/cal/me/work/ --user me --journal big.journal
          calbridge import big.ics --to https://dav.example.org/cal/me/work/ --user me --journal big.journal --resume
        """)

    @Argument(help: "Calendars (ics, xcal, jcal, caldav-xml) or directories of them.")
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

    @Flag(help: "Print a machine-readable report on standard output.")
    var json = false

    func validate() throws {
        if resume && journal == nil { throw ValidationError("--resume needs the --journal of the interrupted import") }
    }

    func run() throws {
        do {
            let files = try Self.expand(inputs)
            let (calendar, diagnostics) = try CalendarInputs(paths: files, format: nil).readCalendar()
            if diagnostics.contains(where: { $0.severity == .error }) { throw InvalidCalendarData(diagnostics: diagnostics) }
            let (resources, withoutUID) = CalendarResources.split(calendar)
            // A dry run into a directory that does not exist yet plans against an empty store.
            let isNewDirectory = !to.hasPrefix("http") && !FileManager.default.fileExists(atPath: to)
            let store = dryRun && isNewDirectory ? nil : try StoreLocation.open(to, user: user, creating: !dryRun)
            let batch = ImportBatch(store: store, journal: try loadJournal(), journalPath: journal, dryRun: dryRun)
            let report = try batch.send(resources)
            var failures = report.failed
            failures += withoutUID.map { ("(no UID) " + ($0["SUMMARY"]?.text ?? $0.name), "it has no UID, so no store can keep it apart; run calbridge validate --repair first") }
            ImportReport(created: report.created, updated: report.updated, unchanged: report.unchanged, failed: failures, dryRun: dryRun)
                .print(json: json, seconds: report.seconds)
            if !failures.isEmpty { throw ExitCode(1) }
        } catch let error as ExitCode {
            throw error
        } catch {
            throw ExitStatus.report(error)
        }
    }

    private func loadJournal() throws -> ImportJournal {
        guard let journal, resume else { return ImportJournal(store: to) }
        guard let data = FileManager.default.contents(atPath: journal) else {
            throw InputFile.OpenError(name: journal, reason: "No such file or directory")
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

/// Sends resources to a store, recording each in the journal, which is saved every few resources
/// and at the end so that an interruption loses at most the unsaved tail (sent again on resume).
/// A store that allows it gets several requests at once (a CalDAV server answers them in parallel).
final class ImportBatch: @unchecked Sendable {
    let store: (any CalendarStore)?
    let journalPath: String?
    let dryRun: Bool
    private static let saveEvery = 50
    private static let concurrentRequests = 4

    /// Everything below is shared by the workers and touched only under `lock`.
    private let lock = NSLock()
    private var journal: ImportJournal
    private var outcome = Outcome()
    private var progress: Progress
    private var done = 0
    private var saveError: Error?

    struct Outcome {
        var created: [String] = [], updated: [String] = [], unchanged: [String] = []
        var failed: [(String, String)] = []
        var seconds = 0.0
    }

    /// - Parameter store: `nil` for a dry run into a store that does not exist yet.
    init(store: (any CalendarStore)?, journal: ImportJournal, journalPath: String?, dryRun: Bool) {
        self.store = store
        self.journal = journal
        self.journalPath = journalPath
        self.dryRun = dryRun
        progress = Progress(total: 0, label: "import")
    }

    func send(_ resources: [CalendarResource]) throws -> Outcome {
        let present = Dictionary(try (store?.list() ?? []).map { ($0.uid, $0.etag) }, uniquingKeysWith: { first, _ in first })
        progress = Progress(total: resources.count, label: "import")
        let workers = !dryRun && store?.allowsConcurrentWrites == true ? min(Self.concurrentRequests, resources.count) : 1
        if workers <= 1 {
            resources.forEach { send($0, etag: present[$0.uid]) }
        } else {
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                for index in stride(from: worker, to: resources.count, by: workers) {
                    send(resources[index], etag: present[resources[index].uid])
                }
            }
        }
        try lock.withLock {
            if let saveError { throw saveError }
            try saveJournal()
            outcome.seconds = progress.elapsed
        }
        return outcome
    }

    private func send(_ resource: CalendarResource, etag: String?) {
        var writer = ICalendarWriter()
        writer.write(resource.calendar)
        let hash = FNV1a.hex(writer.bytes)
        let sent = lock.withLock { journal.alreadySent(uid: resource.uid, hash: hash, storeEtag: etag) }
        var result: Result<String, Error>?
        if !sent && !dryRun, let store {
            result = Result { try store.put(uid: resource.uid, bytes: writer.bytes, expected: etag) }
        }
        lock.withLock {
            switch (sent, result) {
            case (true, _): outcome.unchanged.append(resource.uid)
            case (false, .failure(let error)?): outcome.failed.append((resource.uid, "\(error)"))
            case (false, .success(let newEtag)?):
                journal.entries[resource.uid] = ImportJournal.Entry(hash: hash, etag: newEtag)
                fallthrough
            case (false, nil):
                if etag == nil { outcome.created.append(resource.uid) } else { outcome.updated.append(resource.uid) }
            }
            done += 1
            if done % Self.saveEvery == 0 {
                do { try saveJournal() } catch { saveError = saveError ?? error }
            }
            progress.update(done: done)
        }
    }

    /// Called under `lock`.
    private func saveJournal() throws {
        guard let journalPath, !dryRun else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let sink = try AtomicFile(destination: journalPath)
        try sink.write(Array(try encoder.encode(journal)))
        try sink.commit()
    }
}

/// What an import did, for a person (one line on standard error, each failure listed) or a program (--json).
struct ImportReport {
    var created: [String], updated: [String], unchanged: [String]
    var failed: [(String, String)]
    var dryRun: Bool

    func print(json: Bool, seconds: Double) {
        let sent = created.count + updated.count
        let rate = seconds > 0 ? Int(Double(sent) / seconds) : sent
        let verb = dryRun ? "would be " : ""
        Terminal.write("import: \(created.count) \(verb)created, \(updated.count) \(verb)updated, \(unchanged.count) already there, "
                       + "\(failed.count) failed (\(rate) resources/s)\n", to: .standardError)
        Terminal.write(failed.map { "\($0.0): \($0.1)\n" }.joined(), to: .standardError)
        guard json else { return }
        func list(_ items: [String]) -> String { "[" + items.map(OccurrenceFormat.json).joined(separator: ", ") + "]" }
        let failures = failed.map { "{\"uid\": \(OccurrenceFormat.json($0.0)), \"error\": \(OccurrenceFormat.json($0.1))}" }
        Terminal.write("{\"dry_run\": \(dryRun), \"created\": \(list(created)), \"updated\": \(list(updated)), "
                       + "\"unchanged\": \(list(unchanged)), \"failed\": [\(failures.joined(separator: ", "))]}\n", to: .standardOutput)
    }
}
