/// The backslash escapes of iCalendar TEXT values (RFC 5545 §3.3.11).
public enum TextEscaping {
    /// Decodes `\\`, `\;`, `\,` and `\n`/`\N`; an unknown escape keeps its character.
    public static func unescape(_ raw: String) -> String {
        guard raw.utf8.contains(UInt8(ascii: "\\")) else { return raw }
        var out = ""
        out.reserveCapacity(raw.utf8.count)
        var escaping = false
        for ch in raw {
            if escaping {
                out.append(ch == "n" || ch == "N" ? "\n" : ch)
                escaping = false
            } else if ch == "\\" {
                escaping = true
            } else {
                out.append(ch)
            }
        }
        if escaping { out.append("\\") }
        return out
    }

    /// Encodes a text so that it reads back as itself.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for ch in text {
            switch ch {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n", "\r\n": out += "\\n"
            default: out.append(ch)
            }
        }
        return out
    }

    /// Splits a multi-valued raw value at the commas that are not escaped.
    public static func splitList(_ raw: String) -> [String] {
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
