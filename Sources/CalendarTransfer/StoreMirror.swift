import CalendarModel
import CalendarStores
import Platform

/// One run of `calbridge mirror SOURCE TARGET`: one-way and incremental. The source is asked only
/// for what changed since the state's mark (a sync token, else its ctag, else every etag), the
/// target's etags are read once, ``MirrorPlan`` decides, and the writes go through ``ImportBatch`` as an
/// import's do (skip-unchanged, `--jobs`), a chunk at a time with the state saved after each. The
/// mark moves on only when a run ends without failures, so what failed is asked for again.
package struct StoreMirror: Sendable {
    package var source: String
    package var target: String
    package var sourceAccess: StoreAccess
    package var targetAccess: StoreAccess
    /// Where the state is kept between runs; without one every run compares everything and no
    /// deletion is seen.
    package var statePath: String?
    package var deletes = false
    package var choice = ConflictChoice.skip
    package var dryRun = false
    /// Make the target's CalDAV collection when it is missing.
    package var create = false
    /// Writes at once; nil finds how many the target takes.
    package var jobs: Int?
    /// Writes between two saves of the state.
    package var chunkSize = 200

    package init(source: String, target: String, sourceAccess: StoreAccess, targetAccess: StoreAccess) {
        (self.source, self.target, self.sourceAccess, self.targetAccess) = (source, target, sourceAccess, targetAccess)
    }

    /// Runs the mirror. Throws what stops it: a store that cannot be opened, a state that is not
    /// this pair's, ``ImportInterrupted`` (the target went away part-way, the state saved) after handing
    /// `interrupted` the report of what got there.
    package func run(interrupted: (MirrorReport) -> Void = { _ in }) throws -> MirrorReport {
        var state =
            try statePath.map { try MirrorState.load(from: $0, source: source, target: target) }
            ?? MirrorState(source: source, target: target)
        let from = try StoreLocation.open(source, access: sourceAccess, create: false, makeDirectory: false)
        let label = try from.label()
        let opened = try StoreLocation.open(
            target, access: targetAccess, create: create, makeDirectory: !dryRun, dryRun: dryRun,
            label: label)
        if !dryRun { try opened?.adopt(label) }
        let changes = try from.changes(after: state.mark)
        var held: [String: (etag: String, bytes: [UInt8])] = [:]
        try opened?.contents { resource, bytes in held[resource.uid] = (resource.etag, bytes) }
        var plan = MirrorPlan(state: state, changes: changes, targetEtags: held.mapValues(\.etag), choice: choice, deletes: deletes)
        var report = MirrorReport(dryRun: dryRun)
        plan.add(read: try read(plan.hrefsToRead, from: from, into: &report))
        (report.conflicts, report.keptDeletions) = (plan.conflicts, plan.keptDeletions)
        let writing = MirrorTarget(store: opened ?? EmptyStore(), held: held)
        // One width for every chunk: the trials of the first and the pace the target's 429s set carry on.
        let concurrency = WriteConcurrency(jobs: jobs)
        if let server = opened as? CalDAVStore {
            server.onTooManyRequests = { retryAfter in concurrency.tooManyRequests(retryAfter: retryAfter) }
        }
        for (uid, entry) in plan.recorded { state.resources[uid] = entry }
        do {
            try write(plan, to: writing, concurrency: concurrency, state: &state, report: &report)
            try delete(plan, from: writing, state: &state, report: &report)
        } catch let stopped as ImportInterrupted {
            try save(state)
            close(&report, from: from, to: writing, concurrency: concurrency)
            interrupted(report)
            throw stopped
        }
        if report.failed.isEmpty { state.mark = changes.mark }
        try save(state)
        close(&report, from: from, to: writing, concurrency: concurrency)
        return report
    }

    /// The report's closing figures: the requests each store was sent and the pace the writes settled at.
    private func close(
        _ report: inout MirrorReport, from source: any CalendarStore, to writing: MirrorTarget,
        concurrency: WriteConcurrency
    ) {
        (report.sourceRequests, report.targetRequests) = (source.requestsSent, writing.requestsSent)
        report.pace = concurrency.settledPace
        report.sortByUID()
    }

    /// The source's resources at `hrefs` as resources to write, each UID once: a second file of a
    /// vdir holding a UID (a copy another tool left) is warned about and left out.
    private func read(_ hrefs: [String], from store: any CalendarStore, into report: inout MirrorReport) throws
        -> [(resource: CalendarResource, source: ResourceVersion)]
    {
        var read: [(resource: CalendarResource, source: ResourceVersion)] = []
        var hrefByUID: [String: String] = [:]
        try store.fetch(hrefs) { fetched in
            // A CalDAV href is a path of the server; a vdir's is a file name in the directory.
            let name = fetched.href.hasPrefix("/") ? fetched.href : source + "/" + fetched.href
            if let first = hrefByUID[fetched.uid] {
                report.diagnostics.append(
                    Diagnostic(
                        .violation, file: name, at: nil,
                        "holds UID \(fetched.uid), as \(first) does: only the first is copied"))
                return
            }
            hrefByUID[fetched.uid] = name
            switch MirrorResource.resource(from: fetched, named: name, diagnostics: &report.diagnostics) {
            case .success(let resource): read.append((resource, ResourceVersion(href: fetched.href, etag: fetched.etag)))
            case .failure(let failure): report.failed.append((failure.uid, failure.reason))
            }
        }
        return read
    }

    /// The plan's writes in chunks through ``ImportBatch``, the state saved after each, counted on one
    /// progress line.
    private func write(
        _ plan: MirrorPlan, to writing: MirrorTarget, concurrency: WriteConcurrency, state: inout MirrorState,
        report: inout MirrorReport
    ) throws {
        var progress = ProgressLine("mirror", total: plan.writes.count)
        for start in stride(from: 0, to: plan.writes.count, by: chunkSize) {
            let chunk = plan.writes[start..<min(start + chunkSize, plan.writes.count)]
            let batch = ImportBatch(
                store: writing, journal: ImportJournal(store: target), journalPath: nil, dryRun: dryRun,
                concurrency: concurrency, progress: progress)
            let outcome: ImportBatch.Outcome
            do {
                outcome = try batch.send(chunk.map(\.resource))
            } catch let stopped as ImportInterrupted {
                record(stopped.outcome, of: chunk, from: writing, in: &state, report: &report)
                throw stopped
            }
            progress = batch.progress
            record(outcome, of: chunk, from: writing, in: &state, report: &report)
            try save(state)
        }
    }

    private func record(
        _ outcome: ImportBatch.Outcome, of chunk: ArraySlice<(resource: CalendarResource, source: ResourceVersion)>,
        from writing: MirrorTarget, in state: inout MirrorState, report: inout MirrorReport
    ) {
        report.created += outcome.created
        report.updated += outcome.updated
        report.unchanged += outcome.unchanged
        report.failed += outcome.failed
        guard !dryRun else { return }
        let sources = Dictionary(chunk.map { ($0.resource.uid, $0.source) }, uniquingKeysWith: { _, last in last })
        for uid in outcome.created + outcome.updated + outcome.unchanged {
            guard let source = sources[uid], let etag = writing.etag(of: uid) else { continue }
            state.resources[uid] = MirrorState.Entry(
                sourceHref: source.href, sourceEtag: source.etag,
                targetHref: writing.href(of: uid), targetEtag: etag)
        }
    }

    /// The plan's deletions, each conditional on the etag the target had at the start; one the
    /// target changed in between is left there and listed as failed.
    private func delete(_ plan: MirrorPlan, from writing: MirrorTarget, state: inout MirrorState, report: inout MirrorReport) throws {
        for (uid, etag) in plan.deletions {
            guard !dryRun else {
                report.deleted.append(uid)
                continue
            }
            do {
                try writing.delete(uid: uid, expected: etag)
                report.deleted.append(uid)
                state.resources[uid] = nil
            } catch StoreError.notFound {
                state.resources[uid] = nil
            } catch StoreError.unavailable(let reason) {
                throw ImportInterrupted(
                    reason: reason, done: report.deleted.count, total: plan.deletions.count, journalPath: nil,
                    outcome: ImportBatch.Outcome())
            } catch {
                report.failed.append((uid, "\(error)"))
            }
        }
    }

    private func save(_ state: MirrorState) throws {
        guard let statePath, !dryRun else { return }
        try state.save(to: statePath)
    }
}

/// The target of a dry run into a store that does not exist yet: nothing there, nothing written.
private struct EmptyStore: CalendarStore {
    func list() throws -> [StoredResource] { [] }
    func get(uid: String) throws -> (bytes: [UInt8], etag: String)? { nil }
    func put(uid: String, bytes: [UInt8], expected: String?) throws -> String { "" }
    func delete(uid: String, expected: String?) throws {}
    func label() throws -> CalendarLabel { CalendarLabel() }
    func setLabel(_ label: CalendarLabel) throws {}
    func changes(after mark: ChangeMark?) throws -> StoreChanges {
        StoreChanges(changed: [], removed: [], mark: nil, isCompleteListing: true)
    }
    func fetch(_ hrefs: [String], _ body: (FetchedResource) throws -> Void) throws {}
}
