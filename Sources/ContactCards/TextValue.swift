import CalendarModel

/// vCard text values: backslash escapes (RFC 6350 §3.4, RFC 2426 §4) and the `;`-separated
/// components of structured values such as N and ORG.
enum TextValue {
    /// Splits on `separator` where it is not escaped; escapes stay for `unescape` to resolve.
    static func components(_ text: String, separator: Character) -> [String] {
        TextEscaping.split(text, at: separator)
    }

    /// The escapes decoded; an escape vCard does not define is kept as written.
    static func unescape(_ text: String) -> String {
        TextEscaping.unescape(text, unknown: .asWritten)
    }

    /// Unescaped and trimmed of white space and line breaks; `nil` when nothing is left.
    static func meaningful(_ text: String) -> String? {
        let trimmed = self.trimmed(unescape(text))
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Without white space and line breaks at either end.
    static func trimmed(_ text: String) -> String {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
            let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(text[first...last])
    }
}
