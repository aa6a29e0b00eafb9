import CalendarModel
import CalendarStores
import Foundation
import ICalendar
import Platform

/// Sends resources to a store, recording each in the journal, which is saved every few resources
/// and at the end so that an interruption loses at most the unsaved tail (sent again on resume).
/// A store that allows it gets several requests at once (a CalDAV server answers them in parallel),
/// as many as `--jobs` says or, without it, as many as the server is found to take (see
/// ``WriteConcurrency``).
///
/// A store that stops answering through all its retries (a server that went down) ends the batch:
/// every later resource would wait out the same retries, so the workers stop, the journal is saved
/// and `send` throws ``ImportInterrupted``.
///
/// `@unchecked Sendable`: the workers share it; what changes while they send is touched only under
/// `lock`, and what the store holds (`stored`) is read before they start and only read after.
package final class ImportBatch: @unchecked Sendable {
    package let store: (any CalendarStore)?
    package let journalPath: String?
    package let dryRun: Bool
    private static let saveEvery = 50
    /// Writes at once to a store that takes them: `--jobs`, or found while sending.
    package let concurrency: WriteConcurrency

    /// Everything below is shared by the workers and touched only under `lock`.
    private let lock = NSLock()
    private var journal: ImportJournal
    private var outcome = Outcome()
    /// The line the writes are counted on: the batch's own, or one it was handed and hands back.
    package private(set) var progress: ProgressLine
    private let countsOnOwnLine: Bool
    private var done = 0
    private var saveError: Error?
    private var interruption: String?
    private var repeatedFailures = RepeatedFailures()
    /// The next resource a worker takes.
    private var nextIndex = 0
    /// The bytes the store holds by UID, read once before sending; only read after that.
    private var stored: [String: [UInt8]] = [:]

    package struct Outcome: Sendable {
        package var created: [String] = [], updated: [String] = [], unchanged: [String] = []
        package var failed: [(String, String)] = []
        package var seconds = 0.0
        /// How the writes settled when the server answered 429; nil when it never did.
        package var pace: WritePace?
    }

    /// - Parameter store: `nil` for a dry run into a store that does not exist yet.
    /// - Parameter jobs: writes at once; nil finds how many the server takes.
    package convenience init(store: (any CalendarStore)?, journal: ImportJournal, journalPath: String?, dryRun: Bool, jobs: Int? = nil) {
        self.init(store: store, journal: journal, journalPath: journalPath, dryRun: dryRun, concurrency: WriteConcurrency(jobs: jobs))
    }

    /// - Parameter concurrency: the writes at once, shared by batches that write one run's resources in parts.
    /// - Parameter progress: the line to count on, carried from batch to batch of one run; nil: the
    ///   batch's own, `import`.
    package init(
        store: (any CalendarStore)?, journal: ImportJournal, journalPath: String?, dryRun: Bool,
        concurrency: WriteConcurrency, progress: ProgressLine? = nil
    ) {
        self.concurrency = concurrency
        if let server = store as? CalDAVStore {
            server.onTooManyRequests = { [concurrency] retryAfter in concurrency.tooManyRequests(retryAfter: retryAfter) }
        }
        self.store = store
        self.journal = journal
        self.journalPath = journalPath
        self.dryRun = dryRun
        self.progress = progress ?? ProgressLine("import", total: 0)
        countsOnOwnLine = progress == nil
    }

    package func send(_ resources: [CalendarResource]) throws -> Outcome {
        let present: [String: String], held: [String: [UInt8]]
        do {
            (present, held) = try storeContents()
        } catch StoreError.unavailable(let reason) {
            // The store answered discovery and then broke off (a listing cut short): a run again finishes.
            throw ImportInterrupted(reason: reason, done: 0, total: resources.count, journalPath: journalPath, outcome: outcome)
        }
        stored = held
        if countsOnOwnLine { progress = ProgressLine("import", total: resources.count) }
        let workers = !dryRun && store?.allowsConcurrentWrites == true ? min(concurrency.threads, resources.count) : 1
        if workers <= 1 {
            resources.forEach { send($0, etag: present[$0.uid]) }
        } else {
            // Threads of their own: each mostly waits on the network, and concurrentPerform would
            // run no more of them at once than there are cores. Each takes the next resource.
            let finished = DispatchGroup()
            for _ in 0..<workers {
                finished.enter()
                Thread {
                    while let index = self.lock.withLock({ () -> Int? in
                        defer { self.nextIndex += 1 }
                        return self.nextIndex < resources.count ? self.nextIndex : nil
                    }) {
                        self.send(resources[index], etag: present[resources[index].uid])
                    }
                    finished.leave()
                }.start()
            }
            finished.wait()
        }
        try lock.withLock {
            progress.finish()
            if let saveError { throw saveError }
            try saveJournal()
            outcome.seconds = progress.elapsed
            outcome.pace = concurrency.settledPace
            if let interruption {
                throw ImportInterrupted(
                    reason: interruption, done: done, total: resources.count, journalPath: journalPath,
                    outcome: outcome)
            }
        }
        return outcome
    }

    /// Each UID the store holds with its etag and bytes, to leave alone what already says the same:
    /// one REPORT on a server.
    private func storeContents() throws -> (etags: [String: String], bytes: [String: [UInt8]]) {
        var etags: [String: String] = [:]
        var bytes: [String: [UInt8]] = [:]
        try store?.contents { resource, held in
            etags[resource.uid] = resource.etag
            bytes[resource.uid] = held
        }
        return (etags, bytes)
    }

    private func send(_ resource: CalendarResource, etag: String?) {
        guard lock.withLock({ interruption == nil }) else { return }
        var writer = ICalendarWriter()
        writer.write(resource.calendar)
        let hash = FNV1a.hex(writer.bytes)
        var sent = lock.withLock { journal.alreadySent(uid: resource.uid, hash: hash, storeEtag: etag) }
        if !sent, let etag, let held = stored[resource.uid], StoredSeries.holds(held, sameAs: resource) {
            sent = true
            lock.withLock { journal.entries[resource.uid] = ImportJournal.Entry(hash: hash, etag: etag) }
        }
        var result: Result<String, Error>?
        if !sent && !dryRun, let store {
            concurrency.enter()
            let written = Result { try store.put(resource, bytes: writer.bytes, expected: etag) }
            concurrency.leave()
            if case .success(let (held, true)) = written {
                sent = true
                lock.withLock { journal.entries[resource.uid] = ImportJournal.Entry(hash: hash, etag: held) }
            }
            result = written.map(\.etag)
        }
        lock.withLock {
            switch (sent, result) {
            case (true, _): outcome.unchanged.append(resource.uid)
            case (false, .failure(StoreError.unavailable(let reason))?):
                // Not counted as failed: the resume sends it again.
                interruption = interruption ?? reason
                return
            case (false, .failure(StoreError.failedRepeatedly(let reason))?) where !repeatedFailures.isItemsOwn():
                interruption = interruption ?? reason
                return
            case (false, .failure(let error)?): outcome.failed.append((resource.uid, "\(error)"))
            case (false, .success(let newEtag)?):
                repeatedFailures.succeeded()
                journal.entries[resource.uid] = ImportJournal.Entry(hash: hash, etag: newEtag)
                fallthrough
            case (false, nil):
                if etag == nil { outcome.created.append(resource.uid) } else { outcome.updated.append(resource.uid) }
            }
            done += 1
            if done % Self.saveEvery == 0 {
                do { try saveJournal() } catch { saveError = saveError ?? error }
            }
            progress.advance(by: 1)
        }
    }

    /// Called under `lock`.
    private func saveJournal() throws {
        guard let journalPath, !dryRun else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try AtomicFile.write(Array(try encoder.encode(journal)), to: journalPath)
    }
}

/// The store stopped answering part-way through an import (exit 75: safe to retry). What got there
/// is in the journal, when there is one; the rest is sent by the same command with --resume.
package struct ImportInterrupted: ExplainedFailure {
    package var reason: String
    package var done: Int
    package var total: Int
    package var journalPath: String?
    package var outcome: ImportBatch.Outcome
    package var kind: FailureKind { .temporaryFailure }

    package var message: String {
        let next =
            journalPath.map { "the journal \($0) records what got there: run the same command with --resume once the server is back" }
            ?? "run the same command again once the server is back; what got there is updated, not duplicated"
        return "the store stopped answering after \(done) of \(total) resources (\(reason)); \(next)"
    }
}
