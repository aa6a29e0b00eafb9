/// One content line of an iCalendar object: a name, its parameters and the value exactly as written
/// (still escaped), so that whatever calbridge has no field for is written back unchanged.
public struct Property: Sendable, Codable {
    /// The property name in upper case (`DTSTART`, `X-WR-CALNAME`, an IANA name calbridge does not know).
    public var name: String
    public var parameters: [Parameter]
    /// The raw value text: TEXT values keep their backslash escapes, lists keep their commas.
    public var value: String
    /// Where the line began in the input; not part of the property's identity.
    public var location: SourceLocation?

    public init(name: String, parameters: [Parameter] = [], value: String, location: SourceLocation? = nil) {
        self.name = name.uppercasedName
        self.parameters = parameters
        self.value = value
        self.location = location
    }

    /// For a reader that has put the name in upper case already, from its bytes: every line read
    /// comes through here, and the name is not looked at again.
    package init(upperCaseName name: String, parameters: [Parameter], value: String, location: SourceLocation?) {
        self.name = name
        self.parameters = parameters
        self.value = value
        self.location = location
    }

    /// The first value of the named parameter, if the property has it.
    public subscript(parameter name: String) -> String? {
        parameters.first { $0.name == name }?.value
    }

    /// Sets (or with `nil` removes) a single-valued parameter.
    public mutating func setParameter(_ name: String, _ value: String?) {
        let key = name.uppercased()
        parameters.removeAll { $0.name == key }
        if let value { parameters.append(Parameter(key, value)) }
    }

    /// The value decoded as TEXT (RFC 5545 §3.3.11).
    public var text: String { TextEscaping.unescape(value) }

    /// The value split at unescaped commas and decoded, for multi-valued TEXT such as CATEGORIES.
    public var textList: [String] { TextEscaping.splitList(value).map(TextEscaping.unescape) }
}

extension Property {
    private enum CodingKeys: String, CodingKey {
        case name, parameters, value
    }

    /// The raw JSON form: name, value and, when there are any, parameters; never the source location.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try container.decode(String.self, forKey: .name),
            parameters: try container.decodeIfPresent([Parameter].self, forKey: .parameters) ?? [],
            value: try container.decode(String.self, forKey: .value))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        if !parameters.isEmpty { try container.encode(parameters, forKey: .parameters) }
        try container.encode(value, forKey: .value)
    }
}

extension Property: Hashable {
    public static func == (lhs: Property, rhs: Property) -> Bool {
        lhs.name == rhs.name && lhs.parameters == rhs.parameters && lhs.value == rhs.value
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(parameters)
        hasher.combine(value)
    }
}

extension Property {
    /// The name under which a line that could not be read as a property travels: the whole line is
    /// its value, which xCal, jCal and model JSON carry as unknown text, and the iCalendar writer
    /// writes it back as the line it was (SPEC, "Reading messy input").
    /// A constant rather than a stored global, so the check below inlines without an accessor call.
    @inlinable package static var unreadableLineName: String { "X-CALBRIDGE-UNREADABLE-LINE" }

    /// A line kept as written because it could not be read as a property.
    package static func unreadableLine(_ text: String, location: SourceLocation?) -> Property {
        Property(upperCaseName: unreadableLineName, parameters: [], value: text, location: location)
    }

    /// Whether this is a line kept as written (see `unreadableLine`); asked of every property written.
    @inlinable
    package var isUnreadableLine: Bool {
        name.utf8.count == Self.unreadableLineName.utf8.count && name == Self.unreadableLineName
    }
}
