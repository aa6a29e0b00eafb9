import CalendarModel
import CalendarWebFormats
import Foundation
import Platform

/// `mirror --manifest`: the mirror rows of a manifest (or of one `--shard` of it) run a few at once,
/// each as `calbridge mirror SOURCE TARGET --state S` runs, with S named after the row
/// (`MirrorManifestRow.stateName`) in the state folder. The states are the shard's checkpoint: the
/// same command again, after a kill or a day later, sends each row only what changed since.
///
/// The manifest is read and checked whole before anything is sent; a row that fails is reported
/// and the other rows go on.
package struct ManifestMirror: Sendable {
    package var manifestPath: String
    package var shard = ManifestShard.whole
    /// Where the rows' states are kept; nil for `MANIFEST.states` beside the manifest.
    package var stateFolder: String?
    /// Rows mirrored at once.
    package var rowsAtOnce = 4
    package var deletes = false
    package var choice = ConflictChoice.skip
    package var dryRun = false
    package var create = false
    package var jobs: Int?
    /// Where the rows' password variables are looked up.
    package var environment = ProcessInfo.processInfo.environment

    package init(manifestPath: String) {
        self.manifestPath = manifestPath
    }

    /// The folder the states are kept in.
    package var stateDirectory: String {
        stateFolder ?? (manifestPath as NSString).deletingPathExtension + ".states"
    }

    /// Mirrors the shard's rows, handing each row's outcome to `finished` as it finishes. Throws
    /// before anything is sent when the manifest has problems, holds import rows, `rowsAtOnce` is
    /// not 1 to 64, or the state folder cannot be made.
    package func run(_ finished: @escaping @Sendable (MirrorRowOutcome) -> Void) throws -> MirrorManifestOutcome {
        let (manifest, rows) = try Self.rows(of: manifestPath, shard: shard, rowsAtOnce: rowsAtOnce, environment: environment)
        if !dryRun {
            do {
                try FileManager.default.createDirectory(atPath: stateDirectory, withIntermediateDirectories: true)
            } catch {
                throw AtomicFile.Failure.cannotCreate(path: stateDirectory, reason: error.localizedDescription)
            }
        }
        let outcomes = ManifestRun(rows: rows, label: "mirror rows", finished: finished).run(workers: rowsAtOnce) { mirrorRow($0) }
        return MirrorManifestOutcome(manifest: manifestPath, shard: shard, manifestRows: manifest.mirrorRows.count, rows: outcomes)
    }

    /// The manifest and the shard's mirror rows, checked; what `verify --manifest` reads as well.
    package static func rows(of path: String, shard: ManifestShard, rowsAtOnce: Int, environment: [String: String]) throws
        -> (ImportManifest, [MirrorManifestRow])
    {
        guard (1...64).contains(rowsAtOnce) else { throw UsageProblem(message: "--rows-at-once takes 1 to 64 rows") }
        let manifest = try ImportManifest.read(path)
        guard manifest.rows.isEmpty else {
            throw UsageProblem(
                message: "\(path) holds import rows (columns input, store): a mirror manifest's columns are "
                    + ImportManifest.mirrorColumns.joined(separator: ", "))
        }
        let rows = shard.mirrorRows(of: manifest)
        let problems = ImportManifest.check(rows, file: path, environment: environment)
        guard problems.isEmpty else { throw ImportManifest.refusal(problems, path: path) }
        return (manifest, rows)
    }

    /// One row, as `mirror SOURCE TARGET --state S` would run it.
    private func mirrorRow(_ row: MirrorManifestRow) -> MirrorRowOutcome {
        var mirror = StoreMirror(
            source: row.source.location, target: row.target.location,
            sourceAccess: row.source.access(in: environment), targetAccess: row.target.access(in: environment))
        let statePath = (stateDirectory as NSString).appendingPathComponent(row.stateName)
        (mirror.statePath, mirror.deletes, mirror.choice, mirror.dryRun, mirror.create, mirror.jobs) = (
            statePath, deletes, choice, dryRun, create, jobs
        )
        var outcome = MirrorRowOutcome(row: row, state: statePath)
        do {
            outcome.report = try mirror.run(interrupted: { outcome.report = $0 })
        } catch is ImportInterrupted {
            outcome.failure = "the target stopped answering part-way; run the same command again: the row goes on from its state"
        } catch {
            outcome.failure = (error as? ExplainedFailure)?.message ?? "\(error)"
        }
        return outcome
    }
}

/// What one mirror row did: its mirror report, or why it could not run or finish.
package struct MirrorRowOutcome: Sendable {
    package var row: MirrorManifestRow
    package var state: String
    package var report: MirrorReport?
    /// Why the row failed as a whole, nil when it ran to the end.
    package var failure: String?

    /// Whether the row failed, as a whole or in some of its items.
    package var failed: Bool { failure != nil || report?.failed.isEmpty == false }

    /// `users.csv:3 alice Work: mirror: 3 created, …`, then the report's lines and failures indented.
    package func text(manifest: String) -> String {
        let lines = (report.map { $0.details + $0.failures } ?? "").split(separator: "\n").map { "  \($0)\n" }.joined()
        return "\(manifest):\(row.line) \(row.name): " + (report?.summary ?? "not mirrored\n")
            + (failure.map { "  \($0)\n" } ?? "") + lines
    }

    /// One JSON object on a line: where the row is, its stores, its state, `error` (null when the
    /// row ran to the end) and `report` (`mirror --json`'s object, null when nothing ran).
    package func json(manifest: String) -> String {
        func quoted(_ text: String?) -> String { text.map(JSONOutput.quoted) ?? "null" }
        let report = report.map { String($0.json.dropLast()) } ?? "null"
        return
            "{\"manifest\": \(quoted(manifest)), \"line\": \(row.line), \"row\": \(row.index), \"source\": \(quoted(row.source.location)), "
            + "\"target\": \(quoted(row.target.location)), \"state\": \(quoted(state)), \"error\": \(quoted(failure)), \"report\": \(report)}\n"
    }
}

/// What a mirror manifest run did, row by row, in the manifest's order.
package struct MirrorManifestOutcome: Sendable {
    package var manifest: String
    package var shard: ManifestShard
    package var manifestRows: Int
    package var rows: [MirrorRowOutcome]

    package var failedRows: [MirrorRowOutcome] { rows.filter(\.failed) }

    /// `manifest users.csv (shard 0/2: 100 of 200 rows): 99 mirrored, 1 failed (line 14)`, with its newline.
    package var summary: String {
        ManifestOutcome.summary(
            manifest: manifest, shard: shard, manifestRows: manifestRows, rows: rows.count,
            failedLines: failedRows.map(\.row.line),
            done: rows.first?.report?.dryRun == true ? "would be mirrored" : "mirrored")
    }
}
