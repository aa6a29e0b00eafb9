/// Where a calendar's events come from, as EventKit's sources: kept on this machine, or owned by a
/// service (Exchange, Google, a CalDAV server) whose copy changes elsewhere.
public enum CalendarSource: Hashable, Sendable {
    case local
    case service(String)

    /// The form written in `X-CALBRIDGE-SOURCE`: `local` or `service:NAME`.
    public var text: String {
        switch self {
        case .local: return "local"
        case .service(let name): return "service:" + name
        }
    }

    public init?(text: String) {
        if text.lowercased() == "local" {
            self = .local
        } else if text.lowercased().hasPrefix("service:") {
            self = .service(String(text.dropFirst("service:".count)))
        } else {
            return nil
        }
    }
}

/// A calendar (one VCALENDAR): its name, colour, source, visibility and time zone, and the items
/// in it. A view over the lossless ``Component``, so whatever it has no field for is kept.
public struct EventCalendar: Hashable, Sendable {
    public var component: Component

    public init(component: Component = EventCalendar.empty) {
        self.component = component
    }

    /// A new calendar with the VERSION and PRODID every iCalendar object needs.
    public static let empty = Component(
        name: "VCALENDAR",
        properties: [
            Property(name: "VERSION", value: "2.0"),
            Property(name: "PRODID", value: CalbridgeVersion.productIdentifier),
        ])

    /// X-WR-CALNAME, else RFC 7986's NAME.
    public var name: String? {
        get { (component["X-WR-CALNAME"] ?? component["NAME"])?.text }
        set { component.set("X-WR-CALNAME", newValue.map { Property(name: "X-WR-CALNAME", value: TextEscaping.escape($0)) }) }
    }

    /// The colour as `#RRGGBB`: RFC 7986 COLOR when it holds hex, else Apple's X-APPLE-CALENDAR-COLOR.
    public var color: String? {
        get {
            let candidates = [component["COLOR"], component["X-APPLE-CALENDAR-COLOR"]].compactMap { $0?.value }
            return candidates.first { $0.hasPrefix("#") }.map { String($0.prefix(7)).uppercased() }
        }
        set {
            component.set("COLOR", newValue.map { Property(name: "COLOR", value: $0) })
            component.set("X-APPLE-CALENDAR-COLOR", newValue.map { Property(name: "X-APPLE-CALENDAR-COLOR", value: $0) })
        }
    }

    public var source: CalendarSource {
        get { component["X-CALBRIDGE-SOURCE"].flatMap { CalendarSource(text: $0.text) } ?? .local }
        set { component.set("X-CALBRIDGE-SOURCE", Property(name: "X-CALBRIDGE-SOURCE", value: newValue.text)) }
    }

    /// Whether a calendar app should hide it from view (`X-CALBRIDGE-HIDDEN:TRUE`).
    public var isHidden: Bool {
        get { component["X-CALBRIDGE-HIDDEN"]?.value.uppercased() == "TRUE" }
        set { component.set("X-CALBRIDGE-HIDDEN", newValue ? Property(name: "X-CALBRIDGE-HIDDEN", value: "TRUE") : nil) }
    }

    /// The calendar's default zone (X-WR-TIMEZONE, as Google and Apple write it).
    public var timeZone: String? {
        get { component["X-WR-TIMEZONE"]?.text }
        set { component.set("X-WR-TIMEZONE", newValue.map { Property(name: "X-WR-TIMEZONE", value: TextEscaping.escape($0)) }) }
    }

    /// The VEVENTs (a series' master and its overrides each count). Setting keeps every other
    /// component in its place: `calendar.events[0].summary = "…"` changes that one event.
    public var events: [Event] {
        get { component.children(named: "VEVENT").map(Event.init(component:)) }
        set { component.setChildren(named: "VEVENT", newValue.map(\.component)) }
    }

    /// The VTODOs; setting keeps every other component in its place.
    public var todos: [Todo] {
        get { component.children(named: "VTODO").map(Todo.init(component:)) }
        set { component.setChildren(named: "VTODO", newValue.map(\.component)) }
    }

    /// The VJOURNALs; setting keeps every other component in its place.
    public var journals: [Journal] {
        get { component.children(named: "VJOURNAL").map(Journal.init(component:)) }
        set { component.setChildren(named: "VJOURNAL", newValue.map(\.component)) }
    }

    /// Adds an event, a to-do or a journal entry after the calendar's other components.
    public mutating func add(_ item: some CalendarItem) {
        component.components.append(item.component)
    }
    /// The VTIMEZONE definitions, keyed by TZID.
    public var timeZoneDefinitions: [String: Component] {
        var zones: [String: Component] = [:]
        for zone in component.children(named: "VTIMEZONE") {
            if let tzid = zone["TZID"]?.value, zones[tzid] == nil { zones[tzid] = zone }
        }
        return zones
    }
}
