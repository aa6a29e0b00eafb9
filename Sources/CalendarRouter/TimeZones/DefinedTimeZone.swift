import CalendarModel

/// A zone defined by a VTIMEZONE in the file (RFC 5545 §3.6.5): its STANDARD and DAYLIGHT
/// observances expanded into a table of transitions, so that a calendar carrying its own zone
/// definitions is read with exactly those rules.
public struct DefinedTimeZone: ZoneRules {
    /// One change of offset.
    struct Transition {
        var utcSecond: Int
        var offset: Int
    }

    /// Why a VTIMEZONE cannot be used; the TZID is then treated like an unknown one.
    public struct DefinitionError: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    public let tzid: String
    private let transitions: [Transition]
    private let initialOffset: Int

    /// Observances are expanded up to this year; later instants keep the last offset pattern's
    /// final value, which no calendar of people's lives reaches.
    static let horizonYear = 2200

    public init(_ component: Component) throws(DefinitionError) {
        guard let tzid = component["TZID"]?.text else { throw DefinitionError(description: "VTIMEZONE without TZID") }
        self.tzid = tzid
        var transitions: [Transition] = []
        var earliest: (utcSecond: Int, offsetFrom: Int)?
        for observance in component.components where observance.name == "STANDARD" || observance.name == "DAYLIGHT" {
            guard let from = observance["TZOFFSETFROM"].flatMap({ Self.offsetSeconds($0.value) }),
                  let to = observance["TZOFFSETTO"].flatMap({ Self.offsetSeconds($0.value) }),
                  let start = observance["DTSTART"].flatMap(DateValue.init(property:))?.local else {
                throw DefinitionError(description: "\(tzid): an observance lacks a readable DTSTART, TZOFFSETFROM or TZOFFSETTO")
            }
            // Onsets are wall-clock times in the offset in force before them (TZOFFSETFROM).
            for onset in Self.onsets(of: observance, start: start, offsetFrom: from) {
                let utc = onset.secondsSinceEpoch - from
                transitions.append(Transition(utcSecond: utc, offset: to))
                if earliest == nil || utc < earliest!.utcSecond { earliest = (utc, from) }
            }
        }
        guard let earliest else { throw DefinitionError(description: "\(tzid) has no STANDARD or DAYLIGHT observance") }
        self.transitions = transitions.sorted { $0.utcSecond < $1.utcSecond }
        initialOffset = earliest.offsetFrom
    }

    public func offset(atUTC second: Int) -> Int {
        // The last transition at or before `second`, by binary search.
        var low = 0, high = transitions.count
        while low < high {
            let middle = (low + high) / 2
            if transitions[middle].utcSecond <= second { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? initialOffset : transitions[low - 1].offset
    }

    private static func onsets(of observance: Component, start: LocalDateTime, offsetFrom: Int) -> [LocalDateTime] {
        var onsets = [start]
        for rdate in observance.all("RDATE") {
            onsets += rdate.value.split(separator: ",").compactMap { DateValue(icalendar: String($0))?.local }
        }
        let horizon = LocalDateTime(date: CalendarDate(year: horizonYear, month: 1, day: 1))
        for rrule in observance.all("RRULE") {
            guard let rule = try? RecurrenceRule(parsing: rrule.value) else { continue }
            // UNTIL is in UTC (RFC 5545 §3.6.5); as a wall-clock limit it is read in TZOFFSETFROM.
            let until: LocalDateTime? = rule.until.map { value in
                if case .utc(let t) = value { return LocalDateTime(secondsSinceEpoch: t.secondsSinceEpoch + offsetFrom) }
                return value.local
            }
            let instances = RecurrenceIterator(rule: rule, start: start, isDateOnly: false, until: until ?? horizon)
            onsets += instances.prefix { $0 < horizon }
        }
        return Array(Set(onsets))
    }

    /// `+0100`, `-0530`, `+013045` as seconds east of UTC.
    static func offsetSeconds(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        guard bytes.count == 5 || bytes.count == 7, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"),
              let digits = Int(String(decoding: bytes[1...], as: UTF8.self)) else { return nil }
        let (hours, minutes, seconds) = bytes.count == 5
            ? (digits / 100, digits % 100, 0) : (digits / 10_000, digits / 100 % 100, digits % 100)
        let total = hours * 3600 + minutes * 60 + seconds
        return bytes[0] == UInt8(ascii: "-") ? -total : total
    }
}
