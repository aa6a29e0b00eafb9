import CalendarModel
import CalendarWebFormats
import JSONReading

/// What JSCalendar has no place for, carried the way draft-ietf-calext-jscalendar-icalendar says: an
/// object's `iCalComponent` (an `ICalComponent`: the component's name, the properties and components
/// that were not converted, and `convertedProperties`, which says which iCalendar property a converted
/// member came from where that is not the usual one), and, the other way, a `JSPROP` property whose
/// `JSPTR` parameter names the member it holds as JSON text.
enum ICalendarSpecifics {
    /// The iCalendar property that carries a JSCalendar member iCalendar has no property for.
    static let jsonPropertyName = "JSPROP"
    static let pointerParameter = "JSPTR"

    /// The component as an ICalComponent, its properties and subcomponents in jCal as -08 §5.1.1 says
    /// (see `jCal`).
    static func component(_ component: Component) -> JSONValue {
        var object = JSONObject(type: "ICalComponent")
        object["name"] = .string(component.name.lowercased())
        if !component.properties.isEmpty { object["properties"] = .array(component.properties.map { jCal($0) ?? property($0) }) }
        if !component.components.isEmpty { object["components"] = .array(component.components.map { jCal($0) ?? Self.component($0) }) }
        return object.value
    }

    /// A property as a jCal array, when it reads back as the very line it was; nil for one jCal
    /// cannot say exactly (a VALUE parameter not last, which jCal says in the type and the reader puts
    /// last), which travels as an ICalProperty object instead, since calbridge reads both.
    static func jCal(_ property: Property) -> JSONValue? {
        // The one jCal writer writes components; the line is the only property of one.
        guard case .array(let parts)? = try? JSONReader.value(of: JCalWriter.encode(Component(name: "X", properties: [property]))),
            parts.count == 3, case .array(let lines) = parts[1], lines.count == 1,
            (try? JCalReader.property(lines[0], path: "$")) == property
        else { return nil }
        return lines[0]
    }

    /// A component as a jCal array, when every line of it reads back as written.
    static func jCal(_ component: Component) -> JSONValue? {
        guard let json = try? JSONReader.value(of: JCalWriter.encode(component)),
            (try? JCalReader.component(json, path: "$")) == component
        else { return nil }
        return json
    }

    /// An `ICalProperty`: text whose escapes come back as written travels as text, every other value
    /// as `unknown` with its iCalendar text, which RFC 7265 §5 gives values it does not type.
    static func property(_ property: Property) -> JSONValue {
        var object = JSONObject(type: "ICalProperty")
        object["name"] = .string(property.name.lowercased())
        if !property.parameters.isEmpty { object["parameters"] = parameters(property.parameters) }
        let text = property.text
        let isText =
            PropertyDesignTable.type(of: property.name) == .text && property[parameter: "VALUE"] == nil
            && TextEscaping.escape(text) == property.value
        object["valueType"] = .string((isText ? ValueType.text : .unknown).name)
        object["value"] = .string(isText ? text : property.value)
        return object.value
    }

    /// An object's own iCalComponent may leave its name out (the draft's DTEND figure, §2.3.14 of
    /// -08, does): it is the component the object is, `implied`.
    static func component(from json: JSONValue, path: String, implied: String? = nil) throws(JSCalendarProblem) -> Component {
        // draft-ietf-calext-jscalendar-icalendar-08 §5.1.1 writes subcomponents as jCal; read those too.
        if case .array = json {
            do { return try JCalReader.component(json, path: path) } catch {
                throw JSCalendarProblem(path: path, "a jCal component must be [name, [properties], [components]]")
            }
        }
        guard let name = json["name"]?.string ?? implied, !name.isEmpty else {
            throw JSCalendarProblem(path: path, "an ICalComponent needs a name")
        }
        var result = Component(name: name)
        for (index, item) in elements(of: json["properties"]).enumerated() {
            result.properties.append(try property(from: item, path: "\(path).properties[\(index)]"))
        }
        for (index, item) in elements(of: json["components"]).enumerated() {
            result.components.append(try component(from: item, path: "\(path).components[\(index)]"))
        }
        return result
    }

    static func property(from json: JSONValue, path: String) throws(JSCalendarProblem) -> Property {
        // -08 §5.1.1 writes properties as jCal; calbridge writes ICalProperty objects and reads both.
        if case .array = json {
            do { return try JCalReader.property(json, path: path) } catch {
                throw JSCalendarProblem(path: path, "a jCal property must be [name, {parameters}, type, value, …]")
            }
        }
        guard let name = json["name"]?.string, !name.isEmpty else {
            throw JSCalendarProblem(path: path, "an ICalProperty needs a name")
        }
        let parameters = try parameters(from: json["parameters"], path: "\(path).parameters")
        let type = json["valueType"]?.string.map(ValueType.init(name:)) ?? .unknown
        let raw: String
        switch json["value"] {
        case .string(let text)?: raw = type == .text ? TextEscaping.escape(text) : text
        case .number(let literal)?: raw = literal
        case .bool(let flag)?: raw = flag ? "TRUE" : "FALSE"
        default: throw JSCalendarProblem(path: "\(path).value", "an ICalProperty needs a value")
        }
        return Property(name: name, parameters: parameters, value: raw)
    }

    /// Parameters as an ICalProperty's `parameters`: names in lower case, several values as an array.
    static func parameters(_ parameters: [Parameter]) -> JSONValue {
        .object(
            parameters.map { parameter in
                JSONMember(
                    key: parameter.name.lowercased(),
                    value: parameter.values.count == 1
                        ? .string(parameter.value) : .array(parameter.values.map(JSONValue.string)))
            })
    }

    static func parameters(from json: JSONValue?, path: String) throws(JSCalendarProblem) -> [Parameter] {
        var parameters: [Parameter] = []
        for member in json?.members ?? [] {
            switch member.value {
            case .string(let value): parameters.append(Parameter(member.key, value))
            case .array(let values): parameters.append(Parameter(name: member.key, values: values.compactMap(\.string)))
            default: throw JSCalendarProblem(path: "\(path).\(member.key)", "a parameter value must be a string or strings")
            }
        }
        return parameters
    }

    /// A member carried as a `JSPROP` property.
    static func jsonProperty(pointer: String, value: JSONValue) -> Property {
        Property(
            name: jsonPropertyName, parameters: [Parameter(pointerParameter, pointer)], value: TextEscaping.escape(JSONText.compact(value)))
    }

    private static func elements(of json: JSONValue?) -> [JSONValue] {
        if case .array(let items)? = json { return items }
        return []
    }
}

/// A problem in JSCalendar input that is not one of JSON syntax: where it is, as a JSON path.
struct JSCalendarProblem: Error {
    var path: String
    var message: String

    init(path: String, _ message: String) {
        self.path = path
        self.message = message
    }
}
