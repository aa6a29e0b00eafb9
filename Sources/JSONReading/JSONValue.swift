/// A JSON value as calbridge's readers need it: object members keep their order and numbers keep
/// their literal, so problems come out in reading order, `12` and `12.5` stay apart without
/// floating-point doubt, and jCal's `1.500000` and the order of a rule's parts come back as written.
package indirect enum JSONValue: Equatable, Sendable {
    case string(String)
    case number(String)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([JSONMember])
}

/// One `"key": value` pair of an object.
package struct JSONMember: Equatable, Sendable {
    package var key: String
    package var value: JSONValue

    package init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}
