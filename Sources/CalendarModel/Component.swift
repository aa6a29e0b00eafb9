/// A node of the lossless document: a component (`VCALENDAR`, `VEVENT`, `VALARM`, `X-SOMETHING`…)
/// with its properties and children in the order they were read.
///
/// The friendly types (``EventCalendar``, ``Event``, ``Todo``, …) are views over components; anything they
/// have no field for stays here and is written back.
public struct Component: Sendable {
    /// The component name in upper case.
    public var name: String
    public var properties: [Property]
    public var components: [Component]
    /// Where the `BEGIN` line was in the input; not part of the component's identity.
    public var location: SourceLocation?

    public init(
        name: String, properties: [Property] = [], components: [Component] = [],
        location: SourceLocation? = nil
    ) {
        self.name = name.uppercasedName
        self.properties = properties
        self.components = components
        self.location = location
    }

    /// The first property with that name.
    public subscript(name: String) -> Property? {
        firstIndex(named: name).map { properties[$0] }
    }

    /// Where the first property with that name is. Only the names are looked at on the way, and
    /// nothing is copied: a lookup that answers whether a property is there, or reads one part of
    /// it, need not copy the whole property (expand and the checks do over a hundred thousand).
    package func firstIndex(named name: String) -> Int? {
        properties.indices.first { Self.same(properties[$0].name, name) }
    }

    /// Whether a property of that name is there, found without copying it.
    package func has(_ name: String) -> Bool {
        firstIndex(named: name) != nil
    }

    /// All properties with that name, in order.
    public func all(_ name: String) -> [Property] {
        properties.filter { Self.same($0.name, name) }
    }

    /// Name equality, ruling out names of another length first: a lookup passes most of a
    /// component's properties, and comparing their lengths is cheaper than comparing their text.
    private static func same(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a == b
    }

    /// Replaces every property of that name with `property`, or removes them all when it is `nil`.
    /// The replacement takes the place of the first one so the order of the rest is kept.
    public mutating func set(_ name: String, _ property: Property?) {
        let key = name.uppercased()
        let first = properties.firstIndex { $0.name == key }
        properties.removeAll { $0.name == key }
        guard let property else { return }
        // Removals all happen at or after `first`, so it is still the right place.
        properties.insert(property, at: first ?? properties.count)
    }

    /// Replaces every property of that name with `properties`, the first of them where the first old
    /// one stood (at the end when there was none), so the order of the rest is kept.
    public mutating func set(_ name: String, _ properties: [Property]) {
        let key = name.uppercased()
        let first = self.properties.firstIndex { $0.name == key } ?? self.properties.count
        self.properties.removeAll { $0.name == key }
        self.properties.insert(contentsOf: properties, at: min(first, self.properties.count))
    }

    /// Children with that component name.
    public func children(named name: String) -> [Component] {
        components.filter { $0.name == name }
    }

    /// Replaces the children with that component name by `children`: the i-th new one takes the
    /// place of the i-th old one, extra ones go at the end, and children of other names stay where
    /// they are (a calendar's VTIMEZONEs before its events, say).
    public mutating func setChildren(named name: String, _ children: [Component]) {
        var remaining = children[...]
        var result: [Component] = []
        for child in components {
            guard child.name == name else { result.append(child); continue }
            if let next = remaining.popFirst() { result.append(next) }
        }
        components = result + remaining
    }
}

extension Component: Hashable {
    public static func == (lhs: Component, rhs: Component) -> Bool {
        lhs.name == rhs.name && lhs.properties == rhs.properties && lhs.components == rhs.components
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(properties)
        hasher.combine(components)
    }
}

extension Component {
    /// The first property of that name read as a date or date-time (`DateValue(property:)`), read
    /// where it stands rather than copied out of the component: DTSTART alone is read several times
    /// an event by the checks and the expansion.
    package func date(named name: String) -> DateValue? {
        firstIndex(named: name).flatMap { DateValue.read(properties[$0].value, tzid: properties[$0][parameter: "TZID"]) }
    }
}
