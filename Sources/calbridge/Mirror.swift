import ArgumentParser
import CalendarTransfer

/// `calbridge mirror`: one-way, incremental copy of one store into another.
struct Mirror: ParsableCommand, ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "mirror",
        abstract: "Copy one store into another, one way; later runs send only what changed.",
        discussion: """
            SOURCE and TARGET are stores: a directory (one .ics per UID) or a CalDAV URL, as for import \
            and export. The first run copies everything. The state file (--state) remembers the source's \
            sync token (RFC 6578) or ctag and, for each UID, the source's href and etag and the target's \
            href and etag; later runs ask the source only for what changed since (a server without sync \
            tokens: its ctag, then every etag; a directory: every file's size and modification time) and \
            write only that, leaving alone what the target already holds (as import does), --jobs \
            requests at once. Without --state nothing is remembered: every run compares everything and \
            sees no deletions.

            A resource deleted on the source is deleted on the target with --delete; without it the run \
            lists it and keeps it. A resource changed (or deleted) on the target since the last run is a \
            conflict, each one listed: --on-conflict source writes the source's version over it, target \
            keeps the target's from now on, skip (the default) leaves both and lists it again next run. \
            --dry-run prints the plan (created, updated, deleted, conflicts, with the UIDs) and writes \
            nothing; --json prints the report as one JSON object on standard output, with the requests \
            sent to each store. A target that answers 429 Too Many Requests sets how many writes go at \
            once (halved at each 429, widened again while writes succeed); the report then says the \
            pace they settled at (writes at once, writes a second).

            The state is saved after every 200 writes and at the end, so a killed run, run again, ends \
            with every resource there once: what the killed run wrote but did not record is found on the \
            target with the same content and recorded, not written again. Items the target refuses are \
            listed and the rest go on (exit 1; the next run tries them again); a server that stops \
            answering ends the run with exit 75: run the same command again.

            Credentials: --source-user and --target-user; the passwords come from the environment, \
            CALBRIDGE_SOURCE_PASSWORD and CALBRIDGE_TARGET_PASSWORD, each falling back to \
            CALBRIDGE_PASSWORD, never from the command line.

            Examples:
              calbridge mirror https://old.example.org/me/work/ \\
                  https://new.example.org/me/work/ --source-user me --target-user me \\
                  --state work.json --create
              calbridge mirror https://old.example.org/me/work/ ~/.calendars/work \\
                  --state work.json --delete
            """)

    @Argument(help: "The store to copy from: a directory or a CalDAV URL.")
    var source: String?
    @Argument(help: "The store to copy into: a directory (created when missing) or a CalDAV URL.")
    var target: String?
    @Option(help: "The state file remembering what was copied; created when missing.")
    var state: String?
    @Flag(help: "Delete on the target what was deleted on the source (without it, such resources are listed and kept).")
    var delete = false
    @Option(name: .customLong("on-conflict"), help: "For a resource changed on the target since the last run: source, target or skip.")
    var onConflict = "skip"
    @Flag(name: .customLong("dry-run"), help: "Print what would be created, updated and deleted and the conflicts; write nothing.")
    var dryRun = false
    @Flag(help: "Make the target's CalDAV collection when it does not exist yet.")
    var create = false
    @Option(help: "Requests to send to a CalDAV target at once; by default as many as the server is found to take.")
    var jobs: Int?
    @OptionGroup var access: StorePairOptions
    @OptionGroup var rows: MirrorManifestOptions
    @OptionGroup var reporting: ReportingOptions

    func validate() throws {
        try rows.validate(
            stores: [source, target], state: state,
            access: [access.sourceUser, access.targetUser, access.sourceCalendar, access.targetCalendar])
        guard ConflictChoice(rawValue: onConflict) != nil else {
            throw ValidationError("--on-conflict takes source, target or skip, not \(onConflict)")
        }
        if let jobs, !(1...64).contains(jobs) { throw ValidationError("--jobs takes 1 to 64 requests at once") }
    }

    func run() throws {
        guard let source, let target else { return try mirrorManifest(rows.manifest ?? "") }
        var mirror = StoreMirror(source: source, target: target, sourceAccess: access.source, targetAccess: access.target)
        (mirror.statePath, mirror.deletes, mirror.dryRun, mirror.create, mirror.jobs) = (state, delete, dryRun, create, jobs)
        mirror.choice = ConflictChoice(rawValue: onConflict) ?? .skip
        let report = try mirror.run(interrupted: print)
        print(report)
        if !report.failed.isEmpty { throw ExitCode(1) }
    }

    /// The report on standard error (the summary, the plan's and conflicts' lines, each failure), and
    /// as JSON on standard output with --json.
    private func print(_ report: MirrorReport) {
        Terminal.printDiagnostics(
            report.diagnostics, to: .standardError, limit: 20,
            whereTheRestAre: "`calbridge export SOURCE | calbridge validate -` lists them all")
        Terminal.inform(report.summary + report.details)
        Terminal.listFailures(report.failures)
        if reporting.json { Terminal.write(report.json, to: .standardOutput) }
    }
}
