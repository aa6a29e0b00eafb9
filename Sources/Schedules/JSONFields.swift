import JSONReading

/// A JSON object being read, with its path so that each of its fields can be named in a problem.
struct JSONObject {
    var members: [JSONMember]
    var path: String

    subscript(key: String) -> JSONValue? {
        members.first(where: { $0.key == key })?.value
    }

    func place(_ key: String) -> String { "\(path).\(key)" }
}

/// How timetable reading looks at a value.
extension JSONValue {
    /// Null is read as a missing field, as most JSON writers emit it for an absent optional.
    var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// What a problem calls the value when it is of the wrong kind.
    var kindName: String {
        switch self {
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// Reading fields of the expected kinds out of JSON objects, adding a problem for each that is not.
extension TimetableProblems {
    mutating func object(_ value: JSONValue, at path: String) -> JSONObject? {
        guard case .object(let members) = value else {
            add(path, "expected an object, found \(value.kindName)")
            return nil
        }
        return JSONObject(members: members, path: path)
    }

    /// Unknown keys are refused because a misspelt optional field (`lecturor`) would otherwise vanish
    /// from the calendar without a word.
    mutating func onlyKnownKeys(_ object: JSONObject, _ known: [String]) {
        for member in object.members where !known.contains(member.key) {
            add(object.place(member.key), "unknown field; the fields here are \(known.joined(separator: ", "))")
        }
    }

    /// A string field. Null counts as missing, and an empty string as missing too, so that an empty
    /// JSON string and an empty CSV cell read the same.
    mutating func text(_ object: JSONObject, _ key: String, required: Bool = false) -> String? {
        switch object[key] {
        case .string(let text) where !text.isEmpty:
            if let control = TimetableProblems.controlCharacter(in: text) {
                add(object.place(key), "the text holds control character \(control), which a calendar cannot carry; remove it")
                return nil
            }
            return text
        case nil, .null, .string:
            if required { add(object.place(key), "required field is missing") }
            return nil
        case let other?:
            add(object.place(key), "expected a string, found \(other.kindName)")
            return nil
        }
    }

    /// An array field; missing or null is empty.
    mutating func array(_ object: JSONObject, _ key: String) -> [JSONValue] {
        switch object[key] {
        case .array(let elements)?: return elements
        case nil, .null?: return []
        case let other?:
            add(object.place(key), "expected an array, found \(other.kindName)")
            return []
        }
    }
}
