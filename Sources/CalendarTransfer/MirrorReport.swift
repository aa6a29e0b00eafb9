import CalendarModel
import CalendarWebFormats

/// What a mirror run did (or, for a dry run, would do), for a person (a summary line, then the
/// deletions kept, the conflicts and the failures, each listed) or a program (one JSON object).
package struct MirrorReport: Sendable {
    package var dryRun = false
    package var created: [String] = [], updated: [String] = [], unchanged: [String] = [], deleted: [String] = []
    /// Deleted on the source, kept on the target for want of --delete.
    package var keptDeletions: [String] = []
    package var conflicts: [MirrorConflict] = []
    /// Each failure: the UID and why.
    package var failed: [(String, String)] = []
    /// What reading the source's resources repaired or found, each at its href's line and column.
    package var diagnostics: [Diagnostic] = []
    /// Requests sent to each store, retries included.
    package var sourceRequests = 0, targetRequests = 0
    /// How the writes settled when the target answered 429 Too Many Requests; nil when it never did.
    package var pace: WritePace?

    package init(dryRun: Bool) {
        self.dryRun = dryRun
    }

    /// Puts every list in UID order: the order a run wrote in is the server's, not the user's.
    package mutating func sortByUID() {
        for list in [\Self.created, \.updated, \.unchanged, \.deleted, \.keptDeletions] { self[keyPath: list].sort() }
        conflicts.sort { $0.uid < $1.uid }
        failed.sort { $0.0 < $1.0 }
    }

    /// `mirror: 10 created, 3 updated, 1 deleted, 1 conflict skipped; 14 requests`, with its newline,
    /// and the pace the target's 429s settled the writes at, when it sent any.
    package var summary: String {
        let verb = dryRun ? "would be " : ""
        var parts = ["\(created.count) \(verb)created", "\(updated.count) \(verb)updated", "\(deleted.count) \(verb)deleted"]
        if !unchanged.isEmpty { parts.append("\(unchanged.count) already there") }
        for choice in ConflictChoice.allCases {
            let count = conflicts.filter { $0.choice == choice }.count
            if count > 0 { parts.append("\(count) conflict\(count == 1 ? "" : "s") \(Self.outcome(of: choice))") }
        }
        if !failed.isEmpty { parts.append("\(failed.count) failed") }
        // A directory takes no requests: two of them are not counted.
        let requests = sourceRequests + targetRequests
        return "mirror\(dryRun ? " (dry run)" : ""): \(parts.joined(separator: ", "))\(requests > 0 ? "; \(requests) requests" : "")"
            + (pace.map { "; " + $0.summary } ?? "") + "\n"
    }

    /// The plan's UIDs (a dry run's), the deletions kept and the conflicts, one a line.
    package var details: String {
        var lines: [String] = []
        if dryRun {
            for (what, uids) in [("created", created), ("updated", updated), ("deleted", deleted)] where !uids.isEmpty {
                lines.append("would be \(what): \(uids.joined(separator: ", "))")
            }
        }
        if !keptDeletions.isEmpty {
            lines.append(
                "\(keptDeletions.count) deleted on the source, kept on the target: give --delete: "
                    + keptDeletions.joined(separator: ", "))
        }
        for conflict in conflicts {
            let advice = conflict.choice == .skip ? " (--on-conflict source or target decides)" : ""
            lines.append("conflict: \(conflict.uid) \(conflict.change.rawValue): \(Self.outcome(of: conflict.choice))\(advice)")
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// `UID: why`, one failure a line.
    package var failures: String {
        failed.map { "\($0.0): \($0.1)\n" }.joined()
    }

    /// One JSON object on a line: dry_run, created, updated, unchanged, deleted, kept_deletions,
    /// conflicts (uid, change, resolution), failed (uid and error), requests (source, target), and
    /// pace (too_many_requests, writes_at_once, writes_per_second) when the target answered 429.
    package var json: String {
        func list(_ items: [String]) -> String { "[" + items.map(JSONOutput.quoted).joined(separator: ", ") + "]" }
        let conflictObjects = conflicts.map {
            "{\"uid\": \(JSONOutput.quoted($0.uid)), \"change\": \(JSONOutput.quoted($0.change.rawValue)), "
                + "\"resolution\": \(JSONOutput.quoted($0.choice.rawValue))}"
        }
        let failures = failed.map { "{\"uid\": \(JSONOutput.quoted($0.0)), \"error\": \(JSONOutput.quoted($0.1))}" }
        return "{\"dry_run\": \(dryRun), \"created\": \(list(created)), \"updated\": \(list(updated)), "
            + "\"unchanged\": \(list(unchanged)), \"deleted\": \(list(deleted)), \"kept_deletions\": \(list(keptDeletions)), "
            + "\"conflicts\": [\(conflictObjects.joined(separator: ", "))], \"failed\": [\(failures.joined(separator: ", "))], "
            + "\"requests\": {\"source\": \(sourceRequests), \"target\": \(targetRequests)}"
            + (pace.map { ", \"pace\": " + $0.json } ?? "") + "}\n"
    }

    private static func outcome(of choice: ConflictChoice) -> String {
        switch choice {
        case .source: "taken from the source"
        case .target: "kept as the target has it"
        case .skip: "skipped"
        }
    }
}
