import CalendarModel

/// Why a POSIX TZ string could not be parsed, and where in it.
package struct PosixTimeZoneRuleError: Error, Hashable, CustomStringConvertible {
    package var string: String
    /// Index of the offending byte in `string`'s UTF-8.
    package var position: Int
    package var message: String

    package var description: String { "TZ string \"\(string)\": \(message) (at \(position))" }
}

/// A POSIX TZ string — `CET-1CEST,M3.5.0,M10.5.0/3` — as TZif footers use it (RFC 8536 §3.3) to give a
/// zone's rules after its last listed transition: a standard time, and optionally a daylight saving time
/// with the yearly days and times it starts and ends. Transition times may be negative or beyond 24 hours,
/// RFC 8536 §3.3.1's extension of POSIX. Evaluates for any year, proleptic Gregorian.
package struct PosixTimeZoneRule: ZoneRules, Hashable {
    /// A day of the year in one of POSIX's three forms.
    package enum Day: Hashable, Sendable {
        /// `Jn`: day 1…365, February 29 never counted (J60 is always March 1).
        case julian(Int)
        /// `n`: day 0…365, February 29 counted in leap years.
        case zeroBased(Int)
        /// `Mm.w.d`: weekday `d` (0 = Sunday) of week `w` (1…5, 5 = the last) of month `m`.
        case monthWeekDay(month: Int, week: Int, weekday: Int)
    }

    /// When in a year daylight saving time starts or ends.
    package struct Change: Hashable, Sendable {
        package var day: Day
        /// Seconds after local midnight of `day`, in the local time in effect before the change.
        package var time: Int
    }

    /// The daylight saving half of a TZ string.
    package struct DaylightSaving: Hashable, Sendable {
        package var type: ZoneTimeType
        package var start: Change
        package var end: Change
    }

    package var standard: ZoneTimeType
    /// nil for a zone that keeps one offset all year (`<+0330>-3:30`).
    package var daylight: DaylightSaving?

    package init(_ string: String) throws {
        var parser = PosixTZParser(string: string)
        (standard, daylight) = try parser.parseRule()
    }

    package func offset(atUTC second: Int) -> Int {
        zoneType(atUTC: second).utcOffset
    }

    /// The local time type in effect at an instant.
    package func zoneType(atUTC second: Int) -> ZoneTimeType {
        guard let daylight else { return standard }
        let instant = Self.clamped(second)
        let year = Self.year(containing: instant + standard.utcOffset)
        // The latest start or end at or before the instant decides. Neighbouring years are included
        // because changes may sit days from the year's edge (southern zones, hours past 24); a start
        // wins a tie so a rule that starts each year exactly as the last one ends is DST all year.
        var latest = Int.min, inDaylight = false
        for candidate in (year - 1)...(year + 1) {
            let (start, end) = changes(in: candidate, daylight: daylight)
            if start <= instant, start >= latest { (latest, inDaylight) = (start, true) }
            if end <= instant, end > latest { (latest, inDaylight) = (end, false) }
        }
        return inDaylight ? daylight.type : standard
    }

    /// Every instant in `from..<to` at which the rule starts or ends daylight saving time, ascending.
    /// Some may not change the offset (a DST-all-year rule); callers compare the types either side.
    func changeInstants(from: Int, to: Int) -> [Int] {
        guard let daylight, from < to else { return [] }
        let first = Self.year(containing: Self.clamped(from)) - 1, last = Self.year(containing: Self.clamped(to)) + 1
        var instants: [Int] = []
        for year in first...last {
            let (start, end) = changes(in: year, daylight: daylight)
            instants += [start, end].filter { from <= $0 && $0 < to }
        }
        return Array(Set(instants)).sorted()
    }

    /// The UTC instants daylight saving time starts and ends in `year`: each change's wall-clock time
    /// is read in the offset in effect just before it.
    private func changes(in year: Int, daylight: DaylightSaving) -> (start: Int, end: Int) {
        let start = daylight.start.day.dayNumber(in: year) * 86_400 + daylight.start.time - standard.utcOffset
        let end = daylight.end.day.dayNumber(in: year) * 86_400 + daylight.end.time - daylight.type.utcOffset
        return (start, end)
    }

    /// Instants are held within about a million years of 1970 so year arithmetic cannot overflow; a rule
    /// repeats yearly, so nothing meaningful is lost.
    private static func clamped(_ second: Int) -> Int {
        let limit = 1 << 45
        return min(max(second, -limit), limit)
    }

    private static func year(containing second: Int) -> Int {
        let day = second >= 0 ? second / 86_400 : (second + 1) / 86_400 - 1
        return CalendarDate(dayNumber: day).year
    }
}

extension PosixTimeZoneRule.Day {
    /// Days since 1970-01-01 of this day in `year`.
    func dayNumber(in year: Int) -> Int {
        let januaryFirst = CalendarDate(year: year, month: 1, day: 1).dayNumber
        switch self {
        case .julian(let day):
            return januaryFirst + day - 1 + (CalendarDate.isLeapYear(year) && day >= 60 ? 1 : 0)
        case .zeroBased(let day):
            return januaryFirst + day
        case .monthWeekDay(let month, let week, let weekday):
            let first = CalendarDate(year: year, month: month, day: 1)
            // POSIX counts weekdays from Sunday = 0; CalendarModel's Sunday is 7.
            let firstWeekday = first.weekday.rawValue % 7
            var day = 1 + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
            // Week 5 means the last such weekday, which may be the fourth.
            if day > CalendarDate.daysInMonth(month, year: year) { day -= 7 }
            return first.dayNumber + day - 1
        }
    }
}

