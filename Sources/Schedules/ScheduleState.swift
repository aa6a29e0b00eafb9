import CalendarModel

/// What `calbridge schedule --state` remembers between runs: for each lecture's UID a hash of what
/// was emitted, its SEQUENCE and DTSTAMP, so a re-run bumps only what changed (RFC 5545 §3.8.7.4)
/// and can say what was added, changed and removed. Written as JSON, atomically, by the caller.
public struct ScheduleState: Codable, Hashable, Sendable {
    /// What one lecture's events were last emitted as.
    public struct Entry: Codable, Hashable, Sendable {
        public var lecture: String
        public var hash: String
        public var sequence: Int
        /// DTSTAMP as iCalendar writes it (`20261122T153000Z`).
        public var timestamp: String
    }

    public static let formatName = "calbridge-schedule-state"

    public var format = ScheduleState.formatName
    public var version = 1
    public var calendar: String
    public var lectures: [String: Entry]

    public init(calendar: String, lectures: [String: Entry] = [:]) {
        self.calendar = calendar
        self.lectures = lectures
    }
}

/// What a run changed, by UID, for the report and for `sync`.
public struct ScheduleChanges: Hashable, Sendable {
    public var added: [String] = []
    public var changed: [String] = []
    public var removed: [String] = []
    public var unchanged: [String] = []

    public var isEmpty: Bool { added.isEmpty && changed.isEmpty && removed.isEmpty }
}

/// Why a state file is refused rather than overwritten.
public struct ScheduleStateError: Error, Sendable, CustomStringConvertible {
    public var description: String
}

/// Compares this run's lectures with the state of the last and decides each one's SEQUENCE and DTSTAMP.
public enum ScheduleTracker {
    /// The new state, the stamps to write the events with, and what changed.
    public static func track(_ resources: [ScheduledLecture], calendar: String, previous: ScheduleState?,
                             now: LocalDateTime) throws(ScheduleStateError) -> (ScheduleState, [String: ScheduleStamp], ScheduleChanges) {
        if let previous {
            guard previous.format == ScheduleState.formatName, previous.version == 1 else {
                throw ScheduleStateError(description: "it is not a calbridge schedule state (format \(previous.format), version \(previous.version))")
            }
            guard previous.calendar == calendar else {
                throw ScheduleStateError(description: "it belongs to calendar \(previous.calendar), not \(calendar); use another state file")
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
