import ArgumentParser
import CalendarTransfer

/// `calbridge import`: every event of the inputs into a store, one resource per UID.
struct Import: ParsableCommand, ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Put every event of the inputs into a store, one resource per UID.",
        discussion: """
            Each series (an event with its overrides, one UID) becomes one resource with the VTIMEZONEs it \
            uses (from the tz database where the input has none). Inputs that define one TZID differently \
            keep their events' times: one definition from the tz database where it agrees with them, else \
            the later one renamed (Europe/Berlin-2), with a warning. A UID already in the store is updated, not duplicated. With --journal every resource sent \
            is recorded with the store's etag, saved as the import goes; after an interruption, the same \
            command with --resume sends only what is not there yet. Items the store refuses are listed and \
            the rest go on (exit 1). A server that stops answering through every retry ends the import \
            with exit 75 (safe to retry): run the same command with --resume once it is back. A create \
            whose answer was lost (a dropped connection, a killed run) and that the store holds as sent \
            counts as already there. A server that answers 429 gets fewer requests at once (halved at each, \
            none before its Retry-After) and the summary says where they settled. --json also prints the \
            report (created, updated, unchanged, failed, and pace after a 429) as one JSON object on \
            standard output.

            STORE is a directory (one .ics per UID) or a CalDAV URL: a collection, or a server root, \
            .well-known/caldav, principal or calendar home with --calendar NAME (`calbridge calendars URL` \
            lists them). A missing collection is made only with --create. The password comes from the \
            environment variable CALBRIDGE_PASSWORD, never from the command line.

            --manifest FILE.csv runs one import a row (columns input, store, user, calendar, password_env), \
            --rows-at-once rows at once, each with its journal in --journal-dir: the same command again \
            finishes what a kill left. --shard K/N takes every N-th row from row K, for N processes.

            Examples:
              calbridge import export.ics --to ~/.calendars/work
              calbridge import big.ics --to https://dav.example.org/ --calendar Work \\
                  --user me --journal big.journal
              calbridge import big.ics --to https://dav.example.org/cal/me/work/ \\
                  --user me --journal big.journal --resume
              calbridge import --manifest users.csv --shard 0/4 --create
            """)

    @Argument(
        help:
            "Calendars (ics, xcal, jcal, model json, caldav-xml) or directories of them; contact cards (.vcf) as their birthday calendar and timetables (JSON or CSV) as their calendar."
    )
    var inputs: [String] = []
    @Option(help: "The store: a directory or a CalDAV collection URL.")
    var to: String?
    @OptionGroup var access: StoreOptions
    @Flag(help: "Make the CalDAV collection when it does not exist yet (with --calendar: in the account's calendar home).")
    var create = false
    @Option(
        help:
            "Requests to send to a CalDAV server at once (a directory store writes one at a time); by default as many as the server is found to take, one for a server that serializes writes."
    )
    var jobs: Int?
    @Option(help: "Where to record what was sent, for --resume.")
    var journal: String?
    @Flag(help: "Finish an interrupted import: skip what the journal says is already in the store.")
    var resume = false
    @Flag(name: .customLong("dry-run"), help: "List what would be created and updated; write nothing.")
    var dryRun = false
    @Option(help: "A CSV file of imports, one a row: columns input, store, user, calendar, password_env (see Documentation/migrations.md).")
    var manifest: String?
    @Option(help: "With --manifest: only every N-th row from row K (rows counted from 0), as K/N, for one of N processes.")
    var shard: String?
    @Option(
        name: .customLong("journal-dir"), help: "With --manifest: the folder of the rows' journals (default: MANIFEST.journals beside it).")
    var journalDir: String?
    @Option(name: .customLong("rows-at-once"), help: "With --manifest: rows imported at once, each sending --jobs requests at once.")
    var rowsAtOnce = 4
    @OptionGroup var reading: ReadingOptions
    @OptionGroup var reporting: ReportingOptions

    func validate() throws {
        if manifest == nil, shard != nil || journalDir != nil { throw ValidationError("--shard and --journal-dir go with --manifest") }
        if manifest != nil, !inputs.isEmpty || to != nil || journal != nil || resume || access.user != nil || access.calendar != nil {
            throw ValidationError(
                "a manifest's rows name the inputs, stores, users and calendars: give no INPUTS, --to, --journal, --resume, --user or --calendar"
            )
        }
        if manifest == nil && (inputs.isEmpty || to == nil) {
            throw ValidationError("import needs INPUTS and --to STORE, or --manifest FILE.csv")
        }
        if resume && journal == nil { throw ValidationError("--resume needs the --journal of the interrupted import") }
        if let jobs, !(1...64).contains(jobs) { throw ValidationError("--jobs takes 1 to 64 requests at once") }
    }

    func run() throws {
        guard let to else { return try importManifest(manifest!) }
        var request = StoreImport(inputs: inputs, store: to, access: access.chosen)
        (request.create, request.jobs, request.journalPath, request.resume, request.dryRun) = (create, jobs, journal, resume, dryRun)
        let summary = try request.run(judging: { try reading.judge($0) }, interrupted: print)
        print(summary)
        if !summary.failed.isEmpty { throw ExitCode(1) }
    }

    /// `--manifest`: each row's outcome printed as it finishes (a JSON line too with --json); exit 1 when a row failed.
    private func importManifest(_ path: String) throws {
        var job = ManifestImport(manifestPath: path)
        (job.shard, job.journalFolder, job.rowsAtOnce) = (try ManifestShard.parse(shard ?? "0/1").get(), journalDir, rowsAtOnce)
        (job.create, job.jobs, job.dryRun, job.policy) = (create, jobs, dryRun, reading.policy)
        let outcome = try job.run { [json = reporting.json] row in
            row.failed ? Terminal.listFailures(row.text(manifest: path)) : Terminal.inform(row.text(manifest: path))
            if json { Terminal.write(row.json(manifest: path), to: .standardOutput) }
        }
        Terminal.inform(outcome.summary)
        if !outcome.failedRows.isEmpty { throw ExitCode(1) }
    }

    /// The report on standard error (one line, then each failure), and as JSON on standard output with --json.
    private func print(_ report: ImportReport) {
        Terminal.inform(report.summary)
        Terminal.listFailures(report.failures)
        if reporting.json { Terminal.write(report.json, to: .standardOutput) }
    }
}
