import CalendarModel
import CalendarWebFormats

/// What an import did, for a person (a summary line and each failure on a line of its own) or a
/// program (one JSON object).
package struct ImportReport: Sendable {
    package var created: [String], updated: [String], unchanged: [String]
    /// Each failure: the UID (or what names an item without one) and why.
    package var failed: [(String, String)]
    package var dryRun: Bool
    package var seconds: Double
    /// How the writes settled when the server answered 429 Too Many Requests.
    package var pace: WritePace?

    /// What `outcome` did; the components `withoutUID` were not sent (no store can keep them apart)
    /// and are listed as failed.
    package init(outcome: ImportBatch.Outcome, withoutUID: [Component], dryRun: Bool) {
        created = outcome.created
        updated = outcome.updated
        unchanged = outcome.unchanged
        failed =
            outcome.failed
            + withoutUID.map {
                (
                    "(no UID) " + ($0["SUMMARY"]?.text ?? $0.name),
                    "it has no UID, so no store can keep it apart; run calbridge validate --repair first"
                )
            }
        self.dryRun = dryRun
        seconds = outcome.seconds
        pace = outcome.pace
    }

    /// `import: 3 created, 1 updated, 0 already there, 0 failed (120 resources/s)`, with its newline.
    package var summary: String {
        "import: \(counts)\n"
    }

    /// `3 created, 1 updated, 0 already there, 0 failed (120 resources/s)`.
    package var counts: String {
        let sent = created.count + updated.count
        let rate = seconds > 0 ? Int(Double(sent) / seconds) : sent
        let verb = dryRun ? "would be " : ""
        return "\(created.count) \(verb)created, \(updated.count) \(verb)updated, \(unchanged.count) already there, "
            + "\(failed.count) failed (\(rate) resources/s)" + (pace.map { "; " + $0.summary } ?? "")
    }

    /// `UID: why`, one failure a line.
    package var failures: String {
        failed.map { "\($0.0): \($0.1)\n" }.joined()
    }

    /// One JSON object on a line: dry_run, created, updated, unchanged, failed (uid and error).
    package var json: String {
        "{\(jsonMembers)}\n"
    }

    /// The members of `json`, for an object that says more (a manifest row's).
    package var jsonMembers: String {
        func list(_ items: [String]) -> String { "[" + items.map(JSONOutput.quoted).joined(separator: ", ") + "]" }
        let failures = failed.map { "{\"uid\": \(JSONOutput.quoted($0.0)), \"error\": \(JSONOutput.quoted($0.1))}" }
        return "\"dry_run\": \(dryRun), \"created\": \(list(created)), \"updated\": \(list(updated)), "
            + "\"unchanged\": \(list(unchanged)), \"failed\": [\(failures.joined(separator: ", "))]"
            + (pace.map { ", \"pace\": " + $0.json } ?? "")
    }
}
