/// The backslash escapes of iCalendar TEXT values (RFC 5545 §3.3.11). Every character they touch is
/// ASCII, so both directions work on UTF-8 bytes; a separator is one whatever follows it.
package enum TextEscaping {
    /// Decodes `\\`, `\;`, `\,` and `\n`/`\N`; an unknown escape keeps its character.
    package static func unescape(_ raw: String) -> String {
        // Most values hold no backslash: look for one in the contiguous bytes, not through UTF8View.
        var raw = raw
        guard raw.withUTF8({ $0.contains(UInt8(ascii: "\\")) }) else { return raw }
        var out: [UInt8] = []
        out.reserveCapacity(raw.utf8.count)
        var escaping = false
        for byte in raw.utf8 {
            if escaping {
                out.append(byte == UInt8(ascii: "n") || byte == UInt8(ascii: "N") ? 0x0A : byte)
                escaping = false
            } else if byte == UInt8(ascii: "\\") {
                escaping = true
            } else {
                out.append(byte)
            }
        }
        if escaping { out.append(UInt8(ascii: "\\")) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Encodes a text so that it reads back as itself. Every line break becomes one `\n`, whether
    /// written LF, CRLF or a lone CR (old Mac text, which JSON and XML documents carry): iCalendar
    /// has no other way to hold one, and a raw CR would end the content line.
    package static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ",") || $0 == 0x0A || $0 == 0x0D })
        else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 8)
        var previous: UInt8 = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\\"), UInt8(ascii: ";"), UInt8(ascii: ","): out += [UInt8(ascii: "\\"), byte]
            case 0x0D: out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0A where previous == 0x0D: break
            case 0x0A: out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            default: out.append(byte)
            }
            previous = byte
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Splits a multi-valued raw value at the commas that are not escaped.
    package static func splitList(_ raw: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var escaping = false
        for ch in raw {
            if escaping {
                current.append(ch)
                escaping = false
            } else if ch == "\\" {
                current.append(ch)
                escaping = true
            } else if ch == "," {
                parts.append(current)
                current = ""
            } else {
                current.append(ch)
            }
        }
        parts.append(current)
        return parts
    }
}
