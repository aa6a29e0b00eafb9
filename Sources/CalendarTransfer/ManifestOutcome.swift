import CalendarModel
import CalendarWebFormats
import Foundation
import Platform

/// What one row of a manifest did: its import's report, or why it could not run or finish.
package struct ManifestRowOutcome: Sendable {
    package var row: ManifestRow
    package var journal: String
    /// What was sent (also for a row whose store went away part-way); nil when nothing could be.
    package var report: ImportReport?
    /// Why the row failed as a whole, nil when it ran to the end.
    package var failure: String?
    /// Problems the reading let through (`calbridge validate` on the row's inputs lists them).
    package var warnings = 0
    let dryRun: Bool

    init(row: ManifestRow, journal: String, dryRun: Bool) {
        self.row = row
        self.journal = journal
        self.dryRun = dryRun
    }

    /// Whether the row failed, as a whole or in some of its items.
    package var failed: Bool { failure != nil || report?.failed.isEmpty == false }

    /// `users.csv:3 alice Work: 3 created, 0 updated, 0 already there, 0 failed (40 resources/s)`,
    /// then each failed item indented, with the newlines.
    package func text(manifest: String) -> String {
        let named = [row.user, row.calendar].compactMap { $0 } + (row.calendar == nil ? [row.store] : [])
        var text = "\(manifest):\(row.line) \(named.joined(separator: " ")): " + (report?.counts ?? "not imported")
        if warnings > 0 { text += ", \(warnings) warning\(warnings == 1 ? "" : "s") (calbridge validate lists them)" }
        if let failure { text += "\n  " + failure }
        return text + "\n" + (report?.failed.map { "  \($0.0): \($0.1)\n" }.joined() ?? "")
    }

    /// One JSON object on a line: where the row is and what it imports into, `error` (null when
    /// the row ran to the end), then the members of `import --json`'s object.
    package func json(manifest: String) -> String {
        let report = report ?? ImportReport(outcome: ImportBatch.Outcome(), withoutUID: [], dryRun: dryRun)
        func quoted(_ text: String?) -> String { text.map(JSONOutput.quoted) ?? "null" }
        return "{\"manifest\": \(quoted(manifest)), \"line\": \(row.line), \"row\": \(row.index), \"store\": \(quoted(row.store)), "
            + "\"user\": \(quoted(row.user)), \"calendar\": \(quoted(row.calendar)), \"journal\": \(quoted(journal)), "
            + "\"error\": \(quoted(failure)), \"warnings\": \(warnings), \(report.jsonMembers)}\n"
    }

    /// The words for what stopped a row, as the command would say them for one import.
    static func describe(_ error: Error, of row: ManifestRow) -> String {
        let text: String
        switch error {
        case let error as StoreUnavailable: text = error.message
        case let error as StoreNotFound: text = error.message
        case let error as UsageProblem: text = error.message
        case let error as InputFile.OpenError: text = "\(error.name): \(error.reason)"
        case let error as InvalidCalendarData:
            let more = error.diagnostics.count - 1
            text =
                (error.diagnostics.first.map(String.init(describing:)) ?? "the input cannot be read")
                + (more > 0 ? " (and \(more) more problems: calbridge validate lists them)" : "") + "; nothing of this row was sent"
        default: text = "\(error)"
        }
        // The server's refusal names the default variable; this row's password is in another one.
        return text.replacingOccurrences(of: ImportManifest.defaultPasswordVariable, with: row.passwordVariable)
    }
}

/// What a manifest run did, row by row, in the manifest's order.
package struct ManifestOutcome: Sendable {
    package var manifest: String
    package var shard: ManifestShard
    /// Rows in the whole manifest (the shard imports some of them).
    package var manifestRows: Int
    package var rows: [ManifestRowOutcome]

    package var failedRows: [ManifestRowOutcome] { rows.filter(\.failed) }

    /// `manifest users.csv (shard 0/2: 100 of 200 rows): 99 imported, 1 failed (line 14)`, with its newline.
    package var summary: String {
        Self.summary(
            manifest: manifest, shard: shard, manifestRows: manifestRows, rows: rows.count,
            failedLines: failedRows.map(\.row.line), done: rows.first?.dryRun == true ? "would be imported" : "imported")
    }

    /// A manifest run's closing line, for rows imported, mirrored or verified (`done`).
    static func summary(manifest: String, shard: ManifestShard, manifestRows: Int, rows: Int, failedLines: [Int], done: String) -> String {
        let part = shard == .whole ? "\(rows) rows" : "shard \(shard): \(rows) of \(manifestRows) rows"
        let lines = failedLines.prefix(20).map(String.init).joined(separator: ", ") + (failedLines.count > 20 ? ", …" : "")
        return "manifest \(manifest) (\(part)): \(rows - failedLines.count) \(done), \(failedLines.count) failed"
            + (failedLines.isEmpty ? "" : " (line\(failedLines.count == 1 ? "" : "s") \(lines))") + "\n"
    }
}
