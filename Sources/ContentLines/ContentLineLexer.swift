/// The one content-line lexer: `[group "."] name *(";" param) ":" value`, read from a cursor over an
/// unfolded line's bytes. It hands back where each part is and builds nothing, so the iCalendar
/// reader (which may check a line without keeping it), the vCard reader and the stores' UID scan each
/// make of the parts only what they need.
@usableFromInline
package struct ContentLineLexer: Sendable {
    @usableFromInline package let dialect: ContentLineDialect

    package static let iCalendar = ContentLineLexer(dialect: .iCalendar)
    package static let vCard = ContentLineLexer(dialect: .vCard)

    // Constants the inlined lexing folds in: a stored `static let` would be a lazily made global,
    // reached through an accessor call for every byte looked at from another module.
    @inlinable static var colon: UInt8 { UInt8(ascii: ":") }
    @inlinable static var semicolon: UInt8 { UInt8(ascii: ";") }
    @inlinable static var comma: UInt8 { UInt8(ascii: ",") }
    @inlinable static var equals: UInt8 { UInt8(ascii: "=") }
    @inlinable static var quote: UInt8 { UInt8(ascii: "\"") }
    @inlinable static var dot: UInt8 { UInt8(ascii: ".") }

    /// One parameter's name and, unless it is a vCard 2.1 bare one (`TEL;HOME:`), its first value;
    /// further values of a list follow through `nextValue`.
    @usableFromInline
    package struct Parameter: Sendable {
        @usableFromInline package var name: Range<Int>
        @usableFromInline package var firstValue: Range<Int>?

        @inlinable
        init(name: Range<Int>, firstValue: Range<Int>?) {
            self.name = name
            self.firstValue = firstValue
        }
    }

    /// The property name that begins the line and, in vCard, the group before it (`item1.X-ABLABEL`).
    @inlinable
    package func propertyName(_ bytes: [UInt8], _ i: inout Int) throws(ContentLineProblem) -> (group: Range<Int>?, name: Range<Int>) {
        let first = try name(bytes, &i, what: "property name")
        guard dialect == .vCard, i < bytes.count, bytes[i] == Self.dot else { return (nil, first) }
        i += 1
        return (first, try name(bytes, &i, what: "property name after the group"))
    }

    /// Where a name runs from `i`.
    @inlinable
    package func name(_ bytes: [UInt8], _ i: inout Int, what: String) throws(ContentLineProblem) -> Range<Int> {
        let start = i
        while i < bytes.count && dialect.isNameByte(bytes[i]) { i += 1 }
        guard i > start else { throw missing(what, at: i, in: bytes) }
        return start..<i
    }

    /// Reads a parameter after its `;`.
    @inlinable
    package func parameter(_ bytes: [UInt8], _ i: inout Int) throws(ContentLineProblem) -> Parameter {
        let name = try self.name(bytes, &i, what: "parameter name")
        guard i < bytes.count, bytes[i] == Self.equals else {
            guard dialect == .vCard else {
                throw ContentLineProblem(offset: i, message: "parameter \(Self.shown(bytes[name])) has no '=value'")
            }
            return Parameter(name: name, firstValue: nil)
        }
        i += 1
        return Parameter(name: name, firstValue: try parameterValue(bytes, &i))
    }

    /// The next value of a parameter's comma-separated list, `nil` when the list has ended.
    @inlinable
    package func nextValue(_ bytes: [UInt8], _ i: inout Int) throws(ContentLineProblem) -> Range<Int>? {
        guard i < bytes.count, bytes[i] == Self.comma else { return nil }
        i += 1
        return try parameterValue(bytes, &i)
    }

    /// Where the value begins: after the `:` that must follow the name and parameters.
    @inlinable
    package func valueStart(_ bytes: [UInt8], _ i: Int, name: Range<Int>) throws(ContentLineProblem) -> Int {
        guard i < bytes.count, bytes[i] == Self.colon else {
            let found = i < bytes.count ? "'\(Character(Unicode.Scalar(bytes[i])))'" : "the end of the line"
            throw ContentLineProblem(
                offset: i, message: "expected ':' after the name and parameters of \(Self.shown(bytes[name])), found \(found)")
        }
        return i + 1
    }

    /// Where a parameter value's text is (inside the quotes of a quoted one).
    @inlinable
    func parameterValue(_ bytes: [UInt8], _ i: inout Int) throws(ContentLineProblem) -> Range<Int> {
        if i < bytes.count && bytes[i] == Self.quote {
            let start = i + 1
            guard let end = bytes[start...].firstIndex(of: Self.quote) else {
                throw ContentLineProblem(offset: i, message: "a quoted parameter value is not closed with '\"'")
            }
            i = end + 1
            return start..<end
        }
        let start = i
        while i < bytes.count, bytes[i] != Self.semicolon, bytes[i] != Self.colon, bytes[i] != Self.comma {
            guard bytes[i] != Self.quote else {
                throw ContentLineProblem(offset: i, message: "a '\"' inside an unquoted parameter value")
            }
            i += 1
        }
        return start..<i
    }

    @usableFromInline
    func missing(_ what: String, at i: Int, in bytes: [UInt8]) -> ContentLineProblem {
        let found = i < bytes.count ? Self.describe(bytes[i]) : "nothing"
        return ContentLineProblem(offset: i, message: "expected a \(what) (\(dialect.nameCharacters)), found \(found)")
    }
}

extension ContentLineLexer {
    /// The first `:` outside double quotes, which begins the value of a line read loosely.
    package static func valueColon(_ bytes: some Collection<UInt8>) -> Int? {
        var quoted = false
        var offset = 0
        for b in bytes {
            if b == quote { quoted.toggle() } else if b == colon && !quoted { return offset }
            offset += 1
        }
        return nil
    }

    /// A name in upper case, as names are compared; nearly every name is written so, and is made into
    /// a string as it is.
    @inlinable
    package static func upperCased(_ name: ArraySlice<UInt8>) -> String {
        guard name.contains(where: { $0 >= 0x61 && $0 <= 0x7A }) else { return String(decoding: name, as: UTF8.self) }
        return String(decoding: name.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }, as: UTF8.self)
    }

    /// A name for a message: upper-cased, and cut short when a line of garbage made it long.
    @usableFromInline
    static func shown(_ name: ArraySlice<UInt8>) -> String {
        name.count <= 40 ? upperCased(name) : upperCased(name.prefix(40)) + "…"
    }

    /// A parameter value as text, its RFC 6868 escapes decoded; few values have a caret, and those
    /// without one are not looked at again.
    @inlinable
    package static func decoded(_ value: ArraySlice<UInt8>) -> String {
        let text = String(decoding: value, as: UTF8.self)
        return value.contains(UInt8(ascii: "^")) ? CaretEncoding.decode(text) : text
    }

    /// A byte for a message: itself when printable, else its hexadecimal code.
    package static func describe(_ b: UInt8) -> String {
        b >= 0x21 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : "0x" + String(b, radix: 16, uppercase: true)
    }
}
