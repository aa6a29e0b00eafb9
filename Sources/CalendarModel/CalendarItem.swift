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
        get { component["DTSTART"].flatMap(DateValue.init(property:)) }
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
        get { component["RECURRENCE-ID"].flatMap(DateValue.init(property:)) }
        set { component.set("RECURRENCE-ID", newValue?.property(named: "RECURRENCE-ID")) }
    }

    /// The RRULEs as `expand` reads them (`RecurrenceRuleReading`); `validate` reports their problems.
    public var recurrenceRules: [RecurrenceRule] {
        component.all("RRULE").compactMap { RecurrenceRuleReading($0.value).rule }
    }

    public var categories: [String] {
        component.all("CATEGORIES").flatMap(\.textList)
    }

    public var organizer: Attendee? {
        component["ORGANIZER"].map(Attendee.init(property:))
    }

    public var attendees: [Attendee] {
        component.all("ATTENDEE").map(Attendee.init(property:))
    }

    public var alarms: [Alarm] {
        component.children(named: "VALARM").map(Alarm.init(component:))
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
        get { component["DTEND"].flatMap(DateValue.init(property:)) }
        set { component.set("DTEND", newValue?.property(named: "DTEND")) }
    }

    public var duration: CalendarDuration? {
        component["DURATION"].flatMap { CalendarDuration(reading: $0.value) }
    }

    public var isAllDay: Bool { start?.isAllDay ?? false }

    /// The UID of the contact card a birthday or anniversary event was made from (EventKit's
    /// birthday contact), kept in `X-CALBRIDGE-BIRTHDAY-CONTACT` so it survives a round trip.
    public var birthdayContact: String? {
        get { component["X-CALBRIDGE-BIRTHDAY-CONTACT"]?.text }
        set {
            component.set("X-CALBRIDGE-BIRTHDAY-CONTACT",
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

    public var due: DateValue? {
        component["DUE"].flatMap(DateValue.init(property:))
    }

    public var completed: DateValue? {
        component["COMPLETED"].flatMap(DateValue.init(property:))
    }
}

/// A VJOURNAL: a dated note.
public struct Journal: CalendarItem {
    public var component: Component

    public init(component: Component = Component(name: "VJOURNAL")) {
        self.component = component
    }
}
