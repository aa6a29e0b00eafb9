import ArgumentParser
import CalendarTransfer

/// `mirror --manifest FILE.csv [--shard K/N]`: one mirror a row, for migrating many calendars.
struct MirrorManifestOptions: ParsableArguments {
    @Option(
        help:
            "A CSV file of mirrors, one a row: columns source, target, source_user, source_calendar, source_password_env, target_user, target_calendar, target_password_env (see Documentation/migrations.md)."
    )
    var manifest: String?
    @Option(help: "With --manifest: only every N-th row from row K (rows counted from 0), as K/N, for one of N processes.")
    var shard: String?
    @Option(name: .customLong("state-dir"), help: "With --manifest: the folder of the rows' states (default: MANIFEST.states beside it).")
    var stateDir: String?
    @Option(name: .customLong("rows-at-once"), help: "With --manifest: rows mirrored at once, each sending --jobs requests at once.")
    var rowsAtOnce = 4

    /// A manifest's rows name the stores and who to be there: nothing else may.
    func validate(stores: [String?], state: String?, access: [String?]) throws {
        if manifest == nil, shard != nil || stateDir != nil { throw ValidationError("--shard and --state-dir go with --manifest") }
        if manifest != nil, stores.contains(where: { $0 != nil }) || state != nil || access.contains(where: { $0 != nil }) {
            throw ValidationError(
                "a manifest's rows name the stores, users and calendars: give no SOURCE, TARGET, --state, --source-user, "
                    + "--target-user, --source-calendar or --target-calendar")
        }
        if manifest == nil, stores.contains(where: { $0 == nil }) {
            throw ValidationError("mirror needs SOURCE and TARGET, or --manifest FILE.csv")
        }
    }
}

extension Mirror {
    /// `--manifest`: each row's outcome printed as it finishes (a JSON line too with --json); exit 1 when a row failed.
    func mirrorManifest(_ path: String) throws {
        var job = ManifestMirror(manifestPath: path)
        (job.shard, job.stateFolder, job.rowsAtOnce) = (try ManifestShard.parse(rows.shard ?? "0/1").get(), rows.stateDir, rows.rowsAtOnce)
        (job.deletes, job.choice, job.dryRun, job.create, job.jobs) = (
            delete, ConflictChoice(rawValue: onConflict) ?? .skip, dryRun, create, jobs
        )
        let outcome = try job.run { [json = reporting.json] row in
            row.failed ? Terminal.listFailures(row.text(manifest: path)) : Terminal.inform(row.text(manifest: path))
            if json { Terminal.write(row.json(manifest: path), to: .standardOutput) }
        }
        Terminal.inform(outcome.summary)
        if !outcome.failedRows.isEmpty { throw ExitCode(1) }
    }
}
