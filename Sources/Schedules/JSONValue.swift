/// A parsed JSON value. Object members keep their file order so problems come out in reading order,
/// and numbers keep their text so `12` and `12.5` stay apart without floating-point doubt.
enum JSONValue: Sendable {
    case string(String)
    case number(String)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([JSONMember])

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

/// One `"key": value` pair of an object.
struct JSONMember: Sendable {
    var key: String
    var value: JSONValue
}

/// JSON text that does not parse, with the line and column (both from 1) where reading stopped.
struct JSONSyntaxError: Error {
    var line: Int
    var column: Int
    var message: String

    var place: String { "line \(line), column \(column)" }
}
