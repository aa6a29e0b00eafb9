import ArgumentParser
import CalendarModel
import CalendarTransfer

/// `import --manifest`: many imports in one job, a row of a CSV file each, spread over processes with --shard.
struct ManifestOptions: ParsableArguments {
    @Option(help: "A CSV file of imports, one a row: columns input, store, user, calendar, password_env (see the README).")
    var manifest: String?
    @Option(help: "With --manifest: only every N-th row from row K (rows counted from 0), as K/N, for one of N processes.")
    var shard: String?
    @Option(name: .customLong("journal-dir"), help: "With --manifest: the folder of the rows' journals (default: MANIFEST.journals beside it).")
    var journalDir: String?
    @Option(name: .customLong("rows-at-once"), help: "With --manifest: rows imported at once, each sending --jobs requests at once.")
    var rowsAtOnce = 4

    func validate(single: Bool) throws {
        if manifest == nil, shard != nil || journalDir != nil { throw ValidationError("--shard and --journal-dir go with --manifest") }
        if manifest != nil, single { throw ValidationError("a manifest's rows name the inputs, stores, users and calendars: give no INPUTS, --to, --journal, --resume, --user or --calendar") }
    }

    /// Imports the rows, each row's outcome on standard error as it finishes (and as a JSON line
    /// with --json); exit 1 when a row failed, 64 for a --shard that is not K/N with K < N and a
    /// --rows-at-once that is not 1 to 64.
    func run(create: Bool, jobs: Int, dryRun: Bool, policy: ReadingPolicy, json: Bool) throws {
        var job = ManifestImport(manifestPath: manifest!)
        (job.shard, job.journalFolder, job.rowsAtOnce) = (try ManifestShard.parse(shard ?? "0/1").get(), journalDir, rowsAtOnce)
        (job.create, job.jobs, job.dryRun, job.policy) = (create, jobs, dryRun, policy)
        let outcome = try job.run { [name = manifest!] row in
            row.failed ? Terminal.write(row.text(manifest: name), to: .standardError) : Terminal.inform(row.text(manifest: name))
            if json { Terminal.write(row.json(manifest: name), to: .standardOutput) }
        }
        Terminal.inform(outcome.summary)
        if !outcome.failedRows.isEmpty { throw ExitCode(1) }
    }
}
