/// A time cell: `10:00 AM` (Google's help), `9:00:00 AM` (English Outlook), `09:00:00` (German
/// Outlook), `14:30`. Read as a wall-clock time; the seconds are optional.
struct SpreadsheetTime: Equatable, Sendable {
    var hour: Int
    var minute: Int
    var second: Int

    /// The time, or nil when the cell is not a time of those forms or names one that does not exist.
    static func read(_ text: String) -> SpreadsheetTime? {
        var clock = Substring(text)
        var meridiem: String?
        // "AM"/"PM" with or without a space; "a.m." as some locales write it.
        let letters = clock.reversed().prefix { !$0.isASCIIDigit && $0 != ":" }
        if !letters.isEmpty {
            meridiem = String(letters.reversed()).filter { $0 != "." && $0 != " " }.uppercased()
            clock = clock.dropLast(letters.count)
        }
        let parts = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count),
            parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy(\.isASCIIDigit) }),
            let hour = Int(parts[0]), let minute = Int(parts[1])
        else { return nil }
        let second = parts.count == 3 ? Int(parts[2]) ?? 60 : 0
        guard minute < 60, second < 60 else { return nil }
        switch meridiem {
        case nil:
            return hour < 24 ? SpreadsheetTime(hour: hour, minute: minute, second: second) : nil
        case "AM", "PM":
            // 12:00 AM is midnight and 12:00 PM noon.
            guard (1...12).contains(hour) else { return nil }
            let base = hour % 12
            return SpreadsheetTime(hour: meridiem == "PM" ? base + 12 : base, minute: minute, second: second)
        default:
            return nil
        }
    }

    var isMidnight: Bool { hour == 0 && minute == 0 && second == 0 }
}

/// The words a calendar CSV writes for yes and no: Google and English Outlook write `True`/`False`,
/// German Outlook `Ein`/`Aus` (and `Wahr`/`Falsch` in some versions).
enum SpreadsheetBoolean {
    private static let yes: Set<String> = ["true", "wahr", "ein", "yes", "ja", "1"]
    private static let no: Set<String> = ["false", "falsch", "aus", "no", "nein", "0", ""]

    /// The value, or nil for a word that is neither.
    static func read(_ text: String) -> Bool? {
        let word = text.lowercased()
        return yes.contains(word) ? true : no.contains(word) ? false : nil
    }
}
