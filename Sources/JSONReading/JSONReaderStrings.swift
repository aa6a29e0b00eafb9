#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading one JSON string with its escapes, kept apart from the value grammar in ``JSONReader``.
extension JSONReader {
    /// Called with `index` at the opening quote; leaves it after the closing one. Runs between escapes
    /// are decoded whole, as most strings have no escape at all.
    mutating func string() throws(JSONSyntaxError) -> String {
        let opening = index
        index += 1
        var text = ""
        var run = index
        var ascii = true
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                try append(run, ascii: ascii, to: &text, of: opening)
                index += 1
                return text
            case UInt8(ascii: "\\"):
                try append(run, ascii: ascii, to: &text, of: opening)
                try escape(into: &text)
                run = index
                ascii = true
            case 0..<0x20:
                throw failure("a control character (such as a line break) inside a string must be escaped")
            case 0x80...:
                ascii = false
                index += 1
            default:
                index += 1
            }
        }
        index = opening
        throw failure("the string is not closed")
    }

    /// The bytes from `run` to `index`, which must be UTF-8: decoding replaces bad bytes silently, so
    /// a run that is not all ASCII is compared with what it decoded to. (`String(validating:)` is
    /// generic across the module boundary and made jCal → ics a tenth slower.) A run ends at an
    /// ASCII quote or backslash, so it never splits a character of valid text.
    private mutating func append(_ run: Int, ascii: Bool, to text: inout String, of opening: Int) throws(JSONSyntaxError) {
        guard run < index else { return }
        var piece = String(decoding: bytes[run..<index], as: UTF8.self)
        // Compared as two buffers with memcmp: an element-wise comparison cost several instructions a byte.
        guard
            ascii
                || piece.withUTF8({ decoded in
                    bytes[run..<index].withUnsafeBufferPointer { raw in
                        // A buffer has no base address only when it is empty.
                        guard let decodedStart = decoded.baseAddress, let rawStart = raw.baseAddress else {
                            return decoded.count == raw.count
                        }
                        return decoded.count == raw.count && memcmp(decodedStart, rawStart, raw.count) == 0
                    }
                })
        else {
            index = opening
            throw failure("the string is not UTF-8 (save the file as UTF-8)")
        }
        // Most strings are one run: the text is that piece, not an empty string grown by it.
        if text.isEmpty { text = piece } else { text += piece }
    }

    /// Called with `index` at the backslash; leaves it after the escape.
    private mutating func escape(into text: inout String) throws(JSONSyntaxError) {
        let backslash = index
        index += 1
        guard index < bytes.count else { throw failure("the text ends inside an escape") }
        let letter = bytes[index]
        index += 1
        switch letter {
        case UInt8(ascii: "\""): text += "\""
        case UInt8(ascii: "\\"): text += "\\"
        case UInt8(ascii: "/"): text += "/"
        case UInt8(ascii: "b"): text += "\u{8}"
        case UInt8(ascii: "f"): text += "\u{C}"
        case UInt8(ascii: "n"): text += "\n"
        case UInt8(ascii: "r"): text += "\r"
        case UInt8(ascii: "t"): text += "\t"
        case UInt8(ascii: "u"): text.unicodeScalars.append(try unicodeEscape(at: backslash))
        default:
            index = backslash
            throw failure("unknown escape \\\(Character(Unicode.Scalar(letter)))")
        }
    }

    /// The character of a `\u` escape whose `\u` has been read. Characters outside the Basic
    /// Multilingual Plane come as a surrogate pair of two escapes; half a pair is no character, and
    /// reading it as U+FFFD would change the text without a word.
    private mutating func unicodeEscape(at backslash: Int) throws(JSONSyntaxError) -> Unicode.Scalar {
        var code = try hexQuad()
        if (0xD800..<0xDC00).contains(code), bytes[index...].starts(with: Array("\\u".utf8)) {
            index += 2
            let low = try hexQuad()
            if (0xDC00..<0xE000).contains(low) { code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00) }
        }
        guard let scalar = Unicode.Scalar(code) else {
            index = backslash
            throw failure("\\u escape of a lone surrogate (half of a UTF-16 pair without the other half)")
        }
        return scalar
    }

    private mutating func hexQuad() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("\\u needs four hex digits") }
        var code: UInt32 = 0
        // Digit by digit because `UInt32(_:radix:)` would also take a sign.
        for byte in bytes[index..<index + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("\\u needs four hex digits")
            }
            code = code << 4 | UInt32(digit)
        }
        index += 4
        return code
    }
}
