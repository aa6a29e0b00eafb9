import CalendarModel
import Foundation
import Platform

/// What `schedule` and `sync` share: read the timetable, make its resources, and track what changed
/// against the state file.
package struct ScheduleRun {
    package let schedule: ScheduleCalendar
    package let state: ScheduleState
    package let stamps: [String: ScheduleStamp]
    package let changes: ScheduleChanges

    /// The timetable as its calendar, each resource stamped as the state file says.
    package var calendar: Component { schedule.calendar(stamps: stamps) }

    package init(timetable path: String, base: String?, statePath: String?) throws {
        let base = try base.map { try Self.timetable(InputFile(path: $0).readAll(), file: $0, base: nil) }
        try self.init(timetable: Self.timetable(InputFile(path: path).readAll(), file: path, base: base), file: path, statePath: statePath)
    }

    /// `timetable`, read from `file`, against the state at `statePath` when given.
    package init(timetable: Timetable, file path: String, statePath: String?) throws {
        do {
            schedule = try ScheduleCalendar(timetable: timetable)
        } catch {
            throw InvalidCalendarData(
                diagnostics: [Diagnostic(.error, file: path, at: nil, error.description)], advice: Self.timetableAdvice)
        }
        let previous = try statePath.flatMap(Self.readState)
        do {
            (state, stamps, changes) = try ScheduleTracker.track(
                schedule.resources(), calendar: timetable.calendar.id,
                previous: previous, now: .nowUTC)
        } catch {
            throw InvalidCalendarData(
                diagnostics: [
                    Diagnostic(
                        .error, file: statePath ?? "-", at: nil,
                        "the state file is refused, not overwritten: \(error.description)")
                ],
                advice: Self.stateAdvice)
        }
    }

    /// The state, written whole or not at all.
    package func saveState(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try AtomicFile.write(Array(try encoder.encode(state)) + [0x0A], to: path)
    }

    /// One line a person reads: how many lectures were added, changed, removed and left alone.
    package var summary: String {
        "\(changes.added.count) added, \(changes.changed.count) changed, \(changes.removed.count) removed, \(changes.unchanged.count) unchanged"
    }

    private static let timetableAdvice =
        "correct the timetable (`calbridge schedule --help` lists its fields) and run the same command again"
    private static let stateAdvice = "the state file is left as it was; remove it to start afresh, or name another with --state"

    /// The timetable in `bytes`, JSON or CSV (which takes calendar, term and breaks from `base`).
    package static func timetable(_ bytes: [UInt8], file path: String, base: Timetable?) throws -> Timetable {
        do {
            if isCSV(path: path, bytes) {
                return try TimetableReader().read(csv: bytes, file: path, base: base)
            }
            return try TimetableReader().read(json: bytes, file: path)
        } catch {
            throw InvalidCalendarData(diagnostics: error.problems.map(Diagnostic.init(timetableProblem:)), advice: timetableAdvice)
        }
    }

    /// A timetable is CSV when its name says so, or, without a .json name (standard input, no
    /// extension), when its content is not JSON.
    private static func isCSV(path: String, _ bytes: [UInt8]) -> Bool {
        let name = path.lowercased()
        if name.hasSuffix(".csv") { return true }
        if name.hasSuffix(".json") { return false }
        // JSON (a timetable or not) begins with `{`, after a byte order mark and white space.
        let text = String(decoding: bytes.prefix(512), as: UTF8.self).drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        return !text.hasPrefix("{")
    }

    private static func readState(_ path: String) throws -> ScheduleState? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            return try JSONDecoder().decode(ScheduleState.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw InvalidCalendarData(
                diagnostics: [
                    Diagnostic(
                        .error, file: path, at: nil,
                        "is not a calbridge schedule state file (it is refused, not overwritten)")
                ], advice: stateAdvice)
        }
    }

}
