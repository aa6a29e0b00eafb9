import AtomicOutput
import CalendarModel
import CalendarStores
import Foundation
import ICalendar
import ProgressReporting

/// Sends resources to a store, recording each in the journal, which is saved every few resources
/// and at the end so that an interruption loses at most the unsaved tail (sent again on resume).
/// A store that allows it gets several requests at once (a CalDAV server answers them in parallel).
///
/// A store that stops answering through all its retries (a server that went down) ends the batch:
/// every later resource would wait out the same retries, so the workers stop, the journal is saved
/// and `send` throws `ImportInterrupted`.
public final class ImportBatch: @unchecked Sendable {
    public let store: (any CalendarStore)?
    public let journalPath: String?
    public let dryRun: Bool
    private static let saveEvery = 50
    private static let concurrentRequests = 4

    /// Everything below is shared by the workers and touched only under `lock`.
    private let lock = NSLock()
    private var journal: ImportJournal
    private var outcome = Outcome()
    private var progress: ProgressLine
    private var done = 0
    private var saveError: Error?
    private var interruption: String?

    public struct Outcome: Sendable {
        public var created: [String] = [], updated: [String] = [], unchanged: [String] = []
        public var failed: [(String, String)] = []
        public var seconds = 0.0
    }

    /// - Parameter store: `nil` for a dry run into a store that does not exist yet.
    public init(store: (any CalendarStore)?, journal: ImportJournal, journalPath: String?, dryRun: Bool) {
        self.store = store
        self.journal = journal
        self.journalPath = journalPath
        self.dryRun = dryRun
        progress = ProgressLine("import", total: 0)
    }

    public func send(_ resources: [CalendarResource]) throws -> Outcome {
        let present = Dictionary(try (store?.list() ?? []).map { ($0.uid, $0.etag) }, uniquingKeysWith: { first, _ in first })
        progress = ProgressLine("import", total: resources.count)
        let workers = !dryRun && store?.allowsConcurrentWrites == true ? min(Self.concurrentRequests, resources.count) : 1
        if workers <= 1 {
            resources.forEach { send($0, etag: present[$0.uid]) }
        } else {
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                for index in stride(from: worker, to: resources.count, by: workers) {
                    send(resources[index], etag: present[resources[index].uid])
                }
            }
        }
        try lock.withLock {
            progress.finish()
            if let saveError { throw saveError }
            try saveJournal()
            outcome.seconds = progress.elapsed
            if let interruption {
                throw ImportInterrupted(reason: interruption, done: done, total: resources.count, journalPath: journalPath,
                                        outcome: outcome)
            }
        }
        return outcome
    }

    private func send(_ resource: CalendarResource, etag: String?) {
        guard lock.withLock({ interruption == nil }) else { return }
        var writer = ICalendarWriter()
        writer.write(resource.calendar)
        let hash = FNV1a.hex(writer.bytes)
        let sent = lock.withLock { journal.alreadySent(uid: resource.uid, hash: hash, storeEtag: etag) }
        var result: Result<String, Error>?
        if !sent && !dryRun, let store {
            result = Result { try store.put(uid: resource.uid, bytes: writer.bytes, expected: etag) }
        }
        lock.withLock {
            switch (sent, result) {
            case (true, _): outcome.unchanged.append(resource.uid)
            case (false, .failure(StoreError.unavailable(let reason))?):
                // Not counted as failed: the resume sends it again.
                interruption = interruption ?? reason
                return
            case (false, .failure(let error)?): outcome.failed.append((resource.uid, "\(error)"))
            case (false, .success(let newEtag)?):
                journal.entries[resource.uid] = ImportJournal.Entry(hash: hash, etag: newEtag)
                fallthrough
            case (false, nil):
                if etag == nil { outcome.created.append(resource.uid) } else { outcome.updated.append(resource.uid) }
            }
            done += 1
            if done % Self.saveEvery == 0 {
                do { try saveJournal() } catch { saveError = saveError ?? error }
            }
            progress.update(done: done)
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
public struct ImportInterrupted: Error {
    public var reason: String
    public var done: Int
    public var total: Int
    public var journalPath: String?
    public var outcome: ImportBatch.Outcome

    public var message: String {
        let next = journalPath.map { "the journal \($0) records what got there: run the same command with --resume once the server is back" }
            ?? "run the same command again once the server is back; what got there is updated, not duplicated"
        return "the store stopped answering after \(done) of \(total) resources (\(reason)); \(next)"
    }
}
