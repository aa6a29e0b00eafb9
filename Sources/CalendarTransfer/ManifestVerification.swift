import CalendarModel
import CalendarWebFormats
import Foundation

/// `verify --manifest`: each mirror row of a manifest (or of one `--shard` of it) verified as
/// `calbridge verify SOURCE TARGET` verifies one pair, a few rows at once: the last step of a
/// migration that `mirror --manifest` carried out with the same file.
package struct ManifestVerification: Sendable {
    package var manifestPath: String
    package var shard = ManifestShard.whole
    package var rowsAtOnce = 4
    /// Where the rows' password variables are looked up.
    package var environment = ProcessInfo.processInfo.environment

    package init(manifestPath: String) {
        self.manifestPath = manifestPath
    }

    /// Verifies the shard's rows, handing each row's outcome to `finished` as it finishes. Throws
    /// before anything is read when the manifest has problems.
    package func run(_ finished: @escaping @Sendable (VerifiedRowOutcome) -> Void) throws -> VerifiedManifestOutcome {
        let (manifest, rows) = try ManifestMirror.rows(of: manifestPath, shard: shard, rowsAtOnce: rowsAtOnce, environment: environment)
        let outcomes = ManifestRun(rows: rows, label: "verify rows", finished: finished).run(workers: rowsAtOnce) { verifyRow($0) }
        return VerifiedManifestOutcome(manifest: manifestPath, shard: shard, manifestRows: manifest.mirrorRows.count, rows: outcomes)
    }

    private func verifyRow(_ row: MirrorManifestRow) -> VerifiedRowOutcome {
        var outcome = VerifiedRowOutcome(row: row)
        do {
            let source = try StoreLocation.open(
                row.source.location, access: row.source.access(in: environment), create: false, makeDirectory: false)
            let target = try StoreLocation.open(
                row.target.location, access: row.target.access(in: environment), create: false, makeDirectory: false)
            outcome.report = try StoreVerification(source: source, target: target).compare()
        } catch {
            outcome.failure = (error as? ExplainedFailure)?.message ?? "\(error)"
        }
        return outcome
    }
}

/// What verifying one mirror row found, or why it could not be verified.
package struct VerifiedRowOutcome: Sendable {
    package var row: MirrorManifestRow
    package var report: StoreVerificationReport?
    package var failure: String?

    /// Whether the row's stores differ or could not be read.
    package var failed: Bool { failure != nil || report?.agrees == false }

    /// `users.csv:3 alice Work: verify: 3 on both, …`, then each finding indented.
    package func text(manifest: String) -> String {
        let findings = (report?.text ?? "").split(separator: "\n").map { "  \($0)\n" }.joined()
        return "\(manifest):\(row.line) \(row.name): " + (report.map { "verify: \($0.summary)\n" } ?? "not verified\n")
            + (failure.map { "  \($0)\n" } ?? "") + findings
    }

    /// One JSON object on a line: where the row is, its stores, `error` (null when both were read),
    /// `agrees`, and the findings as `verify --json` writes them, in a list.
    package func json(manifest: String) -> String {
        func quoted(_ text: String?) -> String { text.map(JSONOutput.quoted) ?? "null" }
        let findings = (report?.jsonLines ?? "").split(separator: "\n").joined(separator: ", ")
        return
            "{\"manifest\": \(quoted(manifest)), \"line\": \(row.line), \"row\": \(row.index), \"source\": \(quoted(row.source.location)), "
            + "\"target\": \(quoted(row.target.location)), \"error\": \(quoted(failure)), "
            + "\"agrees\": \(report.map { "\($0.agrees)" } ?? "null"), \"findings\": [\(findings)]}\n"
    }
}

/// What a manifest's verification found, row by row, in the manifest's order.
package struct VerifiedManifestOutcome: Sendable {
    package var manifest: String
    package var shard: ManifestShard
    package var manifestRows: Int
    package var rows: [VerifiedRowOutcome]

    package var failedRows: [VerifiedRowOutcome] { rows.filter(\.failed) }

    /// `manifest users.csv (2 rows): 1 agree, 1 failed (line 4)`, with its newline.
    package var summary: String {
        ManifestOutcome.summary(
            manifest: manifest, shard: shard, manifestRows: manifestRows, rows: rows.count,
            failedLines: failedRows.map(\.row.line), done: "agree")
    }
}
