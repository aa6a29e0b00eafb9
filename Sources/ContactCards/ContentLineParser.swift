import CalendarModel
import ContentLines

/// Reads an unfolded line into a `VCardProperty` with the vCard dialect of the one `ContentLineLexer`,
/// which accepts the vCard 2.1 forms next to the 3.0/4.0 ones: bare type parameters
/// (`TEL;HOME;VOICE:`) and a bare `QUOTED-PRINTABLE`.
enum ContentLineParser {
    private static let lexer = ContentLineLexer.vCard

    static func parse(_ bytes: [UInt8]) throws(ContentLineProblem) -> VCardProperty {
        var i = 0
        let (group, name) = try lexer.propertyName(bytes, &i)
        var parameters: [VCardProperty.Parameter] = []
        while i < bytes.count, bytes[i] == UInt8(ascii: ";") {
            i += 1
            parameters.append(try parameter(bytes, &i))
        }
        let valueStart = try lexer.valueStart(bytes, i, name: name)
        return VCardProperty(
            group: group.map { String(decoding: bytes[$0], as: UTF8.self).lowercased() },
            name: ASCII.uppercased(bytes[name]), parameters: parameters, valueOffset: valueStart)
    }

    /// A parameter with its list of values kept together as written (`TYPE=HOME,VOICE`).
    private static func parameter(_ bytes: [UInt8], _ i: inout Int) throws(ContentLineProblem) -> VCardProperty.Parameter {
        let parameter = try lexer.parameter(bytes, &i)
        let name = ASCII.uppercased(bytes[parameter.name])
        guard let first = parameter.firstValue else {
            // vCard 2.1 writes a parameter's value alone: `TEL;HOME:`, `NOTE;QUOTED-PRINTABLE:`.
            let isEncoding = ["QUOTED-PRINTABLE", "BASE64", "8BIT", "7BIT"].contains(name)
            return VCardProperty.Parameter(name: isEncoding ? "ENCODING" : "TYPE", value: name)
        }
        var values = [ContentLineLexer.decoded(bytes[first])]
        while let next = try lexer.nextValue(bytes, &i) { values.append(ContentLineLexer.decoded(bytes[next])) }
        return VCardProperty.Parameter(name: name, value: values.joined(separator: ","))
    }
}
