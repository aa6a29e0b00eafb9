/// A value type of iCalendar (RFC 5545 §3.3, RFC 9253's UID and XML-REFERENCE), as a VALUE parameter
/// names it and ``PropertyDesignTable`` gives it to each property: the one place a type's names and its
/// check live. A VALUE's text becomes a ``ValueType`` once, where it is read (`init(name:)`); everything
/// after switches over the cases, so a new type is a new case here, and the compiler names every
/// switch that must say what it does with it.
package enum ValueType: Hashable, Sendable, CaseIterable {
    case binary, boolean, calendarAddress, date, dateTime, duration, float, integer, period, recur, text, time, uri, utcOffset
    /// RFC 9253 §7: RELATED-TO;VALUE=UID.
    case uid
    /// RFC 9253 §8.2: LINK;VALUE=XML-REFERENCE.
    case xmlReference
    /// What xCal and jCal call a value of no known type (RFC 6321 §5, RFC 7265 §5): X- and unknown
    /// properties and values that are not of their type travel as written.
    case unknown
    /// Any other name a VALUE parameter gives (an x-name or an IANA token), in lower case, kept so the
    /// writers give it back as written.
    case other(String)

    /// The types with a name of their own (every case but `other`).
    package static let allCases: [ValueType] = [
        .binary, .boolean, .calendarAddress, .date, .dateTime, .duration, .float, .integer, .period, .recur, .text, .time, .uri,
        .utcOffset, .uid, .xmlReference, .unknown,
    ]

    private static let byName: [String: ValueType] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })

    /// The type a name gives, in any case (`DATE-TIME` in iCalendar, `date-time` in xCal and jCal);
    /// a name of no known type is `other`.
    package init(name: String) {
        let lower = name.lowercasedName
        self = Self.byName[lower] ?? .other(lower)
    }

    /// The type a name gives, compared with `likely`'s name before it is looked up: the xCal and jCal
    /// readers pass the property's default type, which nearly every value has.
    package init(name: String, likely: ValueType) {
        self = name == likely.name ? likely : ValueType(name: name)
    }

    /// The name in lower case: xCal's element and jCal's type (RFC 6321 §3.6, RFC 7265 §3.6).
    package var name: String {
        switch self {
        case .binary: "binary"
        case .boolean: "boolean"
        case .calendarAddress: "cal-address"
        case .date: "date"
        case .dateTime: "date-time"
        case .duration: "duration"
        case .float: "float"
        case .integer: "integer"
        case .period: "period"
        case .recur: "recur"
        case .text: "text"
        case .time: "time"
        case .uri: "uri"
        case .utcOffset: "utc-offset"
        case .uid: "uid"
        case .xmlReference: "xml-reference"
        case .unknown: "unknown"
        case .other(let name): name
        }
    }

    /// The name as a VALUE parameter writes it (RFC 5545 §3.2.20): upper case.
    package var icalendarName: String {
        name.uppercased()
    }

    /// Whether one value (not a list) reads as a value of this type, blanks at its end aside: a
    /// value that does not is kept as written and travels through xCal and jCal as `unknown`. Types
    /// with no form to check (text, URIs, addresses, binary, unknown ones) take any value.
    package func reads(_ raw: String) -> Bool {
        let value = raw.trailingBlanksRemoved
        switch self {
        case .date: return Self.isDate(DateValue(icalendar: value))
        case .dateTime: return DateValue(icalendar: value).map { !Self.isDate($0) } == true
        case .duration: return CalendarDuration(icalendar: value) != nil
        case .recur: return (try? RecurrenceRule(parsing: value)) != nil
        case .integer: return Int(value) != nil
        case .float: return Double(value) != nil
        case .boolean: return ["TRUE", "FALSE"].contains(value.uppercased())
        case .period: return Self.isPeriod(value)
        case .utcOffset: return Self.isOffset(value)
        case .time: return Self.isTime(value)
        case .binary, .calendarAddress, .text, .uri, .uid, .xmlReference, .unknown, .other: return true
        }
    }

    private static func isDate(_ value: DateValue?) -> Bool {
        if case .date = value { return true }
        return false
    }

    /// A start and an end or a duration; the duration is carried as written (RFC 6321's own example
    /// writes `P1H`), so only its form is looked at.
    private static func isPeriod(_ value: String) -> Bool {
        guard let (start, rest) = periodHalves(value), DateValue(icalendar: start) != nil else { return false }
        return DateValue(icalendar: rest) != nil || isPeriodDuration(rest)
    }

    /// A period's text cut at its first '/', an empty start kept: the one cut the check and the
    /// xCal and jCal writers share, so that what passes here is the period they write.
    package static func periodHalves(_ value: String) -> (start: String, rest: String)? {
        let halves = value.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        return halves.count == 2 ? (String(halves[0]), String(halves[1])) : nil
    }

    /// Whether a period's second half is its duration (`PT1H`, one sign at most) rather than its end.
    package static func isPeriodDuration(_ rest: String) -> Bool {
        rest.hasPrefix("P") || rest.hasPrefix("-P") || rest.hasPrefix("+P")
    }

    /// `+hhmm` or `-hhmmss`.
    private static func isOffset(_ value: String) -> Bool {
        let bytes = Array(value.utf8)
        guard bytes.count == 5 || bytes.count == 7, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-") else { return false }
        return bytes.dropFirst().allSatisfy(ASCII.isDigit)
    }

    /// `hhmmss` with an optional `Z`.
    private static func isTime(_ value: String) -> Bool {
        let bytes = Array(value.utf8)
        let digits = bytes.last == UInt8(ascii: "Z") ? bytes.dropLast() : bytes[...]
        return digits.count == 6 && digits.allSatisfy(ASCII.isDigit)
    }
}

extension Parameter {
    /// The VALUE parameter that names `type` (RFC 5545 §3.2.20), for a writer that states a type and
    /// a reader that asks whether a property states exactly that one.
    package static func value(_ type: ValueType) -> Parameter {
        Parameter("VALUE", type.icalendarName)
    }
}
