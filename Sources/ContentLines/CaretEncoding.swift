/// RFC 6868's escapes for parameter values, which can hold neither a DQUOTE nor a line break:
/// `^'` is `"`, `^n` a line break, `^^` a caret. The model keeps values decoded, so xCal and jCal
/// (which need no such escapes) carry them as they are meant.
@usableFromInline
package enum CaretEncoding {
    /// The value with its escapes decoded; the lexer calls it only for values holding a caret.
    @usableFromInline
    package static func decode(_ raw: String) -> String {
        var out = ""
        var pendingCaret = false
        for ch in raw {
            if pendingCaret {
                switch ch {
                case "^": out.append("^")
                case "n", "N": out.append("\n")
                case "'": out.append("\"")
                // Any other pair is not an escape and stays as written (RFC 6868 §3).
                default: out.append("^"); out.append(ch)
                }
                pendingCaret = false
            } else if ch == "^" {
                pendingCaret = true
            } else {
                out.append(ch)
            }
        }
        if pendingCaret { out.append("^") }
        return out
    }

    /// The value with `^`, `"` and line breaks escaped; writers call it only for values holding one.
    package static func encode(_ value: String) -> String {
        var out = ""
        for ch in value {
            switch ch {
            case "^": out += "^^"
            case "\"": out += "^'"
            case "\n", "\r\n", "\r": out += "^n"
            default: out.append(ch)
            }
        }
        return out
    }
}
