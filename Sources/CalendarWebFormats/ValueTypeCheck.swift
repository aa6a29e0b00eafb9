import CalendarModel

/// Whether a raw value is a value of its type, so that xCal and jCal never dress as a date (or a
/// rule, a number…) a value that is none — a `DTSTART:INVALID-DATE` a lenient reading kept: such a
/// value travels as `unknown` text, with its VALUE parameter, and comes back as it was written.
enum ValueTypeCheck {
    static func reads(_ raw: String, as type: String, layout: PropertyDesign.Layout) -> Bool {
        // Text is most of what is written and any text reads as text: nothing is cut or split for it.
        if type == "text" { return true }
        switch layout {
        case .single: return item(raw, type)
        case .list: return ValueCodec.split(raw, at: ",").allSatisfy { item($0, type) }
        case .structured: return type != "float" || floats(raw)
        }
    }

    private static func item(_ raw: String, _ type: String) -> Bool {
        let value = raw.trailingBlanksRemoved
        switch type {
        case "date": return isDate(DateValue(icalendar: value))
        case "date-time": return DateValue(icalendar: value).map { !isDate($0) } == true
        case "duration": return CalendarDuration(icalendar: value) != nil
        case "recur": return (try? RecurrenceRule(parsing: value)) != nil
        case "integer": return Int(value) != nil
        case "float": return Double(value) != nil
        case "boolean": return ["TRUE", "FALSE"].contains(value.uppercased())
        case "period": return period(value)
        case "utc-offset": return offset(value)
        case "time": return time(value)
        default: return true
        }
    }

    private static func isDate(_ value: DateValue?) -> Bool {
        if case .date = value { return true }
        return false
    }

    /// GEO's two floats.
    private static func floats(_ raw: String) -> Bool {
        let parts = raw.split(separator: ";", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { Double($0) != nil }
    }

    /// A start and an end or a duration; the duration is carried as written (RFC 6321's own example
    /// writes `P1H`), so only its form is looked at.
    private static func period(_ value: String) -> Bool {
        guard let (start, rest) = periodHalves(value), DateValue(icalendar: start) != nil else { return false }
        return DateValue(icalendar: rest) != nil || isPeriodDuration(rest)
    }

    /// A period's text cut at its first '/', an empty start kept: the one cut the check and the
    /// writers (`TypedValue`) share, so that what passes here is the period they write.
    static func periodHalves(_ value: String) -> (start: String, rest: String)? {
        let halves = value.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        return halves.count == 2 ? (String(halves[0]), String(halves[1])) : nil
    }

    /// Whether a period's second half is its duration (`PT1H`, one sign at most) rather than its end.
    static func isPeriodDuration(_ rest: String) -> Bool {
        rest.hasPrefix("P") || rest.hasPrefix("-P") || rest.hasPrefix("+P")
    }

    /// `+hhmm` or `-hhmmss`.
    private static func offset(_ value: String) -> Bool {
        let bytes = Array(value.utf8)
        guard bytes.count == 5 || bytes.count == 7, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-") else { return false }
        return bytes.dropFirst().allSatisfy(isDigit)
    }

    /// `hhmmss` with an optional `Z`.
    private static func time(_ value: String) -> Bool {
        let bytes = Array(value.utf8)
        let digits = bytes.last == UInt8(ascii: "Z") ? bytes.dropLast() : bytes[...]
        return digits.count == 6 && digits.allSatisfy(isDigit)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
