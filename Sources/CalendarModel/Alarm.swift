/// A VALARM: what to do (ACTION) and when (TRIGGER, a duration relative to the start or end, or a
/// UTC date-time).
public struct Alarm: Hashable, Sendable {
    public var component: Component

    public init(component: Component) {
        self.component = component
    }

    /// An alarm `offset` before (negative) or after the start, or the end with `relativeToEnd`;
    /// a DISPLAY alarm shows `description`, as RFC 5545 requires of it.
    public init(offset: CalendarDuration, relativeToEnd: Bool = false, action: String = "DISPLAY", description: String = "Reminder") {
        let related = relativeToEnd ? [Parameter("RELATED", "END")] : []
        self.init(
            action: action, description: description, trigger: Property(name: "TRIGGER", parameters: related, value: offset.icalendarText))
    }

    /// An alarm at one moment, whenever the item happens (`TRIGGER;VALUE=DATE-TIME`, in UTC).
    public init(at moment: LocalDateTime, action: String = "DISPLAY", description: String = "Reminder") {
        let trigger = Property(name: "TRIGGER", parameters: [.value(.dateTime)], value: DateValue.utc(moment).icalendarText)
        self.init(action: action, description: description, trigger: trigger)
    }

    private init(action: String, description: String, trigger: Property) {
        component = Component(
            name: "VALARM",
            properties: [
                Property(name: "ACTION", value: action.uppercased()),
                trigger,
                Property(name: "DESCRIPTION", value: TextEscaping.escape(description)),
            ])
    }

    public var action: String? { component["ACTION"]?.value.uppercased() }

    /// The trigger as written (`-PT15M`, `19980101T050000Z`).
    public var trigger: String? { component["TRIGGER"]?.value }

    /// Whether a relative trigger counts from the end rather than the start (`RELATED=END`).
    public var isRelativeToEnd: Bool {
        component["TRIGGER"]?[parameter: "RELATED"]?.uppercased() == "END"
    }

    /// The relative trigger, when it is one.
    public var offset: CalendarDuration? {
        component["TRIGGER"].flatMap { CalendarDuration(reading: $0.value) }
    }

    /// The absolute trigger (a UTC date-time), when it is one.
    public var moment: LocalDateTime? {
        guard let trigger = component["TRIGGER"], case .utc(let moment)? = DateValue(property: trigger) else { return nil }
        return moment
    }
}

/// An ATTENDEE or ORGANIZER: a calendar address (`mailto:`) with the parameters that describe the
/// person and their answer.
public struct Attendee: Hashable, Sendable {
    public var property: Property

    public init(property: Property) {
        self.property = property
    }

    /// A person by address (`mailto:ada@example.org`), with their name, role and answer when given.
    public init(address: String, name: String? = nil, role: String? = nil, participationStatus: String? = nil) {
        property = Property(name: "ATTENDEE", value: address)
        self.name = name
        self.role = role
        self.participationStatus = participationStatus
    }

    /// The calendar address (`mailto:…`).
    public var address: String {
        get { property.value }
        set { property.value = newValue }
    }

    /// CN: the name to show.
    public var name: String? {
        get { property[parameter: "CN"] }
        set { property.setParameter("CN", newValue) }
    }

    /// PARTSTAT: `ACCEPTED`, `DECLINED`, `TENTATIVE`, `NEEDS-ACTION`, …
    public var participationStatus: String? {
        get { property[parameter: "PARTSTAT"]?.uppercased() }
        set { property.setParameter("PARTSTAT", newValue?.uppercased()) }
    }

    /// ROLE: `CHAIR`, `REQ-PARTICIPANT`, `OPT-PARTICIPANT`, `NON-PARTICIPANT`.
    public var role: String? {
        get { property[parameter: "ROLE"]?.uppercased() }
        set { property.setParameter("ROLE", newValue?.uppercased()) }
    }

    /// CUTYPE: `INDIVIDUAL`, `GROUP`, `RESOURCE`, `ROOM`, `UNKNOWN`.
    public var kind: String? {
        get { property[parameter: "CUTYPE"]?.uppercased() }
        set { property.setParameter("CUTYPE", newValue?.uppercased()) }
    }
}
