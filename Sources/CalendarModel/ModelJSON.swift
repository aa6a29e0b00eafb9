/// The model as JSON: a component becomes an object with `type`, its well-known properties under
/// typed keys (`summary`, `start`, `attendees`, …, from ``PropertyDesignTable``), the rest under
/// `properties` as raw name/parameters/value, and its children under `components`.
///
/// A property goes typed only when the typed form writes it back exactly; otherwise it stays raw,
/// so JSON → iCalendar gives back every property, parameter and value. calbridge reads model JSON
/// with its own JSON reader (CalendarDocuments' `ModelJSONDocument`, for line and column); this
/// `Decodable` is what that reader is held to, input for input.
package struct ModelJSON: Codable, Hashable, Sendable {
    package var component: Component

    package init(_ component: Component) {
        self.component = component
    }

    /// A date in JSON: `{"date": "2026-03-29"}`, `{"dateTime": "2026-03-29T10:00:00"}` (floating),
    /// `{"dateTime": "2026-03-29T08:00:00Z"}`, or with `"timeZone": "Europe/Berlin"`.
    package struct JSONDate: Codable {
        package var date: String?
        package var dateTime: String?
        package var timeZone: String?

        package init(date: String?, dateTime: String?, timeZone: String?) {
            (self.date, self.dateTime, self.timeZone) = (date, dateTime, timeZone)
        }
    }

    /// A calendar address and every parameter it had.
    package struct JSONAddress: Codable {
        package var address: String
        package var parameters: [Parameter]?

        package init(address: String, parameters: [Parameter]?) {
            (self.address, self.parameters) = (address, parameters)
        }
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    package func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(component.name, forKey: Key("type"))
        var raw: [Property] = []
        var typed: [String: [Property]] = [:]
        for property in component.properties {
            if let definition = PropertyDesignTable.design(for: property.name), let field = definition.modelField,
                definition.isRepeatable || typed[field.key] == nil,
                Self.typedForm(of: property, field.shape) != nil
            {
                typed[field.key, default: []].append(property)
            } else {
                raw.append(property)
            }
        }
        for (definition, field) in Self.fields {
            guard let properties = typed[field.key] else { continue }
            let values = properties.compactMap { Self.typedForm(of: $0, field.shape) }
            if definition.isRepeatable {
                try container.encode(values, forKey: Key(field.key))
            } else {
                try container.encode(values[0], forKey: Key(field.key))
            }
        }
        if !raw.isEmpty { try container.encode(raw, forKey: Key("properties")) }
        if !component.components.isEmpty {
            try container.encode(component.components.map(ModelJSON.init), forKey: Key("components"))
        }
    }

    package init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        var result = Component(name: try container.decode(String.self, forKey: Key("type")))
        for (definition, field) in Self.fields where container.contains(Key(field.key)) {
            let key = Key(field.key)
            let values =
                definition.isRepeatable
                ? try container.decode([TypedValue].self, forKey: key)
                : [try container.decode(TypedValue.self, forKey: key)]
            for value in values {
                result.properties.append(
                    try value.property(
                        named: definition.name, shape: field.shape,
                        codingPath: container.codingPath + [key]))
            }
        }
        result.properties += try container.decodeIfPresent([Property].self, forKey: Key("properties")) ?? []
        result.components =
            try container.decodeIfPresent([ModelJSON].self, forKey: Key("components"))?
            .map(\.component) ?? []
        component = result
    }

    /// The properties the JSON holds typed, with their fields, in the design table's order.
    package static let fields = PropertyDesignTable.entries.compactMap { design in design.modelField.map { (design, $0) } }

    /// The typed JSON form of a property, or `nil` when that form would not write it back exactly.
    static func typedForm(of property: Property, _ shape: ValueShape) -> TypedValue? {
        let value: TypedValue?
        switch shape {
        case .text: value = property.parameters.isEmpty ? .text(property.text) : nil
        case .textList: value = property.parameters.isEmpty ? .list(property.textList) : nil
        case .verbatim: value = property.parameters.isEmpty ? .text(property.value) : nil
        case .integer: value = property.parameters.isEmpty ? Int(property.value).map(TypedValue.integer) : nil
        case .calendarAddress:
            value = .address(
                JSONAddress(
                    address: property.value,
                    parameters: property.parameters.isEmpty ? nil : property.parameters))
        case .dateTime:
            value = DateValue(property: property).map { .date(JSONDate($0)) }
        }
        guard let value,
            (try? value.property(named: property.name, shape: shape, codingPath: [])) == property
        else { return nil }
        return value
    }
}

/// One typed JSON value, in whichever form its shape takes.
package enum TypedValue: Codable, Hashable {
    case text(String)
    case list([String])
    case integer(Int)
    case date(ModelJSON.JSONDate)
    case address(ModelJSON.JSONAddress)

    package init(from decoder: Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let int = try? single.decode(Int.self) {
            self = .integer(int)
        } else if let text = try? single.decode(String.self) {
            self = .text(text)
        } else if let list = try? single.decode([String].self) {
            self = .list(list)
        } else if let address = try? single.decode(ModelJSON.JSONAddress.self) {
            self = .address(address)
        } else {
            self = .date(try single.decode(ModelJSON.JSONDate.self))
        }
    }

    package func encode(to encoder: Encoder) throws {
        var single = encoder.singleValueContainer()
        switch self {
        case .text(let v): try single.encode(v)
        case .list(let v): try single.encode(v)
        case .integer(let v): try single.encode(v)
        case .date(let v): try single.encode(v)
        case .address(let v): try single.encode(v)
        }
    }

    package func property(named name: String, shape: ValueShape, codingPath: [CodingKey]) throws -> Property {
        switch (self, shape) {
        case (.text(let v), .text): return Property(name: name, value: TextEscaping.escape(v))
        case (.text(let v), .verbatim): return Property(name: name, value: v)
        case (.list(let v), .textList): return Property(name: name, value: v.map(TextEscaping.escape).joined(separator: ","))
        case (.integer(let v), .integer): return Property(name: name, value: String(v))
        case (.address(let v), .calendarAddress): return Property(name: name, parameters: v.parameters ?? [], value: v.address)
        case (.date(let v), .dateTime):
            guard let date = v.dateValue else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: codingPath,
                        debugDescription:
                            "expected {\"date\": \"YYYY-MM-DD\"} or {\"dateTime\": \"YYYY-MM-DDThh:mm:ss[Z]\", \"timeZone\": …}"))
            }
            return date.property(named: name)
        default:
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "this key holds a value of another type"))
        }
    }
}

extension ModelJSON.JSONDate: Hashable {
    init(_ value: DateValue) {
        switch value {
        case .date(let d): date = d.isoFormat
        case .floating(let t): dateTime = t.isoFormat
        case .utc(let t): dateTime = t.isoFormat + "Z"
        case .zoned(let t, let tzid): dateTime = t.isoFormat; timeZone = tzid
        }
    }

    var dateValue: DateValue? {
        if let date {
            return DateValue(icalendar: String(date.filter { $0 != "-" }))
        }
        guard let dateTime else { return nil }
        let basic = String(dateTime.filter { $0 != "-" && $0 != ":" })
        return DateValue(icalendar: basic, tzid: timeZone)
    }
}

extension ModelJSON.JSONAddress: Hashable {}
