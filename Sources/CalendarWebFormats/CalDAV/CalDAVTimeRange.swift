import CalendarModel

/// The `time-range` of a calendar-query (RFC 4791 §9.9): the UTC span whose events the server
/// should return. Either end may be open.
package struct CalDAVTimeRange: Hashable, Sendable {
    /// Inclusive start, a UTC wall-clock time.
    package var start: LocalDateTime?
    /// Exclusive end, a UTC wall-clock time.
    package var end: LocalDateTime?

    package init(start: LocalDateTime?, end: LocalDateTime?) {
        self.start = start
        self.end = end
    }

    /// The attributes as RFC 4791 spells them: `start="20260101T000000Z"`.
    var attributes: [(name: String, value: String)] {
        var attributes: [(name: String, value: String)] = []
        if let start { attributes.append((name: "start", value: start.basicFormat + "Z")) }
        if let end { attributes.append((name: "end", value: end.basicFormat + "Z")) }
        return attributes
    }
}
