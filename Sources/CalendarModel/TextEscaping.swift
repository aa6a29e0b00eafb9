/// The backslash escapes of iCalendar TEXT values (RFC 5545 §3.3.11). Every character they touch is
/// ASCII, so both directions work on UTF-8 bytes; a separator is one whatever follows it.
package enum TextEscaping {
    /// What becomes of an escape the format does not define (`\t`, `\:`).
    package enum UnknownEscape: Sendable {
        /// Its character alone, as iCalendar readers such as libical read it.
        case character
        /// The backslash and character as written: vCard notes hold Windows paths (`C:\temp`), and
        /// dropping the backslash could change what the writer meant.
        case asWritten
    }

    /// Decodes `\\`, `\;`, `\,` and `\n`/`\N`; an unknown escape keeps its character.
    package static func unescape(_ raw: String) -> String {
        unescape(raw, unknown: .character)
    }

    /// Decodes `\\`, `\;`, `\,` and `\n`/`\N` (and `\:`, which vCard 3.0 writers use); an unknown
    /// escape becomes what `unknown` says.
    package static func unescape(_ raw: String, unknown: UnknownEscape) -> String {
        // Most values hold no backslash: look for one in the contiguous bytes, not through UTF8View.
        var raw = raw
        guard raw.withUTF8({ $0.contains(UInt8(ascii: "\\")) }) else { return raw }
        var out: [UInt8] = []
        out.reserveCapacity(raw.utf8.count)
        var escaping = false
        for byte in raw.utf8 {
            if escaping {
                switch byte {
                case UInt8(ascii: "n"), UInt8(ascii: "N"): out.append(0x0A)
                case UInt8(ascii: "\\"), UInt8(ascii: ";"), UInt8(ascii: ","), UInt8(ascii: ":"): out.append(byte)
                default:
                    if unknown == .asWritten { out.append(UInt8(ascii: "\\")) }
                    out.append(byte)
                }
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
        guard
            text.utf8.contains(where: {
                $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ",") || $0 == 0x0A || $0 == 0x0D
            })
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
        split(raw, at: ",")
    }

    /// Splits a raw value at the separators that are not escaped (`,` between the values of a list,
    /// `;` between the parts of a structured value); the escapes stay for `unescape`.
    package static func split(_ raw: String, at separator: Character) -> [String] {
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
            } else if ch == separator {
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
