import CalendarModel
import JSONReading

/// Writes a calendar as jCal (RFC 7265), compact: each component `[name, [properties], [components]]`,
/// each property `[name, {parameters}, type, value…]` with the same typing as xCal. Written as a
/// stream (see ``CalendarDocumentWriter``) straight into bytes.
package struct JCalWriter: CalendarDocumentWriter {
    private var hasComponents = false

    package init() {}

    package mutating func opening(properties: [Property]) -> [UInt8] {
        var out = JSONOutput()
        out.append("[\"vcalendar\",[")
        out.list(properties) { $0.write($1) }
        out.append("],[")
        return out.bytes
    }

    package mutating func adding(_ encoded: [UInt8]) -> [UInt8] {
        defer { hasComponents = true }
        return hasComponents ? [UInt8(ascii: ",")] + encoded : encoded
    }

    package mutating func closing() -> [UInt8] {
        Array("]]\n".utf8)
    }

    package static func encode(_ component: Component) -> [UInt8] {
        var out = JSONOutput()
        out.write(component)
        return out.bytes
    }
}

extension JSONOutput {
    fileprivate mutating func write(_ component: Component) {
        append("[")
        string(component.name.lowercased())
        append(",[")
        list(component.properties) { $0.write($1) }
        append("],[")
        list(component.components) { $0.write($1) }
        append("]]")
    }

    fileprivate mutating func write(_ property: Property) {
        let design = PropertyDesignTable.design(for: property.name)
        let type = ValueCodec.type(of: property, design: design)
        append("[")
        string(property.name.lowercased())
        append(",{")
        var first = true
        for parameter in property.parameters where !ValueCodec.omits(parameter, type: type) {
            if !first { append(",") }
            first = false
            string(parameter.name.lowercased())
            append(":")
            if parameter.values.count == 1 {
                string(parameter.values[0])
            } else {
                append("[")
                list(parameter.values) { $0.string($1) }
                append("]")
            }
        }
        append("},")
        string(type.name)
        for value in Self.values(of: property, type: type, design: design) {
            append(",")
            write(value)
        }
        append("]")
    }

    /// The values to write. The TEXT of a property calbridge has no design for may hold several
    /// values (unescaped `,`) of several parts (unescaped `;`, RFC 5545 §3.3.11), as the reader makes
    /// of `["x-a",{},"text",["a","b"],"c"]`: they go out as that again, not as one string that would
    /// read back with its separators escaped (found by fuzzing the jCal round trip).
    private static func values(of property: Property, type: ValueType, design: PropertyDesign?) -> [TypedValue] {
        guard type == .text, design == nil else {
            return ValueCodec.values(of: property, type: type, layout: design?.layout(for: type) ?? .single)
        }
        return ValueCodec.split(property.value, at: ",").map { value in
            let parts = ValueCodec.split(value, at: ";")
            return parts.count == 1 ? ValueCodec.decode(value, type: type) : .parts(parts.map { ValueCodec.decode($0, type: type) })
        }
    }

    /// Whether a literal is a number as JSON writes one (RFC 8259 §6: no '+', no leading zero, digits
    /// on both sides of a '.'), to be written as it is; any other (`GEO:+51.76882;+14.32321`) is written
    /// as a string, which the jCal reader reads back as written.
    private static func isJSONNumber(_ literal: String) -> Bool {
        if case .number? = try? JSONReader.value(of: Array(literal.utf8)) { return true }
        return false
    }

    private mutating func write(_ value: TypedValue) {
        switch value {
        case .string(let text): string(text)
        case .number(let literal): if Self.isJSONNumber(literal) { append(literal) } else { string(literal) }
        case .boolean(let flag): append(flag ? "true" : "false")
        // RFC 7265 §3.6.9: a period is the array of its start and its end or duration.
        case .period(let start, let end, let duration):
            append("[")
            list([start, end ?? duration ?? ""]) { $0.string($1) }
            append("]")
        case .parts(let parts):
            append("[")
            list(parts) { $0.write($1) }
            append("]")
        case .recur(let parts):
            append("{")
            list(parts) { out, part in
                out.string(part.name)
                out.append(":")
                let numeric = RecurrenceRulePart(webName: part.name)?.isNumeric == true
                if part.values.count != 1 { out.append("[") }
                out.list(part.values) { out, item in
                    if numeric && Self.isJSONNumber(item) { out.append(item) } else { out.string(item) }
                }
                if part.values.count != 1 { out.append("]") }
            }
            append("}")
        }
    }
}
