/// A wall-clock date and time without a zone attached.
public struct LocalDateTime: Hashable, Comparable, Sendable, Codable {
    public var date: CalendarDate
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init(date: CalendarDate, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.date = date
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// Whether the date exists and the time is within a day (a leap second, `:60`, is allowed).
    public var isValid: Bool {
        date.isValid && (0...23).contains(hour) && (0...59).contains(minute) && (0...60).contains(second)
    }

    /// Seconds since 1970-01-01T00:00:00 of the same wall clock, for ordering and arithmetic.
    public var secondsSinceEpoch: Int {
        date.dayNumber * 86_400 + hour * 3600 + minute * 60 + second
    }

    public init(secondsSinceEpoch s: Int) {
        let days = s >= 0 ? s / 86_400 : (s - 86_399) / 86_400
        let rest = s - days * 86_400
        self.init(date: CalendarDate(dayNumber: days), hour: rest / 3600, minute: rest % 3600 / 60, second: rest % 60)
    }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        (lhs.date, lhs.hour, lhs.minute, lhs.second) < (rhs.date, rhs.hour, rhs.minute, rhs.second)
    }

    /// `19970902T090000`.
    public var basicFormat: String {
        Digits.dateTimeText(date, (hour, minute, second), separated: false)
    }

    /// `1997-09-02T09:00:00`.
    public var isoFormat: String {
        Digits.dateTimeText(date, (hour, minute, second), separated: true)
    }

    /// Appends `1997-09-02T09:00:00` as UTF-8.
    package func appendISOFormat(to bytes: inout [UInt8]) {
        Digits.appendDateTime(date, (hour, minute, second), separated: true, to: &bytes)
    }
}

/// The four kinds of iCalendar date values, kept apart because they mean different instants:
/// an all-day date, a floating wall-clock time, a UTC instant, and a wall-clock time in a named zone.
public enum DateValue: Hashable, Sendable {
    case date(CalendarDate)
    case floating(LocalDateTime)
    case utc(LocalDateTime)
    case zoned(LocalDateTime, tzid: String)

    /// Reads a DATE or DATE-TIME in basic format, with `tzid` from the TZID parameter.
    /// Returns `nil` for text that is not one, or names a day or time that does not exist.
    public init?(icalendar text: String, tzid: String? = nil) {
        // Read in place: dates are parsed many times per event (checks, expansion), and an array
        // of the bytes each time was a measurable share of `expand`.
        var text = text
        guard let value = text.withUTF8({ Self.parse($0, tzid: tzid) }) else { return nil }
        self = value
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, tzid: String?) -> DateValue? {
        guard bytes.count >= 8, let year = Digits.parse(bytes[0..<4]), let month = Digits.parse(bytes[4..<6]),
            let day = Digits.parse(bytes[6..<8])
        else { return nil }
        let date = CalendarDate(year: year, month: month, day: day)
        if bytes.count == 8 {
            return date.isValid ? .date(date) : nil
        }
        guard bytes.count == 15 || (bytes.count == 16 && bytes[15] == UInt8(ascii: "Z")),
            bytes[8] == UInt8(ascii: "T"),
            let hour = Digits.parse(bytes[9..<11]), let minute = Digits.parse(bytes[11..<13]),
            let second = Digits.parse(bytes[13..<15])
        else { return nil }
        let local = LocalDateTime(date: date, hour: hour, minute: minute, second: second)
        guard local.isValid else { return nil }
        if bytes.count == 16 { return .utc(local) }
        if let tzid, !tzid.isEmpty { return .zoned(local, tzid: tzid) }
        return .floating(local)
    }

    /// Reads the value of a DTSTART-like property, honouring its TZID parameter.
    public init?(property: borrowing Property) {
        guard let value = Self.read(property.value, tzid: property[parameter: "TZID"]) else { return nil }
        self = value
    }

    /// A DTSTART-like property's value read with its TZID, from the two parts alone, so that a
    /// property need not be copied out of its component to be read: DTSTART is read several times
    /// an event. Trailing whitespace is a common exporter slip (the date is still the date); it is
    /// cut off the bytes in place, since a date is ASCII and what the bytes leave is what the
    /// characters would.
    package static func read(_ value: String, tzid: String?) -> DateValue? {
        var text = value
        return text.withUTF8 { parse(withoutTrailingBlanks($0), tzid: tzid) }
    }

    private static func withoutTrailingBlanks(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var end = bytes.count
        while end > 0 && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[0..<end])
    }

    /// The value as iCalendar writes it: `19970902`, `19970902T090000` or `19970902T090000Z`.
    public var icalendarText: String {
        switch self {
        case .date(let d): return d.basicFormat
        case .floating(let t), .zoned(let t, _): return t.basicFormat
        case .utc(let t):
            return Digits.dateTimeText(t.date, (t.hour, t.minute, t.second), separated: false, suffix: UInt8(ascii: "Z"))
        }
    }

    /// The value as a property, with `VALUE=DATE` or `TZID` as needed.
    public func property(named name: String) -> Property {
        switch self {
        case .date: return Property(name: name, parameters: [.value(.date)], value: icalendarText)
        case .zoned(_, let tzid): return Property(name: name, parameters: [Parameter("TZID", tzid)], value: icalendarText)
        case .floating, .utc: return Property(name: name, value: icalendarText)
        }
    }

    public var isAllDay: Bool {
        if case .date = self { return true }
        return false
    }

    /// The zone name for a zoned value.
    public var tzid: String? {
        if case .zoned(_, let tzid) = self { return tzid }
        return nil
    }

    /// The wall-clock reading (midnight for a date).
    public var local: LocalDateTime {
        switch self {
        case .date(let d): return LocalDateTime(date: d)
        case .floating(let t), .utc(let t), .zoned(let t, _): return t
        }
    }
}
