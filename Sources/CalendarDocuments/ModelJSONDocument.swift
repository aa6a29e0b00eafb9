import CalendarModel
import Foundation
import JSONReading
import Platform

/// calbridge's model JSON as a document: read with the project's JSON reader, so that text that is
/// not JSON is refused at its line and column, and written as `ModelJSON` encodes it. It reads what
/// `ModelJSON`'s decoding reads: the same keys, values of the same types (a number for an integer
/// when it is a whole one, `5.0` and `1e2` too), other keys ignored, a `null` where a key may be left out.
enum ModelJSONDocument {
    /// The calendar an input holds, or `InvalidCalendarData` saying where it is not model JSON.
    static func calendar(of input: InputFile) throws -> Component {
        let advice = "correct the JSON (`calbridge convert CALENDAR.ics --to json` shows its form) and run again"
        let bytes = try input.readAll()
        let value: JSONValue
        do {
            value = try JSONReader.value(of: bytes)
        } catch {
            let place = SourceLocation(line: error.position.line, column: error.position.column)
            throw InvalidCalendarData(
                diagnostics: [Diagnostic(.error, file: input.name, at: place, "not JSON: " + error.message)],
                advice: advice)
        }
        do {
            return try component(value, at: .root)
        } catch {
            throw InvalidCalendarData(
                diagnostics: [
                    Diagnostic(
                        .error, file: input.name, at: nil,
                        "not calbridge model JSON: \(error.place.path): \(error.message)")
                ],
                advice: advice)
        }
    }

    /// The calendar as model JSON, pretty-printed with sorted keys and a final line break.
    static func bytes(of calendar: Component) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(ModelJSON(calendar))) + [0x0A]
    }

    /// Where the JSON is not the model's, and what is wrong.
    struct Problem: Error {
        var place: Place
        var message: String

        init(at place: Place, message: String) {
            (self.place, self.message) = (place, message)
        }
    }

    /// Where a value is in the document, made into a JSON path (`$.components[0].type`) only when
    /// a problem names it, so that reading a large file builds no path text.
    indirect enum Place: Sendable {
        case root
        case member(Place, String)
        case item(Place, Int)

        var path: String {
            switch self {
            case .root: "$"
            case .member(let parent, let key): parent.path + "." + key
            case .item(let parent, let index): parent.path + "[\(index)]"
            }
        }
    }

    /// A component's object: `type`, its typed keys in the design table's order, `properties`, `components`.
    static func component(_ value: JSONValue, at path: Place) throws(Problem) -> Component {
        let members = try object(value, at: path)
        var result = Component(name: try string(required("type", of: members, at: path), at: .member(path, "type")))
        // The design table's keys are looked up in it by name rather than each in turn along the members.
        let byKey = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        for (design, field) in ModelJSON.fields {
            guard let held = byKey[field.key] else { continue }
            let here = Place.member(path, field.key)
            let values =
                design.isRepeatable
                ? try array(held, at: here).enumerated().map { entry throws(Problem) in
                    try typed(entry.element, at: .item(here, entry.offset))
                }
                : [try typed(held, at: here)]
            for value in values {
                do {
                    result.properties.append(try value.property(named: design.name, shape: field.shape, codingPath: []))
                } catch {
                    throw Problem(at: here, message: Self.message(error))
                }
            }
        }
        result.properties += try optionalArray("properties", of: members, at: path) { item, place throws(Problem) in
            try property(item, at: place)
        }
        result.components = try optionalArray("components", of: members, at: path) { item, place throws(Problem) in
            try component(item, at: place)
        }
        return result
    }

    /// A typed value, tried in the order `TypedValue`'s decoding tries them: a whole number, text,
    /// a list of text, an address, else a date (every key of which may be left out).
    private static func typed(_ value: JSONValue, at path: Place) throws(Problem) -> TypedValue {
        switch value {
        case .number(let literal):
            guard let integer = wholeNumber(literal) else { throw Problem(at: path, message: "expected a whole number, text or an object") }
            return .integer(integer)
        case .string(let text): return .text(text)
        case .array(let items):
            let texts = items.compactMap { if case .string(let text) = $0 { text } else { nil } }
            guard texts.count == items.count else { throw Problem(at: path, message: "expected a list of text") }
            return .list(texts)
        case .object(let members):
            if case .string(let address)? = member("address", of: members),
                let parameters = try? optionalArray("parameters", of: members, at: path, parameter)
            {
                return .address(ModelJSON.JSONAddress(address: address, parameters: parameters))
            }
            return .date(
                ModelJSON.JSONDate(
                    date: try optionalString("date", of: members, at: path),
                    dateTime: try optionalString("dateTime", of: members, at: path),
                    timeZone: try optionalString("timeZone", of: members, at: path)))
        case .bool, .null: throw Problem(at: path, message: "expected text, a number, a list or an object")
        }
    }

    /// A raw property: `name`, `value`, and `parameters` when it has any.
    private static func property(_ value: JSONValue, at path: Place) throws(Problem) -> Property {
        let members = try object(value, at: path)
        return Property(
            name: try string(required("name", of: members, at: path), at: .member(path, "name")),
            parameters: try optionalArray("parameters", of: members, at: path, parameter),
            value: try string(required("value", of: members, at: path), at: .member(path, "value")))
    }

    /// A parameter: `name` kept as written, and its `values`.
    private static func parameter(_ value: JSONValue, at path: Place) throws(Problem) -> Parameter {
        let members = try object(value, at: path)
        let values = try array(required("values", of: members, at: path), at: .member(path, "values")).enumerated()
            .map { entry throws(Problem) in try string(entry.element, at: .item(.member(path, "values"), entry.offset)) }
        return Parameter(upperCaseName: try string(required("name", of: members, at: path), at: .member(path, "name")), values: values)
    }
}

