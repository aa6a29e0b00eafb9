/// One parameter of a content line (`TZID=Europe/Berlin`, `MEMBER="a","b"`), kept with every value
/// as written, unquoted.
public struct Parameter: Hashable, Sendable, Codable {
    /// The parameter name in upper case, as iCalendar compares names case-insensitively.
    public var name: String
    /// The values in the order written; most parameters have one.
    public var values: [String]

    public init(name: String, values: [String]) {
        self.name = name.uppercasedName
        self.values = values
    }

    /// For a reader that has put the name in upper case already (see `Property.init(upperCaseName:)`).
    package init(upperCaseName name: String, values: [String]) {
        self.name = name
        self.values = values
    }

    public init(_ name: String, _ value: String) {
        self.init(name: name, values: [value])
    }

    /// The first value, which is all a single-valued parameter has.
    public var value: String { values.first ?? "" }
}
