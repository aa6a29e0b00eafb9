import CalendarModel
import Foundation
import Platform

/// `import --manifest`: the rows of a manifest (or of one `--shard` of it) imported a few at once,
/// each as ``StoreImport`` runs one import, each with a journal of its own in the journal folder.
/// The journals are the shard's checkpoint: every row always resumes from its journal, so running
/// the same command again after a kill leaves alone what got there (a finished row is checked
/// against its store in one listing) and sends the rest.
///
/// The manifest is read and checked whole before anything is sent; a row that fails (its store
/// unreachable, its inputs refused, an item refused) is reported and the other rows go on.
package struct ManifestImport: Sendable {
    package var manifestPath: String
    package var shard = ManifestShard.whole
    /// Where the rows' journals are kept; nil for `MANIFEST.journals` beside the manifest.
    package var journalFolder: String?
    /// Rows imported at once; each sends `jobs` requests at once to a server that takes them (nil:
    /// as many as its server is found to take).
    package var rowsAtOnce = 4
    package var create = false
    package var jobs: Int?
    package var dryRun = false
    package var policy = ReadingPolicy.lenient
    /// Where the rows' password variables are looked up.
    package var environment = ProcessInfo.processInfo.environment

    package init(manifestPath: String) {
        self.manifestPath = manifestPath
    }

    /// The folder the journals are kept in.
    package var journalDirectory: String {
        journalFolder ?? (manifestPath as NSString).deletingPathExtension + ".journals"
    }

    /// Imports the shard's rows, handing each row's outcome to `finished` as it finishes (one at a
    /// time, in the order they finish). Throws before anything is sent when the manifest has
    /// problems (`InvalidCalendarData`), `rowsAtOnce` is not 1 to 64, or the journal folder cannot
    /// be made.
    package func run(_ finished: @escaping @Sendable (ManifestRowOutcome) -> Void) throws -> ManifestOutcome {
        guard (1...64).contains(rowsAtOnce) else { throw UsageProblem(message: "--rows-at-once takes 1 to 64 rows") }
        let manifest = try ImportManifest.read(manifestPath)
        guard manifest.mirrorRows.isEmpty else {
            throw UsageProblem(
                message: "\(manifestPath) holds mirror rows (columns source, target): run calbridge mirror --manifest \(manifestPath)")
        }
        let rows = shard.rows(of: manifest)
        let problems = ImportManifest.check(rows, file: manifestPath, environment: environment)
        guard problems.isEmpty else { throw ImportManifest.refusal(problems, path: manifestPath) }
        if !dryRun {
            do {
                try FileManager.default.createDirectory(atPath: journalDirectory, withIntermediateDirectories: true)
            } catch {
                throw AtomicFile.Failure.cannotCreate(path: journalDirectory, reason: error.localizedDescription)
            }
        }
        let rowsRun = ManifestRun(rows: rows, label: "import rows", finished: finished)
        let outcomes = rowsRun.run(workers: rowsAtOnce) { importRow($0) }
        return ManifestOutcome(manifest: manifestPath, shard: shard, manifestRows: manifest.rows.count, rows: outcomes)
    }

    /// One row, as `import INPUTS --to STORE --journal J --resume` would run it.
    private func importRow(_ row: ManifestRow) -> ManifestRowOutcome {
        var request = StoreImport(
            inputs: row.inputs, store: row.store,
            access: StoreAccess(user: row.user, calendar: row.calendar, password: environment[row.passwordVariable]))
        (request.create, request.jobs, request.dryRun) = (create, jobs, dryRun)
        // A dry run reads the journal to plan and writes nothing.
        let journalPath = (journalDirectory as NSString).appendingPathComponent(row.journalName)
        (request.journalPath, request.resume) = (journalPath, true)
        var outcome = ManifestRowOutcome(row: row, journal: journalPath, dryRun: dryRun)
        do {
            outcome.report = try request.run(
                judging: { outcome.warnings = try policy.judged($0).count },
                interrupted: { outcome.report = $0 })
        } catch let interrupted as ImportInterrupted {
            outcome.failure =
                "the store stopped answering after \(interrupted.done) of \(interrupted.total) resources "
                + "(\(interrupted.reason)); run the same command again: the row resumes from its journal"
        } catch {
            outcome.failure = ManifestRowOutcome.describe(error, of: row)
        }
        return outcome
    }
}

/// The rows being run (imported, mirrored, verified) and what is shared by the threads running
/// them, touched only under `lock`; hence `@unchecked Sendable` (the rows and `finished` are constants).
final class ManifestRun<Row: Sendable, Outcome: Sendable>: @unchecked Sendable {
    private let rows: [Row]
    private let finished: @Sendable (Outcome) -> Void
    private let lock = NSLock()
    private var next = 0
    private var outcomes: [Outcome?]
    private var done = 0
    private var progress: ProgressLine

    /// `label` names the progress line (`import rows`).
    init(rows: [Row], label: String, finished: @escaping @Sendable (Outcome) -> Void) {
        self.rows = rows
        self.finished = finished
        outcomes = Array(repeating: nil, count: rows.count)
        // One line for the rows: the lines each row's reading and sending would draw would overwrite
        // each other, so they are kept off while the rows run.
        progress = ProgressLine(label, total: rows.count, shown: ProgressLine.isShown)
    }

    /// Runs every row with `workers` threads, each taking the next row when it is done with one
    /// (rows differ in size); the outcomes in the manifest's order.
    func run(workers: Int, _ runRow: @escaping @Sendable (Row) -> Outcome) -> [Outcome] {
        let shown = ProgressLine.isShown
        ProgressLine.isShown = false
        defer { ProgressLine.isShown = shown }
        let group = DispatchGroup()
        for _ in 0..<max(1, min(workers, rows.count)) {
            group.enter()
            // Threads of their own: a row mostly waits on its store, as ImportBatch's workers do.
            Thread {
                while let (position, row) = self.take() { self.record(runRow(row), at: position) }
                group.leave()
            }.start()
        }
        group.wait()
        progress.finish()
        return outcomes.compactMap { $0 }
    }

    private func take() -> (Int, Row)? {
        lock.withLock {
            guard next < rows.count else { return nil }
            next += 1
            return (next - 1, rows[next - 1])
        }
    }

    private func record(_ outcome: Outcome, at position: Int) {
        lock.withLock {
            progress.finish()
            finished(outcome)
            outcomes[position] = outcome
            done += 1
            progress.update(done: done)
        }
    }
}
