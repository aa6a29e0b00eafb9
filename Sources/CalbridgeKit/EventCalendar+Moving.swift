import Occurrences
import TimeZones
import Foundation

extension EventCalendar {
    /// Moves one occurrence to start at `startDate`, keeping its length, as EventKit saves an event
    /// with the span "this event": an event that happens once is moved itself; an instance of a
    /// series gets an override (RECURRENCE-ID) — or its override is moved — and the rest of the
    /// series stays. Times keep their kind (zoned in their zone, all-day as days); SEQUENCE goes up.
    ///
    /// - Returns: whether the occurrence's event was found in this calendar.
    @discardableResult
    public mutating func move(_ occurrence: Occurrence, to startDate: Date) -> Bool {
        let shift = startDate.timeIntervalSince(occurrence.startDate)
        let resolver = TimeZoneResolver(calendar: component)
        let key = { (value: DateValue) in resolver.time(value).orderingSecond(floatingZone: nil) }
        let uid = occurrence.uid
        let series = component.components.indices.filter {
            component.components[$0].name == occurrence.event.component.name && component.components[$0]["UID"]?.text == uid
        }
        let instance = occurrence.recurrenceID
        // The component that is this occurrence: the override for its instance, else the one-off event.
        if let index = series.first(where: { i in
            let written = component.components[i].date(named: "RECURRENCE-ID")
            return instance.map { id in written.map(key) == key(id) } ?? (written == nil)
        }) {
            component.components[index] = Self.shifted(component.components[index], by: shift)
            return true
        }
        guard let instance, let masterIndex = series.first(where: { !component.components[$0].has("RECURRENCE-ID") }) else { return false }
        var override = occurrence.event.component
        for name in ["RRULE", "RDATE", "EXDATE", "EXRULE"] { override.set(name, nil) }
        override.set("RECURRENCE-ID", instance.property(named: "RECURRENCE-ID"))
        // The instance as the series has it, then moved like any other.
        var view = Event(component: override)
        view.start = instance
        if case .date(let day) = instance, view.end != nil {
            view.end = .date(day.adding(days: max(1, Int((occurrence.interval.duration / 86_400).rounded()))))
        } else if view.end != nil {
            view.endDate = occurrence.endDate
        }
        override = Self.shifted(view.component, by: shift)
        // A copy made here has no place in the file it was read from.
        override.location = nil
        component.components.insert(override, at: (series.last ?? masterIndex) + 1)
        return true
    }

    /// The component with DTSTART, DTEND and DUE moved by `shift` in their own kinds, and SEQUENCE raised.
    private static func shifted(_ component: Component, by shift: TimeInterval) -> Component {
        var view = Event(component: component)
        for name in ["DTSTART", "DTEND", "DUE"] {
            guard let property = view.component[name], let value = DateValue(property: property) else { continue }
            let moved = value.at(value.date() + shift)
            var written = moved.property(named: name)
            // Parameters besides VALUE and TZID (an X- one, say) stay on the line.
            written.parameters += property.parameters.filter { $0.name != "VALUE" && $0.name != "TZID" }
            view.component.set(name, written)
        }
        view.sequence += 1
        return view.component
    }
}
