/// vCard text values: backslash escapes (RFC 6350 §3.4, RFC 2426 §4) and the `;`-separated
/// components of structured values such as N and ORG.
enum TextValue {
    /// Splits on `separator` where it is not escaped; escapes stay for `unescape` to resolve.
    static func components(_ text: String, separator: Character) -> [String] {
        var parts: [String] = []
        var current = ""
        var escaped = false
        for character in text {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                current.append(character)
                escaped = true
            } else if character == separator {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        return parts
    }

    /// `\,` `\;` `\:` `\\` become the character, `\n` and `\N` a line break; any other escape is
    /// kept as written, since dropping the backslash could change what the writer meant.
    static func unescape(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "\\")) else { return text }
        var out = ""
        var escaped = false
        for character in text {
            if escaped {
                switch character {
                case "n", "N": out.append("\n")
                case ",", ";", ":", "\\": out.append(character)
                default: out.append("\\"); out.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                out.append(character)
            }
        }
        if escaped { out.append("\\") }
        return out
    }

    /// Unescaped and trimmed of white space and line breaks; `nil` when nothing is left.
    static func meaningful(_ text: String) -> String? {
        let trimmed = self.trimmed(unescape(text))
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Without white space and line breaks at either end.
    static func trimmed(_ text: String) -> String {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
              let last = text.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(text[first...last])
    }
}
