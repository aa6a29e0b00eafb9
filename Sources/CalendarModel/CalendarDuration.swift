/// A DURATION value (RFC 5545 §3.3.6): weeks, or days and a time, possibly negative.
public struct CalendarDuration: Hashable, Sendable, Codable {
    public var isNegative = false
    public var weeks = 0
    public var days = 0
    public var hours = 0
    public var minutes = 0
    public var seconds = 0

    public init(isNegative: Bool = false, weeks: Int = 0, days: Int = 0, hours: Int = 0, minutes: Int = 0, seconds: Int = 0) {
        self.isNegative = isNegative
        self.weeks = weeks
        self.days = days
        self.hours = hours
        self.minutes = minutes
        self.seconds = seconds
    }

    /// Reads `P1W`, `-PT15M`, `P1DT2H3M4S`; `nil` for anything else.
    public init?(icalendar text: String) {
        var chars = Substring(text)
        if chars.first == "+" || chars.first == "-" {
            isNegative = chars.removeFirst() == "-"
        }
        guard chars.first == "P" else { return nil }
        chars.removeFirst()
        var inTime = false, number = "", sawUnit = false
        for ch in chars {
            if ch.isASCII && ch.isNumber { number.append(ch); continue }
            if ch == "T" && !inTime && number.isEmpty { inTime = true; continue }
            guard let n = Int(number) else { return nil }
            number = ""
            sawUnit = true
            switch (ch, inTime) {
            case ("W", false): weeks = n
            case ("D", false): days = n
            case ("H", true): hours = n
            case ("M", true): minutes = n
            case ("S", true): seconds = n
            default: return nil
            }
        }
        guard sawUnit, number.isEmpty, isWithinReach else { return nil }
    }

    /// Reads what `init?(icalendar:)` reads and, where the meaning is plain, the forms producers write
    /// with the designators wrong: lower case, a missing or misplaced `T` (`P1H`, `PT1D`; a duration of
    /// iCalendar has no months, so `M` is minutes), weeks with days (`P1W2D`), the sign after the `P`
    /// (`PT-2H`, which khal's test data has). `nil` for text with a number without its unit or a unit
    /// given twice.
    public init?(reading text: String) {
        if let strict = CalendarDuration(icalendar: text) {
            self = strict
            return
        }
        var chars = Substring(text.uppercased().trailingBlanksRemoved.drop { $0 == " " })
        if chars.first == "+" || chars.first == "-" { isNegative = chars.removeFirst() == "-" }
        guard chars.first == "P" else { return nil }
        var number = "", seen: Set<Character> = []
        for ch in chars.dropFirst() where ch != "T" {
            if ch.isASCII && ch.isNumber { number.append(ch); continue }
            if (ch == "-" || ch == "+") && number.isEmpty && seen.isEmpty {
                isNegative = isNegative != (ch == "-")
                continue
            }
            guard let n = Int(number), seen.insert(ch).inserted else { return nil }
            number = ""
            switch ch {
            case "W": weeks = n
            case "D": days = n
            case "H": hours = n
            case "M": minutes = n
            case "S": seconds = n
            default: return nil
            }
        }
        guard !seen.isEmpty, number.isEmpty, isWithinReach else { return nil }
    }

    /// The longest span read as a duration: 10^12 seconds, about 31,700 years, more than any two
    /// dates of iCalendar (years 0000–9999) lie apart. A longer one (`P999999999999999999W`, in
    /// python icalendar's tests) could only overflow the arithmetic that adds it to a date, so it
    /// is not a duration calbridge can use: it stays in the file as written and is reported.
    private static var longestSeconds: Double { 1e12 }

    private var isWithinReach: Bool {
        let parts = [(weeks, 604_800.0), (days, 86_400.0), (hours, 3_600.0), (minutes, 60.0), (seconds, 1.0)]
        return parts.reduce(0.0) { $0 + Double($1.0) * $1.1 } <= Self.longestSeconds
    }

    /// The duration in RFC 5545's form (`-P1W`, `P1DT2H`, `PT0S`).
    public var icalendarText: String {
        var text = isNegative ? "-P" : "P"
        if weeks > 0 && days == 0 && hours == 0 && minutes == 0 && seconds == 0 { return text + "\(weeks)W" }
        if weeks * 7 + days > 0 { text += "\(weeks * 7 + days)D" }
        guard hours > 0 || minutes > 0 || seconds > 0 || weeks * 7 + days == 0 else { return text }
        text += "T"
        if hours > 0 { text += "\(hours)H" }
        if minutes > 0 { text += "\(minutes)M" }
        if seconds > 0 || (hours == 0 && minutes == 0) { text += "\(seconds)S" }
        return text
    }

    /// The length in seconds, with days counted as 24 hours (the caller applies nominal days to
    /// wall-clock times where RFC 5545 §3.3.6 asks for it).
    public var totalSeconds: Int {
        let s = ((weeks * 7 + days) * 24 + hours) * 3600 + minutes * 60 + seconds
        return isNegative ? -s : s
    }
}
