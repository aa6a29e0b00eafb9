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
    /// Puts the earlier of its times first: a DTEND or DUE written before DTSTART (swapped by the
    /// producer) is shown forwards, once the instance was matched by DTSTART. In place, as every
    /// occurrence comes through here and a copy costs its component's references.
    mutating func runForwards() {
        guard end.orderingSecond(floatingZone: nil) < start.orderingSecond(floatingZone: nil) else { return }
        swap(&start, &end)
    }
}
