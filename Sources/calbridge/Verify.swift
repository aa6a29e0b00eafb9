import ArgumentParser
import CalendarTransfer

/// `calbridge verify`: whether a target store holds what a source store holds.
struct Verify: ParsableCommand, ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Compare two stores by UID and content; exit 0 when they agree, 1 when not.",
        discussion: """
            Each resource is compared with the one of the same UID: its series, overrides and properties. \
            What servers rewrite is not a difference: DTSTAMP, PRODID and the other calendar properties, \
            the order of properties and parameters, line folding, list and duration spellings, and a \
            VTIMEZONE's text (zones are compared by their offsets; a zone left out is the tz database's). \
            Each finding is a line on standard output: "missing UID" (only on the source), "extra UID" \
            (only on the target) or "differs UID: the first difference"; --json writes them as JSON \
            objects (uid, status, difference). A store that cannot be reached exits as export does.

            --manifest FILE.csv verifies every row of a manifest of mirror rows (the file `mirror \
            --manifest` ran), --shard K/N every N-th row from row K; each row's findings are listed \
            under it, and a row that differs or cannot be read makes the exit 1.

            Examples:
              calbridge verify ~/.calendars/work https://dav.example.org/me/work/ \\
                  --target-user me
              calbridge verify https://old.example.org/me/work/ \\
                  https://new.example.org/me/work/ --source-user me --target-user me --json
              calbridge verify --manifest users.csv --shard 0/4
            """)

    @Argument(help: "The store that holds the calendar as it should be: a directory or a CalDAV URL.")
    var source: String?
    @Argument(help: "The store to check: a directory or a CalDAV URL.")
    var target: String?
    @OptionGroup var access: StorePairOptions
    @Option(help: "A CSV file of mirror rows (columns source, target, …, as mirror --manifest takes): verify each row's pair.")
    var manifest: String?
    @Option(help: "With --manifest: only every N-th row from row K (rows counted from 0), as K/N, for one of N processes.")
    var shard: String?
    @Option(name: .customLong("rows-at-once"), help: "With --manifest: rows verified at once.")
    var rowsAtOnce = 4
    @OptionGroup var reporting: ReportingOptions

    func validate() throws {
        if manifest == nil, shard != nil { throw ValidationError("--shard goes with --manifest") }
        let access = [access.sourceUser, access.targetUser, access.sourceCalendar, access.targetCalendar]
        if manifest != nil, source != nil || target != nil || access.contains(where: { $0 != nil }) {
            throw ValidationError(
                "a manifest's rows name the stores, users and calendars: give no SOURCE, TARGET, --source-user, "
                    + "--target-user, --source-calendar or --target-calendar")
        }
        if manifest == nil, source == nil || target == nil {
            throw ValidationError("verify needs SOURCE and TARGET, or --manifest FILE.csv")
        }
    }

    func run() throws {
        guard let source, let target else { return try verifyManifest(manifest ?? "") }
        let held = try StoreLocation.open(source, access: access.source, create: false, makeDirectory: false)
        let written = try StoreLocation.open(target, access: access.target, create: false, makeDirectory: false)
        let report = try StoreVerification(source: held, target: written).compare()
        Terminal.write(reporting.json ? report.jsonLines : report.text, to: .standardOutput)
        Terminal.inform("verify: \(report.summary)\n")
        if !report.agrees { throw ExitCode(1) }
    }

    /// `--manifest`: each row's findings printed as it finishes (a JSON line too with --json); exit 1 when a row differs or failed.
    private func verifyManifest(_ path: String) throws {
        var job = ManifestVerification(manifestPath: path)
        (job.shard, job.rowsAtOnce) = (try ManifestShard.parse(shard ?? "0/1").get(), rowsAtOnce)
        let outcome = try job.run { [json = reporting.json] row in
            row.failed ? Terminal.listFailures(row.text(manifest: path)) : Terminal.inform(row.text(manifest: path))
            if json { Terminal.write(row.json(manifest: path), to: .standardOutput) }
        }
        Terminal.inform(outcome.summary)
        if !outcome.failedRows.isEmpty { throw ExitCode(1) }
    }
}
