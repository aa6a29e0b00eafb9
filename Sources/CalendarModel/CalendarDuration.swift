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
        guard sawUnit, number.isEmpty else { return nil }
    }

    /// The length in seconds, with days counted as 24 hours (the caller applies nominal days to
    /// wall-clock times where RFC 5545 §3.3.6 asks for it).
    public var totalSeconds: Int {
        let s = ((weeks * 7 + days) * 24 + hours) * 3600 + minutes * 60 + seconds
        return isNegative ? -s : s
    }
}
