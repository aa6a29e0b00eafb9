import CalendarModel
import ContentLines

/// Whether a line the reader kept as written (`Property.unreadableLine`) is read back as that same
/// kept line when written verbatim. Where it is not — it is empty (its bytes were control
/// characters), begins with a blank (a fold), names a component (`END:VCALENDAR` joined from a lost
/// fold), ends in a quoted-printable soft break (it would take the line written after it as its
/// rest), or now reads as a property (its bytes were mended to UTF-8) — the writer gives it as the
/// `X-CALBRIDGE-UNREADABLE-LINE` property it is held as, which reads back the same.
enum KeptLine {
    static func readsBack(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, first != 0x20, first != 0x09 else { return false }
        guard ComponentParser.structuralName("BEGIN:", bytes[...]) == nil, ComponentParser.structuralName("END:", bytes[...]) == nil else {
            return false
        }
        if bytes.last == UInt8(ascii: "="), QuotedPrintableValue.endsInSoftBreak(bytes) { return false }
        var line = UnfoldedLine()
        line.start(bytes[...], at: 1)
        return ContentLineParser.parse(line).property?.isUnreadableLine == true
    }
}
