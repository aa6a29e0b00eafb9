/// What events, to-dos and journal entries have in common: a view over one component that reads
/// and writes its properties as typed values, leaving everything else in the component untouched.
public protocol CalendarItem: Sendable, Hashable {
    /// The component the view reads and writes.
    var component: Component { get set }
}

extension CalendarItem {
    public var uid: String? {
        get { component["UID"]?.text }
        set { component.set("UID", newValue.map { Property(name: "UID", value: TextEscaping.escape($0)) }) }
    }

    public var summary: String? {
        get { component["SUMMARY"]?.text }
        set { component.set("SUMMARY", newValue.map { Property(name: "SUMMARY", value: TextEscaping.escape($0)) }) }
    }

    public var notes: String? {
        get { component["DESCRIPTION"]?.text }
        set { component.set("DESCRIPTION", newValue.map { Property(name: "DESCRIPTION", value: TextEscaping.escape($0)) }) }
    }

    public var location: String? {
        get { component["LOCATION"]?.text }
        set { component.set("LOCATION", newValue.map { Property(name: "LOCATION", value: TextEscaping.escape($0)) }) }
    }

    public var url: String? {
        get { component["URL"]?.value }
        set { component.set("URL", newValue.map { Property(name: "URL", value: $0) }) }
    }

    public var start: DateValue? {
        get { component.date(named: "DTSTART") }
        set { component.set("DTSTART", newValue?.property(named: "DTSTART")) }
    }

    /// STATUS as written (`CONFIRMED`, `TENTATIVE`, `CANCELLED`, `NEEDS-ACTION`, …).
    public var status: String? {
        get { component["STATUS"]?.value.uppercased() }
        set { component.set("STATUS", newValue.map { Property(name: "STATUS", value: $0) }) }
    }

    public var sequence: Int {
        get { component["SEQUENCE"].flatMap { Int($0.value) } ?? 0 }
        set { component.set("SEQUENCE", Property(name: "SEQUENCE", value: String(newValue))) }
    }

    /// The occurrence an override replaces (RECURRENCE-ID).
    public var recurrenceID: DateValue? {
        get { component.date(named: "RECURRENCE-ID") }
        set { component.set("RECURRENCE-ID", newValue?.property(named: "RECURRENCE-ID")) }
    }

    /// The RRULEs as `expand` reads them (`RecurrenceRuleReading`); `validate` reports their problems.
    /// Setting writes every RRULE anew (one that could not be read, and so was not listed, goes too).
    public var recurrenceRules: [RecurrenceRule] {
        get { component.all("RRULE").compactMap { RecurrenceRuleReading($0.value).rule } }
        set { component.set("RRULE", newValue.map { Property(name: "RRULE", value: $0.icalendarText) }) }
    }

    /// CATEGORIES, every list of them in one; setting writes them as one CATEGORIES line.
    public var categories: [String] {
        get { component.all("CATEGORIES").flatMap(\.textList) }
        set {
            let line = Property(name: "CATEGORIES", value: newValue.map(TextEscaping.escape).joined(separator: ","))
            component.set("CATEGORIES", newValue.isEmpty ? [] : [line])
        }
    }

    /// The ORGANIZER, with every parameter it has.
    public var organizer: Attendee? {
        get { component["ORGANIZER"].map(Attendee.init(property:)) }
        set {
            component.set("ORGANIZER", newValue.map { Property(name: "ORGANIZER", parameters: $0.property.parameters, value: $0.address) })
        }
    }

    /// The ATTENDEEs in order; setting keeps each one's parameters.
    public var attendees: [Attendee] {
        get { component.all("ATTENDEE").map(Attendee.init(property:)) }
        set {
            component.set("ATTENDEE", newValue.map { Property(name: "ATTENDEE", parameters: $0.property.parameters, value: $0.address) })
        }
    }

    /// The VALARMs; setting keeps the item's other children where they are.
    public var alarms: [Alarm] {
        get { component.children(named: "VALARM").map(Alarm.init(component:)) }
        set { component.setChildren(named: "VALARM", newValue.map(\.component)) }
    }
}

/// A VEVENT, shaped like EventKit's event: title, start, end, all-day, location, notes, URL,
/// alarms, attendees and recurrence, and for birthday calendars the contact it belongs to.
public struct Event: CalendarItem {
    public var component: Component

    public init(component: Component = Component(name: "VEVENT")) {
        self.component = component
    }

    public var end: DateValue? {
        get { component.date(named: "DTEND") }
        set {
            component.set("DTEND", newValue?.property(named: "DTEND"))
            if newValue != nil { component.set("DURATION", nil) }
        }
    }

    /// DURATION, which stands instead of DTEND; setting one removes the other.
    public var duration: CalendarDuration? {
        get { component["DURATION"].flatMap { CalendarDuration(reading: $0.value) } }
        set {
            component.set("DURATION", newValue.map { Property(name: "DURATION", value: $0.icalendarText) })
            if newValue != nil { component.set("DTEND", nil) }
        }
    }

    public var isAllDay: Bool { start?.isAllDay ?? false }

    /// The UID of the contact card a birthday or anniversary event was made from (EventKit's
    /// birthday contact), kept in `X-CALBRIDGE-BIRTHDAY-CONTACT` so it survives a round trip.
    public var birthdayContact: String? {
        get { component["X-CALBRIDGE-BIRTHDAY-CONTACT"]?.text }
        set {
            component.set(
                "X-CALBRIDGE-BIRTHDAY-CONTACT",
                newValue.map { Property(name: "X-CALBRIDGE-BIRTHDAY-CONTACT", value: TextEscaping.escape($0)) })
        }
    }
}

/// A VTODO: a task with an optional due date and completion.
public struct Todo: CalendarItem {
    public var component: Component

    public init(component: Component = Component(name: "VTODO")) {
        self.component = component
    }

    /// DUE: when the to-do should be done.
    public var due: DateValue? {
        get { component.date(named: "DUE") }
        set { component.set("DUE", newValue?.property(named: "DUE")) }
    }

    /// COMPLETED: when it was done (a UTC time, as RFC 5545 asks).
    public var completed: DateValue? {
        get { component.date(named: "COMPLETED") }
        set { component.set("COMPLETED", newValue?.property(named: "COMPLETED")) }
    }
}

/// A VJOURNAL: a dated note.
public struct Journal: CalendarItem {
    public var component: Component

    public init(component: Component = Component(name: "VJOURNAL")) {
        self.component = component
    }
}
