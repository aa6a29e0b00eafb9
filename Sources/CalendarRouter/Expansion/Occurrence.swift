import CalendarModel

/// One occurrence of an event or to-do in a window: when it starts and ends, which instance of its
/// series it is, and the component (master or override) that describes it.
public struct Occurrence: Sendable {
    public var uid: String
    /// The instance's original start, for members of a recurring series.
    public var recurrenceID: OccurrenceTime?
    public var start: OccurrenceTime
    /// Exclusive; for all-day occurrences the day after the last.
    public var end: OccurrenceTime
    public var component: Component

    public var isAllDay: Bool {
        if case .date = start { return true }
        return false
    }

    public var summary: String? { component["SUMMARY"]?.text }
    public var status: String? { component["STATUS"]?.value.uppercased() }
}

extension Occurrence {
    /// The occurrence from the earlier of its times to the later: a DTEND or DUE written before
    /// DTSTART (swapped by the producer) is shown forwards, once the instance was matched by DTSTART.
    var forwards: Occurrence {
        guard end.orderingSecond(floatingZone: nil) < start.orderingSecond(floatingZone: nil) else { return self }
        var swapped = self
        swap(&swapped.start, &swapped.end)
        return swapped
    }
}