extension ModelJSONDocument {
    /// The members of an object.
    private static func object(_ value: JSONValue, at path: Place) throws(Problem) -> [JSONMember] {
        guard case .object(let members) = value else { throw Problem(at: path, message: "expected an object") }
        return members
    }

    /// The value of a key, if the object has it (the reader refuses an object that has it twice).
    private static func member(_ key: String, of members: [JSONMember]) -> JSONValue? {
        members.first { $0.key == key }?.value
    }

    private static func required(_ key: String, of members: [JSONMember], at path: Place) throws(Problem) -> JSONValue {
        guard let value = member(key, of: members) else { throw Problem(at: .member(path, key), message: "required field is missing") }
        return value
    }

    private static func string(_ value: JSONValue, at path: Place) throws(Problem) -> String {
        guard case .string(let text) = value else { throw Problem(at: path, message: "expected text") }
        return text
    }

    private static func array(_ value: JSONValue, at path: Place) throws(Problem) -> [JSONValue] {
        guard case .array(let items) = value else { throw Problem(at: path, message: "expected a list") }
        return items
    }

    /// The text of a key that may be left out or `null`.
    private static func optionalString(_ key: String, of members: [JSONMember], at path: Place) throws(Problem) -> String? {
        guard let value = member(key, of: members), value != .null else { return nil }
        return try string(value, at: .member(path, key))
    }

    /// The items of a list under a key that may be left out or `null`, each read by `element`.
    private static func optionalArray<Element>(
        _ key: String, of members: [JSONMember], at path: Place,
        _ element: (JSONValue, Place) throws(Problem) -> Element
    ) throws(Problem) -> [Element] {
        guard let value = member(key, of: members), value != .null else { return [] }
        let here = Place.member(path, key)
        return try array(value, at: here).enumerated().map { entry throws(Problem) in try element(entry.element, .item(here, entry.offset))
        }
    }

    /// A number as an integer when it is a whole one that fits, written with a fraction or an
    /// exponent or not (`5`, `5.0`, `1e2`), as Foundation's decoder takes it.
    private static func wholeNumber(_ literal: String) -> Int? {
        guard literal.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) else { return Int(literal) }
        return Double(literal).flatMap { Int(exactly: $0) }
    }

    /// What a typed value's conversion to a property says is wrong.
    private static func message(_ error: any Error) -> String {
        guard case .dataCorrupted(let context)? = error as? DecodingError else { return "\(error)" }
        return context.debugDescription
    }
}
