import CalendarModel

/// What `calbridge schedule --state` remembers between runs: for each lecture's UID a hash of what
/// was emitted, its SEQUENCE and DTSTAMP, so a re-run bumps only what changed (RFC 5545 §3.8.7.4)
/// and can say what was added, changed and removed. Written as JSON, atomically, by the caller.
package struct ScheduleState: Codable, Hashable, Sendable {
    /// What one lecture's events were last emitted as.
    package struct Entry: Codable, Hashable, Sendable {
        package var lecture: String
        package var hash: String
        package var sequence: Int
        /// DTSTAMP as iCalendar writes it (`20261122T153000Z`).
        package var timestamp: String
    }

    package static let formatName = "calbridge-schedule-state"

    package var format = ScheduleState.formatName
    package var version = 1
    package var calendar: String
    package var lectures: [String: Entry]

    package init(calendar: String, lectures: [String: Entry] = [:]) {
        self.calendar = calendar
        self.lectures = lectures
    }
}

/// What a run changed, by UID, for the report and for `sync`.
package struct ScheduleChanges: Hashable, Sendable {
    package var added: [String] = []
    package var changed: [String] = []
    package var removed: [String] = []
    package var unchanged: [String] = []

    package var isEmpty: Bool { added.isEmpty && changed.isEmpty && removed.isEmpty }
}

/// Why a state file is refused rather than overwritten.
package struct ScheduleStateError: Error, Sendable, CustomStringConvertible {
    package var description: String
}

/// Compares this run's lectures with the state of the last and decides each one's SEQUENCE and DTSTAMP.
package enum ScheduleTracker {
    /// The new state, the stamps to write the events with, and what changed.
    package static func track(
        _ resources: [ScheduledLecture], calendar: String, previous: ScheduleState?,
        now: LocalDateTime
    ) throws(ScheduleStateError) -> (ScheduleState, [String: ScheduleStamp], ScheduleChanges) {
        if let previous {
            guard previous.format == ScheduleState.formatName, previous.version == 1 else {
                throw ScheduleStateError(
                    description: "it is not a calbridge schedule state (format \(previous.format), version \(previous.version))")
            }
            guard previous.calendar == calendar else {
                throw ScheduleStateError(
                    description: "it belongs to calendar \(previous.calendar), not \(calendar); use another state file")
            }
        }
        let stamp = DateValue.utc(now).icalendarText
        var state = ScheduleState(calendar: calendar)
        var stamps: [String: ScheduleStamp] = [:]
        var changes = ScheduleChanges()
        for resource in resources {
            let hash = resource.contentHash
            var entry = ScheduleState.Entry(lecture: resource.lectureID, hash: hash, sequence: 0, timestamp: stamp)
            if let old = previous?.lectures[resource.uid] {
                if old.hash == hash {
                    entry = old
                    changes.unchanged.append(resource.uid)
                } else {
                    entry.sequence = old.sequence + 1
                    changes.changed.append(resource.uid)
                }
            } else {
                changes.added.append(resource.uid)
            }
            state.lectures[resource.uid] = entry
            stamps[resource.uid] = ScheduleStamp(sequence: entry.sequence, timestamp: DateValue(icalendar: entry.timestamp)?.local)
        }
        changes.removed = (previous?.lectures.keys.filter { state.lectures[$0] == nil } ?? []).sorted()
        return (state, stamps, changes)
    }
}
