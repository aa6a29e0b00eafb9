import CalendarModel
import OrderedCollections
import TimeZones

/// The occurrences of every event and to-do of a calendar in a half-open window, sorted by start
/// and then UID: what `calbridge expand` prints and what week and day views consume.
package struct CalendarExpansion {
    private let resolver: TimeZoneResolver
    private let series: [SeriesExpansion]
    /// How many rule instances one expansion may generate before it stops with an error: a budget,
    /// so a rule that repeats every second over a long window fails clearly instead of filling memory.
    package var budget = 5_000_000

    package init(calendar: Component, resolver: TimeZoneResolver? = nil) {
        self.resolver = resolver ?? TimeZoneResolver(calendar: calendar)
        var byKey: OrderedDictionary<SeriesKey, SeriesExpansion> = [:]
        for (index, component) in calendar.components.enumerated() where Self.expands(component) {
            byKey[SeriesKey(of: component, index: index), default: SeriesExpansion()].add(component)
        }
        series = Array(byKey.values)
    }

    /// Every property an expansion reads from an event or to-do, with the texts an ``Occurrence`` offers
    /// (summary, status): a reader may leave the others out (see `PropertySelection`).
    package static let propertiesRead = PropertyDesignTable.entries.filter { $0.expansionRole != nil }.map(\.name)

    /// Whether a top-level component has occurrences: events and to-dos do.
    package static func expands(_ component: Component) -> Bool {
        component.role == .series
    }

    /// The zone a TZID resolves to in this calendar, for callers that show times.
    package func zone(for tzid: String) -> (any ZoneRules)? {
        resolver.zone(for: tzid)
    }

    /// Occurrences overlapping [start, end). With a `zone` both bounds, floating times and dates are
    /// read in it; without one each event's window is read in the event's own zone (floating and
    /// all-day ones on the wall clock), as a person asking for "1 to 8 March" means it.
    package mutating func occurrences(
        from start: LocalDateTime, to end: LocalDateTime,
        in zone: (any ZoneRules)?
    ) throws(ExpansionBudgetExceeded) -> [Occurrence] {
        let window = SeriesExpansion.Window(start: start, end: end, zone: zone)
        var remaining = budget
        var found: [Occurrence] = []
        for member in series {
            found += try member.occurrences(in: window, resolver: resolver, budget: &remaining)
        }
        // Sort small keys, not the occurrences themselves, which are large to move.
        let keys = found.map { $0.start.orderingSecond(floatingZone: zone) }
        let order = found.indices.sorted { (keys[$0], found[$0].uid) < (keys[$1], found[$1].uid) }
        return order.map { found[$0] }
    }
}

/// What groups components into one series: their type and UID, so a to-do that shares its UID with
/// an event is a series of its own.
package struct SeriesKey: Hashable, Sendable {
    package var isTodo: Bool
    package var uid: String

    /// `index` is the component's place among the calendar's components, which names one without a UID.
    package init(of component: Component, index: Int) {
        isTodo = component.name == "VTODO"
        uid = component["UID"]?.text ?? "calbridge-no-uid-\(index)"
    }

    init(isTodo: Bool, uid: String) {
        self.isTodo = isTodo
        self.uid = uid
    }
}
