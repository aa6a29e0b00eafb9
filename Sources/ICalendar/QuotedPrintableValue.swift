import CalendarModel
import ContentLines

/// `ENCODING=QUOTED-PRINTABLE` inside iCalendar 2.0, which old Nokia phones and Outlook exports
/// write although RFC 5545 has no such encoding: the value is decoded (with its CHARSET) the way
/// vCard 2.1 and vCalendar 1.0 values are, and a soft line break (`=` at a line's end) joins the
/// next line. The decoded bytes are an iCalendar value still escaped as its producer escaped it;
/// only the line breaks `=0D=0A` made are written as `\n`, since a raw one would end the line.
enum QuotedPrintableValue {
    static let message = "ENCODING=QUOTED-PRINTABLE, vCalendar 1.0's, which RFC 5545 does not have (it allows only 8BIT or BASE64)"
    static let repair = "decodes the value"

    /// Whether a pending content line is a quoted-printable value ending in a soft line break, so
    /// the next physical line continues it. Asked only of a line that ends in `=`.
    static func endsInSoftBreak(_ line: [UInt8]) -> Bool {
        guard let colon = ContentLineLexer.valueColon(line) else { return false }
        return QuotedPrintable.isSaid(by: line[..<colon])
    }

    /// Where the property's ENCODING=QUOTED-PRINTABLE is, `nil` when it has none.
    static func encodingIndex(in property: Property) -> Int? {
        property.parameters.firstIndex { $0.name == "ENCODING" && $0.values.first?.uppercased() == "QUOTED-PRINTABLE" }
    }

    /// The property with its value decoded and the ENCODING and CHARSET parameters spent on it.
    static func decoded(_ property: Property) -> Property {
        let charset = property[parameter: "CHARSET"]
        let bytes = QuotedPrintable.decode(Array(property.value.utf8)[...])
        var text = ValueCharset.decode(bytes, charset: charset).text
        if text.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            text = text.replacingLineBreaks()
        }
        var decoded = property
        decoded.value = text
        decoded.parameters.removeAll { $0.name == "CHARSET" || $0.name == "ENCODING" }
        return decoded
    }
}

extension String {
    /// Each line break (CRLF, LF or CR) written as iCalendar's `\n`.
    fileprivate func replacingLineBreaks() -> String {
        var out = ""
        for character in self {
            if character == "\r\n" || character == "\n" || character == "\r" { out += "\\n" } else { out.append(character) }
        }
        return out
    }
}
