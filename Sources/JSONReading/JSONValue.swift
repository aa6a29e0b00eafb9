/// A JSON value as calbridge's readers need it: object members keep their order and numbers keep
/// their literal, so problems come out in reading order, `12` and `12.5` stay apart without
/// floating-point doubt, and jCal's `1.500000` and the order of a rule's parts come back as written.
public indirect enum JSONValue: Equatable, Sendable {
    case string(String)
    case number(String)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([JSONMember])
}

/// One `"key": value` pair of an object.
public struct JSONMember: Equatable, Sendable {
    public var key: String
    public var value: JSONValue

    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}
