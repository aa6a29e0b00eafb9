extension DateValue {
    /// A date or date-time as a command-line option gives it: in the basic form iCalendar writes
    /// (`20260105`, `20260105T090000`, `20260105T090000Z`) or in the ISO 8601 extended form people
    /// type (`2026-01-05`, `2026-01-05T09:00:00Z`), the seconds optional (`T09:00`, `T0900`). `nil`
    /// for any other text and for a day or time that does not exist. Every date option reads
    /// through it, so each takes both forms (SPEC, "Commands").
    package init?(option text: String) {
        let parts = text.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        guard let day = Self.digits(parts[0], separator: "-", groups: [4, 2, 2]) else { return nil }
        guard parts.count == 2 else {
            self.init(icalendar: day)
            return
        }
        let utc = parts[1].hasSuffix("Z")
        let time = utc ? parts[1].dropLast() : parts[1]
        guard
            let clock = Self.digits(time, separator: ":", groups: [2, 2, 2])
                ?? Self.digits(time, separator: ":", groups: [2, 2]).map({ $0 + "00" })
        else { return nil }
        self.init(icalendar: day + "T" + clock + (utc ? "Z" : ""))
    }

    /// The digits of `text` when it is `groups` of digits, written together (`20260105`) or with
    /// `separator` between every two groups (`2026-01-05`); nil for any other text.
    private static func digits(_ text: Substring, separator: Character, groups: [Int]) -> String? {
        let pieces = text.split(separator: separator, omittingEmptySubsequences: false)
        let digits = pieces.joined()
        guard digits.count == groups.reduce(0, +), digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            pieces.count == 1 || pieces.map(\.count) == groups
        else { return nil }
        return String(digits)
    }
}
