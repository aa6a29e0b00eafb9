import ArgumentParser
import CalendarModel
import CalendarStores
import ICalendar
import Schedules

/// `calbridge sync`: keeps a store in step with a timetable, writing only what changed.
struct Sync: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Keep a calendar store in step with a timetable: create, update and delete only what changed.",
        discussion: """
        The store is a local directory holding one .ics file per UID (the vdir layout khal and \
        vdirsyncer use), or a CalDAV collection. Each lecture is one resource: its event, its overrides and the VTIMEZONE. The \
        state file says what the store holds since the last run; a run with nothing changed touches \
        nothing. The state is saved only when every change reached the store: after a failure (exit 1) \
        or a server that stopped answering (exit 75), running the same sync again finishes the job.

        Examples:
          calbridge sync semester.json --to ~/.calendars/uni --state uni.state.json
        """)

    @Argument(help: "The timetable (JSON, or CSV with --base).")
    var timetable: String

    @Option(help: "The store: a directory (created when missing) or a CalDAV collection URL.")
    var to: String

    @OptionGroup var access: StoreAccess

    @Flag(help: "Make the CalDAV collection when it does not exist yet.")
    var create = false

    @Option(help: "The state file remembering what was written; created when missing.")
    var state: String

    @Option(help: "For a CSV timetable: the JSON timetable giving the calendar, term and breaks.")
    var base: String?

    @OptionGroup var reporting: ReportingOptions

    func run() throws {
        reporting.apply()
        do {
            let run = try ScheduleRun(timetable: timetable, base: base, statePath: state)
            let store = try StoreLocation.open(to, access: access, create: create, makeDirectory: true)
            let outcome: StoreSync.Outcome
            do {
                outcome = try StoreSync(store: store, run: run).apply()
            } catch let interrupted as SyncInterrupted {
                Terminal.error("\(to): the store stopped answering after \(interrupted.done.summary) (\(interrupted.reason)); "
                               + "the state file is unchanged: run the same sync again once the server is back")
                throw ExitStatus.temporaryFailure
            }
            Terminal.inform("sync: \(outcome.summary)\n")
            guard outcome.failures.isEmpty else {
                // The state is what the store holds; a change that did not get there must be tried again.
                Terminal.write(outcome.failures.map { $0 + "\n" }.joined(), to: .standardError)
                Terminal.error("the state file is unchanged, so the next sync tries these again")
                throw ExitCode(1)
            }
            try run.saveState(to: state)
        } catch let error as ExitCode {
            throw error
        } catch {
            throw ExitStatus.report(error)
        }
    }
}

/// Applies one schedule run to a store: creates, updates and deletes only what the run says changed
/// (and restores what is missing from the store), each write conditional on what the store holds.
struct StoreSync {
    let store: any CalendarStore
    let run: ScheduleRun

    struct Outcome {
        var created = 0, updated = 0, deleted = 0, untouched = 0
        var failures: [String] = []
        var summary: String { "\(created) created, \(updated) updated, \(deleted) deleted, \(untouched) untouched" }
    }

    func apply() throws -> Outcome {
        var outcome = Outcome()
        let present = Dictionary(try store.list().map { ($0.uid, $0.etag) }, uniquingKeysWith: { first, _ in first })
        let changed = Set(run.changes.changed + run.changes.added)
        let lectures = run.schedule.resources()
        var progress = Progress("sync", total: lectures.count + run.changes.removed.count)
        defer { progress.finish() }
        for lecture in lectures {
            progress.advance(by: 1)
            let etag = present[lecture.uid]
            if etag != nil && !changed.contains(lecture.uid) {
                outcome.untouched += 1
                continue
            }
            guard try write(lecture.uid, &outcome, { try store.put(uid: lecture.uid, bytes: resource(lecture), expected: etag) })
            else { continue }
            if etag == nil { outcome.created += 1 } else { outcome.updated += 1 }
        }
        for uid in run.changes.removed where present[uid] != nil {
            progress.advance(by: 1)
            if try write(uid, &outcome, { try store.delete(uid: uid, expected: present[uid]) }) { outcome.deleted += 1 }
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

    /// One lecture as a whole iCalendar object: the calendar's properties, its VTIMEZONE, its events.
    private func resource(_ lecture: ScheduledLecture) -> [UInt8] {
        var calendar = EventCalendar()
        calendar.component.components = [run.schedule.vtimezone] + lecture.stamped(run.stamps[lecture.uid] ?? ScheduleStamp(sequence: 0, timestamp: nil))
        var writer = ICalendarWriter()
        writer.write(calendar.component)
        return writer.bytes
    }
}

/// The store stopped answering part-way: every later write would fail the same way, each after its
/// own retries, so the run stops at once (exit 75) with what it had done and the state file untouched.
struct SyncInterrupted: Error {
    var done: StoreSync.Outcome
    var reason: String
}
