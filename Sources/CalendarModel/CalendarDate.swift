/// A day of the proleptic Gregorian calendar, with the arithmetic recurrence and validation need
/// (no Foundation `Calendar`, which is slow in hot loops and depends on the process locale).
public struct CalendarDate: Hashable, Comparable, Sendable, Codable {
    public var year: Int
    public var month: Int
    public var day: Int

    @inlinable
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    public static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Whether the month exists and has that day (`2026-02-30` does not).
    public var isValid: Bool {
        (1...9999).contains(year) && (1...12).contains(month)
            && day >= 1 && day <= CalendarDate.daysInMonth(month, year: year)
    }

    /// Days since 1970-01-01 (negative before), by the civil-from-days algorithm. This and the
    /// day arithmetic below are inlinable: recurrence and schedules call them per day.
    @inlinable
    public var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    @inlinable
    public init(dayNumber: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.init(year: yoe + era * 400 + (m <= 2 ? 1 : 0), month: m, day: d)
    }

    /// The day of the week, Monday = 1 … Sunday = 7.
    @inlinable
    public var weekday: Weekday {
        Self.weekday(ofDayNumber: dayNumber)
    }

    /// The day of the week of a day number, for loops that walk day numbers without building dates.
    @inlinable
    package static func weekday(ofDayNumber dayNumber: Int) -> Weekday {
        // 1970-01-01 was a Thursday (4).
        let index = ((dayNumber % 7) + 7 + 3) % 7
        // The index is 0...6 and the raw values are 1...7, so every index names a day.
        return Weekday(rawValue: index + 1)!
    }

    @inlinable
    public func adding(days: Int) -> CalendarDate {
        CalendarDate(dayNumber: dayNumber + days)
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// `20260329`.
    public var basicFormat: String {
        Digits.dateTimeText(self, nil, separated: false)
    }

    /// `2026-03-29`.
    public var isoFormat: String {
        Digits.dateTimeText(self, nil, separated: true)
    }

    /// Appends `2026-03-29` as UTF-8: what `expand` writes for every occurrence, without a String each.
    package func appendISOFormat(to bytes: inout [UInt8]) {
        Digits.appendDateTime(self, nil, separated: true, to: &bytes)
    }
}

/// Zero-padded decimal formatting and fixed-width parsing without Foundation formatters.
package enum Digits {
    /// Appends `value` zero-padded to `width` digits (all of them when wider; a minus sign when negative).
    package static func append(_ value: Int, _ width: Int, to bytes: inout [UInt8]) {
        // Months, days, hours, minutes and seconds: five of the six fields of every time `expand`
        // writes, so they skip the loop that finds the width.
        if width == 2 && value >= 0 && value < 100 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / 10))
            bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
            return
        }
        guard value >= 0 else { bytes += String(value).utf8; return }
        var divisor = 1, digits = 1
        while digits < width || value / divisor >= 10 {
            divisor *= 10
            digits += 1
        }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }

    /// Appends a date, and a time when one is given: `2026-03-29T09:05:00` separated (ISO 8601),
    /// `20260329T090500` not (iCalendar). The text is made on the stack and appended at once, as
    /// appending byte by byte checks the array's room and uniqueness each time (half of what writing
    /// `expand`'s occurrences cost); a year past 9999 or a field past 99 is written field by field.
    static func appendDateTime(
        _ date: CalendarDate, _ time: (hour: Int, minute: Int, second: Int)?, separated: Bool,
        to bytes: inout [UInt8]
    ) {
        let twoDigits = 0...99
        guard (0...9999).contains(date.year), twoDigits.contains(date.month), twoDigits.contains(date.day),
            time.map({ twoDigits.contains($0.hour) && twoDigits.contains($0.minute) && twoDigits.contains($0.second) }) ?? true
        else { return appendFieldByField(date, time, separated: separated, to: &bytes) }
        var text: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &text) { out in
            var end = 0
            func put(_ value: Int, _ width: Int, after separator: UInt8?) {
                if let separator { out[end] = separator; end += 1 }
                var rest = value
                for index in (end..<end + width).reversed() {
                    out[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                end += width
            }
            let dash: UInt8? = separated ? UInt8(ascii: "-") : nil
            put(date.year, 4, after: nil)
            put(date.month, 2, after: dash)
            put(date.day, 2, after: dash)
            if let time {
                let colon: UInt8? = separated ? UInt8(ascii: ":") : nil
                put(time.hour, 2, after: UInt8(ascii: "T"))
                put(time.minute, 2, after: colon)
                put(time.second, 2, after: colon)
            }
            bytes.append(contentsOf: out[..<end])
        }
    }

    /// `appendDateTime`'s text as a string, with `suffix` (the `Z` of a UTC time) after it.
    static func dateTimeText(
        _ date: CalendarDate, _ time: (hour: Int, minute: Int, second: Int)?, separated: Bool,
        suffix: UInt8? = nil
    ) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20)
        appendDateTime(date, time, separated: separated, to: &bytes)
        if let suffix { bytes.append(suffix) }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func appendFieldByField(
        _ date: CalendarDate, _ time: (hour: Int, minute: Int, second: Int)?,
        separated: Bool, to bytes: inout [UInt8]
    ) {
        let fields =
            [(date.year, 4), (date.month, 2), (date.day, 2)]
            + (time.map { [($0.hour, 2), ($0.minute, 2), ($0.second, 2)] } ?? [])
        for (index, (value, width)) in fields.enumerated() {
            if index == 3 {
                bytes.append(UInt8(ascii: "T"))
            } else if index > 0 && separated {
                bytes.append(UInt8(ascii: index < 3 ? "-" : ":"))
            }
            append(value, width, to: &bytes)
        }
    }

    /// The number in `bytes[range]` when it is all ASCII digits.
    static func parse<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Int? {
        guard !bytes.isEmpty else { return nil }
        var n = 0
        for b in bytes {
            guard b >= 48, b <= 57 else { return nil }
            n = n * 10 + Int(b - 48)
        }
        return n
    }
}
