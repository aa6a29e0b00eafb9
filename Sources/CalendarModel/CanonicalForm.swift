extension Component {
    /// The component with properties and children in a fixed order, so that two components that
    /// say the same thing in a different order compare equal: what "semantically the same" means
    /// for round trips and for comparing a store's contents with its input.
    public var canonicalForm: Component {
        var copy = self
        copy.location = nil
        copy.properties = properties.map { property in
            var p = property
            p.location = nil
            // Parameter order carries no meaning in iCalendar.
            p.parameters.sort { ($0.name, $0.values.joined(separator: ",")) < ($1.name, $1.values.joined(separator: ",")) }
            return p
        }.sorted { $0.sortKey < $1.sortKey }
        copy.components = components.map(\.canonicalForm).sorted { $0.sortKey < $1.sortKey }
        return copy
    }

    private var sortKey: String {
        name + "\u{1}" + properties.map(\.sortKey).joined(separator: "\u{2}")
            + "\u{3}" + components.map(\.sortKey).joined(separator: "\u{4}")
    }
}

extension Property {
    fileprivate var sortKey: String {
        name + "\u{1}" + value + "\u{1}" + parameters.map { $0.name + "=" + $0.values.joined(separator: ",") }.joined(separator: ";")
    }
}
