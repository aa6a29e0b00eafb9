import CalendarModel

/// Writes a calendar as jCal (RFC 7265): each component `[name, [properties], [components]]`, each
/// property `[name, {parameters}, type, value…]` with the same typing as xCal.
public struct JCalWriter {
    public init() {}

    public func document(for calendar: Component) -> [UInt8] {
        var out = ""
        Self.json(for: calendar).write(into: &out)
        return Array((out + "\n").utf8)
    }

    static func json(for component: Component) -> JSONValue {
        .array([.string(component.name.lowercased()), .array(component.properties.map(json(for:))),
                .array(component.components.map(json(for:)))])
    }

    static func json(for property: Property) -> JSONValue {
        let type = ValueCodec.type(of: property)
        let parameters = property.parameters.filter { $0.name != "VALUE" }.map { parameter in
            (key: parameter.name.lowercased(),
             value: parameter.values.count == 1 ? JSONValue.string(parameter.values[0]) : .array(parameter.values.map(JSONValue.string)))
        }
        let values = ValueCodec.values(of: property, type: type).map { json(for: $0, type: type) }
        return .array([.string(property.name.lowercased()), .object(parameters), .string(type)] + values)
    }

    private static let numericRuleParts: Set<String> = ["count", "interval", "bysecond", "byminute", "byhour", "bymonthday",
                                                        "byyearday", "byweekno", "bymonth", "bysetpos"]

    static func json(for value: TypedValue, type: String) -> JSONValue {
        switch value {
        case .string(let text): return .string(text)
        case .number(let literal): return Double(literal) == nil ? .string(literal) : .number(literal)
        case .boolean(let flag): return .bool(flag)
        case .period(let start, let end, let duration): return .string(start + "/" + (end ?? duration ?? ""))
        case .parts(let parts): return .array(parts.map { json(for: $0, type: type) })
        case .recur(let parts):
            return .object(parts.map { part in
                let items = part.values.map { item -> JSONValue in
                    numericRuleParts.contains(part.name) && Int(item) != nil ? .number(item) : .string(item)
                }
                return (key: part.name, value: items.count == 1 ? items[0] : .array(items))
            })
        }
    }
}
