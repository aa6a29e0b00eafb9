/// Reads an unfolded line into a `VCardProperty`, accepting the vCard 2.1 forms next to the
/// 3.0/4.0 ones: bare type parameters (`TEL;HOME;VOICE:`) and a bare `QUOTED-PRINTABLE`.
enum ContentLineParser {
    private static let colon = UInt8(ascii: ":"), semicolon = UInt8(ascii: ";"), equals = UInt8(ascii: "=")
    private static let quote = UInt8(ascii: "\""), dot = UInt8(ascii: ".")

    /// Names in RFC 6350 are letters, digits and `-`; `_` is not allowed but some writers use it
    /// in X- names, and refusing the whole line for it would lose nothing worth the strictness.
    static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || ASCII.isDigit(b) || b == 45 || b == 95
    }

    static func parse(_ bytes: [UInt8]) throws(ContentLineError) -> VCardProperty {
        var i = 0
        var name = try readName(bytes, &i, what: "a property name")
        var group: String?
        if i < bytes.count, bytes[i] == dot {
            i += 1
            group = String(decoding: name, as: UTF8.self).lowercased()
            name = try readName(bytes, &i, what: "a property name after the group")
        }
        var parameters: [VCardProperty.Parameter] = []
        while i < bytes.count, bytes[i] == semicolon {
            i += 1
            parameters.append(try readParameter(bytes, &i))
        }
        guard i < bytes.count, bytes[i] == colon else {
            throw ContentLineError(offset: i, message: "expected ':' after the name and parameters")
        }
        return VCardProperty(group: group, name: ASCII.uppercased(name), parameters: parameters, valueOffset: i + 1)
    }

    private static func readName(_ bytes: [UInt8], _ i: inout Int, what: String) throws(ContentLineError) -> ArraySlice<UInt8> {
        let start = i
        while i < bytes.count, isNameByte(bytes[i]) { i += 1 }
        guard i > start else { throw ContentLineError(offset: start, message: "expected \(what)") }
        return bytes[start..<i]
    }

    private static func readParameter(_ bytes: [UInt8], _ i: inout Int) throws(ContentLineError) -> VCardProperty.Parameter {
        let name = try readName(bytes, &i, what: "a parameter name")
        guard i < bytes.count, bytes[i] == equals else {
            // vCard 2.1 writes a parameter's value alone: `TEL;HOME:`, `NOTE;QUOTED-PRINTABLE:`.
            let value = ASCII.uppercased(name)
            let isEncoding = ["QUOTED-PRINTABLE", "BASE64", "8BIT", "7BIT"].contains(value)
            return VCardProperty.Parameter(name: isEncoding ? "ENCODING" : "TYPE", value: value)
        }
        i += 1
        var value: [UInt8] = []
        var inQuotes = false
        while i < bytes.count {
            let byte = bytes[i]
            if byte == quote {
                inQuotes.toggle()
            } else if !inQuotes, byte == semicolon || byte == colon {
                break
            } else {
                value.append(byte)
            }
            i += 1
        }
        if inQuotes { throw ContentLineError(offset: i, message: "a quoted parameter value has no closing '\"'") }
        return VCardProperty.Parameter(name: ASCII.uppercased(name), value: String(decoding: value, as: UTF8.self))
    }
}
