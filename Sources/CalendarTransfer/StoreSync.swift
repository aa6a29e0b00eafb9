import CalendarModel
import CalendarStores
import ICalendar
import Platform
import Schedules

/// Applies one schedule run to a store: creates, updates and deletes only what the run says changed
/// (and restores what is missing from the store), each write conditional on what the store holds.
package struct StoreSync {
    package let store: any CalendarStore
    package let run: ScheduleRun

    package init(store: any CalendarStore, run: ScheduleRun) {
        self.store = store
        self.run = run
    }

    package struct Outcome: Sendable {
        package var created = 0, updated = 0, deleted = 0, untouched = 0
        package var failures: [String] = []
        package var summary: String { "\(created) created, \(updated) updated, \(deleted) deleted, \(untouched) untouched" }

        /// The changes the store refused, as the failure that ends the run, or nil when there are none.
        package var refusal: SyncRefusals? { failures.isEmpty ? nil : SyncRefusals(failures: failures) }
    }

    package func apply() throws -> Outcome {
        var outcome = Outcome()
        let present = Dictionary(try store.list().map { ($0.uid, $0.etag) }, uniquingKeysWith: { first, _ in first })
        let changed = Set(run.changes.changed + run.changes.added)
        let lectures = run.schedule.resources()
        var progress = ProgressLine("sync", total: lectures.count + run.changes.removed.count)
        defer { progress.finish() }
        for lecture in lectures {
            progress.advance(by: 1)
            let etag = present[lecture.uid]
            if etag != nil && !changed.contains(lecture.uid) {
                outcome.untouched += 1
                continue
            }
            guard try write(lecture.uid, &outcome, { try put(lecture, expected: etag) })
            else { continue }
            if etag == nil { outcome.created += 1 } else { outcome.updated += 1 }
        }
        for uid in run.changes.removed where present[uid] != nil {
            progress.advance(by: 1)
            // Gone already is what a delete is for: a retry whose first try got there, its answer lost, meets a 404.
            if try write(uid, &outcome, { do { try store.delete(uid: uid, expected: present[uid]) } catch StoreError.notFound {} }) {
                outcome.deleted += 1
            }
        }
        return outcome
    }

    /// One write to the store, `true` when it went through: a refusal is listed and the run goes on; a
    /// store gone away ends the run, since every later write would fail the same way after its own retries.
    private func write(_ uid: String, _ outcome: inout Outcome, _ action: () throws -> Void) throws -> Bool {
        do {
            try action()
            return true
        } catch StoreError.unavailable(let reason) {
            throw SyncInterrupted(done: outcome, reason: reason)
        } catch {
            outcome.failures.append("\(uid): \(error)")
            return false
        }
    }

    /// Writes one lecture as a whole iCalendar object: the calendar's properties, its VTIMEZONE, its
    /// events. A create whose outcome was unknown is settled by what the store holds.
    private func put(_ lecture: ScheduledLecture, expected: String?) throws {
        var calendar = EventCalendar()
        calendar.component.components =
            [run.schedule.vtimezone] + lecture.stamped(run.stamps[lecture.uid] ?? ScheduleStamp(sequence: 0, timestamp: nil))
        let bytes = ComponentReader.iCalendarText(calendar.component)
        guard let resource = CalendarResources.split(calendar.component).resources.first(where: { $0.uid == lecture.uid }) else {
            _ = try store.put(uid: lecture.uid, bytes: bytes, expected: expected)
            return
        }
        _ = try store.put(resource, bytes: bytes, expected: expected)
    }
}

/// Changes the store refused while the rest went through (exit 1). The state file is left as it
/// was, since it says what the store holds: the next sync tries the refused changes again.
package struct SyncRefusals: ExplainedFailure {
    package var failures: [String]
    package var kind: FailureKind { .someItemsFailed }

    package var message: String {
        "the store refused \(failures.count) of the changes; the state file is unchanged, so the next sync tries them again:\n"
            + failures.map { "  \($0)" }.joined(separator: "\n")
    }
}

/// The store stopped answering part-way: every later write would fail the same way, each after its
/// own retries, so the run stops at once (exit 75) with what it had done and the state file untouched.
package struct SyncInterrupted: ExplainedFailure {
    package var done: StoreSync.Outcome
    package var reason: String
    package var kind: FailureKind { .temporaryFailure }

    package var message: String {
        "the store stopped answering after \(done.summary) (\(reason)); the state file is unchanged: run the same sync again once the server is back"
    }
}
