import CalendarModel

/// Reads jCal (RFC 7265) into the lossless model, restoring VALUE where a property's type is not
/// its default and escaping text again for iCalendar.
public struct JCalReader {
    public init() {}

    /// The VCALENDAR components of a jCal document (one calendar, or an array of them).
    public func calendars(from bytes: [UInt8]) throws(DocumentError) -> [Component] {
        let json = try JSONText.parse(bytes)
        guard case .array(let items) = json, let first = items.first else {
            throw DocumentError(line: 1, column: 1, "not jCal: the document must be an array such as [\"vcalendar\", [...], [...]]")
        }
        if case .string = first { return [try component(json, path: "$")] }
        return try items.enumerated().map { (index, item) throws(DocumentError) in try component(item, path: "$[\(index)]") }
    }

    private func component(_ json: JSONValue, path: String, depth: Int = 0) throws(DocumentError) -> Component {
        guard depth < JSONText.maximumDepth, case .array(let parts) = json, parts.count == 3, case .string(let name) = parts[0],
              case .array(let properties) = parts[1], case .array(let children) = parts[2] else {
            throw DocumentError("\(path): a component must be [name, [properties], [components]]")
        }
        var result = Component(name: name.uppercased())
        for (index, item) in properties.enumerated() {
            result.properties.append(try property(item, path: "\(path)[1][\(index)]"))
        }
        for (index, item) in children.enumerated() {
            result.components.append(try component(item, path: "\(path)[2][\(index)]", depth: depth + 1))
        }
        return result
    }

    private func property(_ json: JSONValue, path: String) throws(DocumentError) -> Property {
        guard case .array(let parts) = json, parts.count >= 4, case .string(let rawName) = parts[0],
              case .object(let parameterPairs) = parts[1], case .string(let type) = parts[2] else {
            throw DocumentError("\(path): a property must be [name, {parameters}, type, value, …]")
        }
        let name = rawName.uppercased()
        var parameters = try parameterPairs.map { pair throws(DocumentError) -> Parameter in
            switch pair.value {
            case .string(let value): return Parameter(pair.key, value)
            case .array(let values):
                return Parameter(name: pair.key, values: values.map { if case .string(let s) = $0 { s } else { "" } })
            default: throw DocumentError("\(path): parameter \(pair.key) must be a string or an array of strings")
            }
        }
        if ValueCodec.needsValueParameter(type, property: name) && !parameters.contains(where: { $0.name == "VALUE" }) {
            parameters.append(Parameter("VALUE", type.uppercased()))
        }
        let values = parts[3...].map { typedValue($0, type: type) }
        let raw = type == ValueTypeTable.unknown
            ? values.map { if case .string(let s) = $0 { s } else if case .number(let n) = $0 { n } else { "" } }.joined(separator: ",")
            : ValueCodec.raw(values, type: type)
        return Property(name: name, parameters: parameters, value: raw)
    }

    private func typedValue(_ json: JSONValue, type: String) -> TypedValue {
        switch json {
        case .string(let text):
            guard type == "period" else { return .string(text) }
            let halves = text.split(separator: "/", maxSplits: 1).map(String.init)
            guard halves.count == 2 else { return .string(text) }
            let isDuration = halves[1].hasPrefix("P") || halves[1].hasPrefix("-P") || halves[1].hasPrefix("+P")
            return .period(start: halves[0], end: isDuration ? nil : halves[1], duration: isDuration ? halves[1] : nil)
        case .number(let literal): return .number(literal)
        case .bool(let flag): return .boolean(flag)
        case .null: return .string("")
        case .array(let items):
            // Some writers (python icalendar) give a period as [start, end]; read it as the period it is.
            if type == "period", items.count == 2, case .string(let start) = items[0], case .string(let end) = items[1] {
                return typedValue(.string(start + "/" + end), type: type)
            }
            return .parts(items.map { typedValue($0, type: type) })
        case .object(let pairs):
            return .recur(pairs.map { pair in
                let values: [JSONValue]
                if case .array(let items) = pair.value { values = items } else { values = [pair.value] }
                return (pair.key, values.map { value in
                    switch value {
                    case .string(let s), .number(let s): return s
                    default: return ""
                    }
                })
            })
        }
    }
}
