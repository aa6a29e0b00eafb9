import CalendarModel

/// The small values of a timetable, read the same way from JSON and CSV; each returns nil after
/// adding a problem at `place`.
extension TimetableProblems {
    /// The longest calendar id read. The id goes into the UID of every event the timetable makes, so
    /// a long one would multiply by the number of lectures (a 60 KB id took minutes to refuse).
    static let longestCalendarID = 200

    /// The first control character other than tab and line feed, as `U+0001`: iCalendar text
    /// cannot carry one (RFC 5545 §3.3.11), so the calendar made from the timetable could not.
    static func controlCharacter(in text: String) -> String? {
        guard let scalar = text.unicodeScalars.first(where: { $0.value < 0x20 && $0 != "\t" && $0 != "\n" }) else { return nil }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: 4 - hex.count) + hex
    }

    /// Reports an id too long for a calendar's UIDs.
    mutating func checkCalendarID(_ id: String, at place: String) {
        let length = id.count
        if length > Self.longestCalendarID {
            add(
                place,
                "the calendar id is \(length) characters long; use at most \(Self.longestCalendarID) (it is part of every event's UID)")
        }
    }

    /// `YYYY-MM-DD`, a day that exists.
    mutating func date(_ text: String, at place: String) -> CalendarDate? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, let year = Self.digits(parts[0], 4), let month = Self.digits(parts[1], 2),
            let day = Self.digits(parts[2], 2)
        else {
            add(place, "\"\(text)\" is not a date YYYY-MM-DD")
            return nil
        }
        let date = CalendarDate(year: year, month: month, day: day)
        guard date.isValid else {
            add(place, "\"\(text)\" is not a day of the calendar")
            return nil
        }
        return date
    }

    /// `HH:MM` as minutes after midnight. A one-digit hour (`8:15`) is taken too, because spreadsheets
    /// drop the leading zero when they save a CSV.
    mutating func time(_ text: String, at place: String) -> Int? {
        guard let minutes = Self.minutes(text) else {
            add(place, "\"\(text)\" is not a time HH:MM")
            return nil
        }
        return minutes
    }

    /// `YYYY-MM-DDTHH:MM`, seconds (`:SS`) allowed.
    mutating func localDateTime(_ text: String, at place: String) -> LocalDateTime? {
        let parts = text.split(separator: "T", omittingEmptySubsequences: false)
        let clock = parts.count == 2 ? parts[1].split(separator: ":", omittingEmptySubsequences: false) : []
        guard (2...3).contains(clock.count), let hour = Self.digits(clock[0], 2), let minute = Self.digits(clock[1], 2),
            let second = clock.count == 3 ? Self.digits(clock[2], 2) : 0
        else {
            add(place, "\"\(text)\" is not a date and time YYYY-MM-DDTHH:MM")
            return nil
        }
        guard let date = date(String(parts[0]), at: place) else { return nil }
        let value = LocalDateTime(date: date, hour: hour, minute: minute, second: second)
        guard value.isValid, second < 60 else {
            add(place, "\"\(text)\" is not a time of day")
            return nil
        }
        return value
    }

    /// `MO` … `SU`.
    mutating func weekday(_ text: String, at place: String) -> Weekday? {
        guard text.count == 2, let weekday = Weekday(code: text) else {
            add(place, "\"\(text)\" is not a weekday; use MO, TU, WE, TH, FR, SA or SU")
            return nil
        }
        return weekday
    }

    /// `all`, `odd`, `even`, or ISO week numbers apart by `;`, `,` or spaces (`12;14;16`, `12 14 16`).
    mutating func weeks(_ text: String, at place: String) -> Timetable.Weeks? {
        switch text.lowercased() {
        case "all": return .all
        case "odd": return .odd
        case "even": return .even
        default: break
        }
        let items = text.split(whereSeparator: { $0 == ";" || $0 == "," || $0 == " " })
        let numbers = items.compactMap { Int($0) }
        guard !items.isEmpty, numbers.count == items.count else {
            add(place, "\"\(text)\" is not a weeks value; use all, odd, even or a list of ISO week numbers")
            return nil
        }
        return weekList(numbers, at: place)
    }

    /// ISO week numbers, each in 1…53.
    mutating func weekList(_ numbers: [Int], at place: String) -> Timetable.Weeks? {
        guard !numbers.isEmpty else {
            add(place, "the week list is empty, so the lecture would never take place")
            return nil
        }
        let outside = numbers.filter { !(1...53).contains($0) }
        guard outside.isEmpty else {
            let list = outside.map(String.init).joined(separator: ", ")
            add(
                place,
                outside.count == 1
                    ? "week \(list) is outside the ISO weeks 1…53"
                    : "weeks \(list) are outside the ISO weeks 1…53")
            return nil
        }
        return .list(numbers)
    }

    static func minutes(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), let hour = digits(parts[0], parts[0].count),
            let minute = digits(parts[1], 2), hour < 24, minute < 60
        else { return nil }
        return hour * 60 + minute
    }

    /// `HH:MM` of minutes after midnight, for messages.
    static func clock(_ minutes: Int) -> String {
        let hour = minutes / 60, minute = minutes % 60
        return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }

    /// Exactly `count` ASCII digits; `Int(_:)` alone would also take a sign.
    private static func digits(_ text: Substring, _ count: Int) -> Int? {
        guard text.utf8.count == count, text.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Int(text)
    }
}
