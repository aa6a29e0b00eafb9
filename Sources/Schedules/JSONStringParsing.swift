/// Reading one JSON string with its escapes, kept apart from the value grammar in `JSONParser`.
extension JSONParser {
    /// Called with `index` at the opening quote; leaves it after the closing one.
    mutating func string() throws(JSONSyntaxError) -> String {
        let start = index
        index += 1
        var text: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                let string = String(decoding: text, as: UTF8.self)
                // Decoding replaces bad bytes silently; a changed length means the file is not UTF-8.
                guard string.utf8.count == text.count, string.utf8.elementsEqual(text) else {
                    index = start
                    throw failure("the string is not UTF-8 (save the file as UTF-8)")
                }
                return string
            case UInt8(ascii: "\\"):
                index += 1
                try escape(into: &text)
            case 0..<0x20:
                throw failure("a control character (such as a line break) inside a string must be escaped")
            default:
                text.append(byte)
                index += 1
            }
        }
        index = start
        throw failure("the string is not closed")
    }

    private mutating func escape(into text: inout [UInt8]) throws(JSONSyntaxError) {
        guard index < bytes.count else { throw failure("the text ends inside an escape") }
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "b"): 0x08,
            UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
        ]
        if let byte = simple[bytes[index]] {
            text.append(byte)
            index += 1
            return
        }
        guard bytes[index] == UInt8(ascii: "u") else { throw failure("unknown escape") }
        index += 1
        var code = try hexQuad()
        // Characters outside the Basic Multilingual Plane come as a surrogate pair of two escapes.
        if (0xD800..<0xDC00).contains(code), bytes[index...].starts(with: Array("\\u".utf8)) {
            index += 2
            let low = try hexQuad()
            guard (0xDC00..<0xE000).contains(low) else { throw failure("a high surrogate without its low surrogate") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(code) else { throw failure("\\u escape of a lone surrogate") }
        text.append(contentsOf: Array(String(Character(scalar)).utf8))
    }

    private mutating func hexQuad() throws(JSONSyntaxError) -> UInt32 {
        // Checked digit by digit because `UInt32(_:radix:)` would also take a sign.
        guard index + 4 <= bytes.count, bytes[index..<index + 4].allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
              let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { throw failure("\\u needs four hex digits") }
        index += 4
        return code
    }
}