/// Reads a TZ string byte by byte: `std offset [dst [offset] [,start[/time],end[/time]]]`.
private struct PosixTZParser {
    let string: String
    let bytes: [UInt8]
    var index = 0

    init(string: String) {
        self.string = string
        bytes = Array(string.utf8)
    }

    mutating func parseRule() throws -> (ZoneTimeType, PosixTimeZoneRule.DaylightSaving?) {
        let standardName = try name()
        // POSIX offsets count hours west of UTC; calbridge counts seconds east.
        let standard = ZoneTimeType(
            utcOffset: -(try duration(maxHours: 24, signed: true)),
            isDST: false, abbreviation: standardName)
        guard index < bytes.count else { return (standard, nil) }
        let daylightName = try name()
        var daylightOffset = standard.utcOffset + 3600
        if index < bytes.count, bytes[index] != UInt8(ascii: ",") {
            daylightOffset = -(try duration(maxHours: 24, signed: true))
        }
        let type = ZoneTimeType(utcOffset: daylightOffset, isDST: true, abbreviation: daylightName)
        let start: PosixTimeZoneRule.Change, end: PosixTimeZoneRule.Change
        if index < bytes.count {
            try expect(",")
            start = try change()
            try expect(",")
            end = try change()
        } else {
            // No rule given: POSIX leaves it to the implementation; tzcode and glibc use the US rules.
            start = .init(day: .monthWeekDay(month: 3, week: 2, weekday: 0), time: 7200)
            end = .init(day: .monthWeekDay(month: 11, week: 1, weekday: 0), time: 7200)
        }
        guard index == bytes.count else { throw failure("unexpected text after the rule") }
        return (standard, .init(type: type, start: start, end: end))
    }

    /// An abbreviation of three or more letters, or `<…>` quoting letters, digits, `+` and `-`.
    private mutating func name() throws -> String {
        let isQuoted = index < bytes.count && bytes[index] == UInt8(ascii: "<")
        if isQuoted { index += 1 }
        let start = index
        while index < bytes.count, isNameByte(bytes[index], quoted: isQuoted) { index += 1 }
        guard index - start >= 3 else {
            index = start
            throw failure("expected a time zone abbreviation of at least three characters")
        }
        let name = String(decoding: bytes[start..<index], as: UTF8.self)
        if isQuoted { try expect(">") }
        return name
    }

    private func isNameByte(_ byte: UInt8, quoted: Bool) -> Bool {
        // Setting bit 5 lowercases an ASCII letter and moves nothing else into a…z.
        let isLetter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
        guard quoted else { return isLetter }
        return isLetter || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
    }

    /// `[+-]hh[:mm[:ss]]` in seconds.
    private mutating func duration(maxHours: Int, signed: Bool) throws -> Int {
        var sign = 1
        if signed, index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
        }
        var seconds = try number(maxDigits: 3, range: 0...maxHours, what: "hours") * 3600
        if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
            index += 1
            seconds += try number(maxDigits: 2, range: 0...59, what: "minutes") * 60
            if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
                index += 1
                seconds += try number(maxDigits: 2, range: 0...59, what: "seconds")
            }
        }
        return sign * seconds
    }

    /// `date[/time]`, the time defaulting to 02:00.
    private mutating func change() throws -> PosixTimeZoneRule.Change {
        let day: PosixTimeZoneRule.Day
        if index < bytes.count, bytes[index] == UInt8(ascii: "J") {
            index += 1
            day = .julian(try number(maxDigits: 3, range: 1...365, what: "Julian day"))
        } else if index < bytes.count, bytes[index] == UInt8(ascii: "M") {
            index += 1
            let month = try number(maxDigits: 2, range: 1...12, what: "month")
            try expect(".")
            let week = try number(maxDigits: 1, range: 1...5, what: "week")
            try expect(".")
            day = .monthWeekDay(month: month, week: week, weekday: try number(maxDigits: 1, range: 0...6, what: "weekday"))
        } else {
            day = .zeroBased(try number(maxDigits: 3, range: 0...365, what: "day of year"))
        }
        var time = 7200
        if index < bytes.count, bytes[index] == UInt8(ascii: "/") {
            index += 1
            time = try duration(maxHours: 167, signed: true)
        }
        return .init(day: day, time: time)
    }

    private mutating func number(maxDigits: Int, range: ClosedRange<Int>, what: String) throws -> Int {
        let start = index
        var value = 0
        while index < bytes.count, index - start < maxDigits,
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
        {
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            index += 1
        }
        guard index > start else { throw failure("expected \(what)") }
        guard range.contains(value) else {
            index = start
            throw failure("\(what) \(value) is outside \(range.lowerBound)…\(range.upperBound)")
        }
        return value
    }

    private mutating func expect(_ character: Unicode.Scalar) throws {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else {
            throw failure("expected \"\(character)\"")
        }
        index += 1
    }

    private func failure(_ message: String) -> PosixTimeZoneRuleError {
        PosixTimeZoneRuleError(string: string, position: index, message: message)
    }
}
