import CalendarModel

/// One lecture as a calendar resource: its master event and overrides, which share its UID and are
/// stored, hashed and sequenced together.
package struct ScheduledLecture: Hashable, Sendable {
    package var lectureID: String
    package var uid: String
    package var master: Component
    package var overrides: [Component]

    /// A fingerprint of everything a calendar app shows: changes exactly when the lecture or one of
    /// its changes does (DTSTAMP and SEQUENCE are left out, being what a change sets).
    package var contentHash: String {
        var text = ""
        for component in [master] + overrides {
            text += component.name + "\n"
            for property in component.properties {
                text +=
                    property.name + ";"
                    + property.parameters.map { $0.name + "=" + $0.values.joined(separator: ",") }.joined(separator: ";") + ":"
                    + property.value + "\n"
            }
        }
        return FNV1a.hex(text.utf8)
    }

    /// The events with DTSTAMP and SEQUENCE as the change tracker decided.
    package func stamped(_ stamp: ScheduleStamp) -> [Component] {
        ([master] + overrides).map { component in
            var event = Event(component: component)
            event.sequence = stamp.sequence
            if let timestamp = stamp.timestamp {
                event.component.set("DTSTAMP", DateValue.utc(timestamp).property(named: "DTSTAMP"))
            }
            return event.component
        }
    }
}

/// What the change tracker gives each lecture's events: its SEQUENCE and DTSTAMP.
package struct ScheduleStamp: Hashable, Sendable, Codable {
    package var sequence: Int
    package var timestamp: LocalDateTime?

    package init(sequence: Int, timestamp: LocalDateTime?) {
        self.sequence = sequence
        self.timestamp = timestamp
    }
}
