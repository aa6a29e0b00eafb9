/// A VALARM: what to do (ACTION) and when (TRIGGER, a duration relative to the start or end, or a
/// UTC date-time).
public struct Alarm: Hashable, Sendable {
    public var component: Component

    public init(component: Component) {
        self.component = component
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
}

/// An ATTENDEE or ORGANIZER: a calendar address (`mailto:`) with the parameters that describe the
/// person and their answer.
public struct Attendee: Hashable, Sendable {
    public var property: Property

    public init(property: Property) {
        self.property = property
    }

    public var address: String { property.value }
    public var name: String? { property[parameter: "CN"] }
    /// PARTSTAT: `ACCEPTED`, `DECLINED`, `TENTATIVE`, `NEEDS-ACTION`, …
    public var participationStatus: String? { property[parameter: "PARTSTAT"]?.uppercased() }
    public var role: String? { property[parameter: "ROLE"]?.uppercased() }
}
