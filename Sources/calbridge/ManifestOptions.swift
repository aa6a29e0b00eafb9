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
        guard manifest != nil else {
            if shard != nil || journalDir != nil { throw ValidationError("--shard and --journal-dir go with --manifest") }
            return
        }
        if single { throw ValidationError("a manifest's rows name the inputs, stores, users and calendars: give no INPUTS, --to, --journal, --resume, --user or --calendar") }
        if !(1...64).contains(rowsAtOnce) { throw ValidationError("--rows-at-once takes 1 to 64 rows") }
        if case .failure(let problem) = ManifestShard.parse(shard ?? "0/1") { throw ValidationError(problem.message) }
    }

    /// Imports the rows, each row's outcome on standard error as it finishes (and as a JSON line
    /// with --json); exit 1 when a row failed.
    func run(create: Bool, jobs: Int, dryRun: Bool, policy: ReadingPolicy, json: Bool) throws {
        var job = ManifestImport(manifestPath: manifest!)
        (job.shard, job.journalFolder, job.rowsAtOnce) = (try ManifestShard.parse(shard ?? "0/1").get(), journalDir, rowsAtOnce)
        (job.create, job.jobs, job.dryRun, job.policy) = (create, jobs, dryRun, policy)
        let name = manifest!
        let outcome = try job.run { row in
            row.failed ? Terminal.write(row.text(manifest: name), to: .standardError) : Terminal.inform(row.text(manifest: name))
            if json { Terminal.write(row.json(manifest: name), to: .standardOutput) }
        }
        Terminal.inform(outcome.summary)
        if !outcome.failedRows.isEmpty { throw ExitCode(1) }
    }
}
