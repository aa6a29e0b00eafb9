import CalendarModel
import Recurrence

/// A zone defined by a VTIMEZONE in the file (RFC 5545 §3.6.5): its STANDARD and DAYLIGHT
/// observances expanded into a table of transitions, so that a calendar carrying its own zone
/// definitions is read with exactly those rules.
package struct DefinedTimeZone: ZoneRules {
    /// One change of offset.
    struct Transition {
        var utcSecond: Int
        var offset: Int
    }

    /// Why a VTIMEZONE cannot be used; the TZID is then treated like an unknown one.
    package struct DefinitionError: Error, Sendable, CustomStringConvertible {
        package var description: String
    }

    package let tzid: String
    /// From the first transition to the last, when the definition stops there: every rule ends and
    /// the offset changes (a producer that wrote only the transitions near its events). `nil` when it
    /// defines all later time: a rule without end, or one offset throughout.
    package let definedSpan: ClosedRange<Int>?
    let transitions: [Transition]
    private let initialOffset: Int
    /// For each stretch of 2^23 seconds (97 days) from the first transition, how many transitions come
    /// before it: an instant's lookup starts there and steps past the one or two in its stretch,
    /// rather than searching hundreds of transitions (from 1601 to 2200) for each of the ten lookups
    /// an occurrence makes.
    private let transitionsBeforeStretch: [Int32]
    private static let stretchShift = 23

    /// Observances are expanded up to this year; later instants keep the last offset pattern's
    /// final value, which no calendar of people's lives reaches.
    static let horizonYear = 2200

    package init(_ component: Component) throws(DefinitionError) {
        guard let tzid = component["TZID"]?.text else { throw DefinitionError(description: "VTIMEZONE without TZID") }
        self.tzid = tzid
        var transitions: [Transition] = []
        var earliest: (utcSecond: Int, offsetFrom: Int)?
        for observance in component.components where observance.name == "STANDARD" || observance.name == "DAYLIGHT" {
            guard let from = observance["TZOFFSETFROM"].flatMap({ Self.offsetSeconds($0.value) }),
                let to = observance["TZOFFSETTO"].flatMap({ Self.offsetSeconds($0.value) }),
                let start = observance.date(named: "DTSTART")?.local
            else {
                throw DefinitionError(description: "\(tzid): an observance lacks a readable DTSTART, TZOFFSETFROM or TZOFFSETTO")
            }
            // Onsets are wall-clock times in the offset in force before them (TZOFFSETFROM).
            for onset in Self.onsets(of: observance, start: start, offsetFrom: from) {
                let utc = onset.secondsSinceEpoch - from
                transitions.append(Transition(utcSecond: utc, offset: to))
                if earliest.map({ utc < $0.utcSecond }) ?? true { earliest = (utc, from) }
            }
        }
        guard let earliest else { throw DefinitionError(description: "\(tzid) has no STANDARD or DAYLIGHT observance") }
        self.transitions = transitions.sorted { $0.utcSecond < $1.utcSecond }
        initialOffset = earliest.offsetFrom
        transitionsBeforeStretch = Self.stretchTable(self.transitions)
        let changes = Set(transitions.map(\.offset) + [earliest.offsetFrom]).count > 1
        definedSpan =
            changes && !Self.hasEndlessRule(component)
            ? self.transitions[0].utcSecond...self.transitions[self.transitions.count - 1].utcSecond : nil
    }

    private static func hasEndlessRule(_ zone: Component) -> Bool {
        zone.components.contains { observance in
            observance.all("RRULE").contains { property in
                RecurrenceRuleReading(property.value).rule.map { $0.until == nil && $0.count == nil } ?? false
            }
        }
    }

    package func offset(atUTC second: Int) -> Int {
        let stretch = (second - transitions[0].utcSecond) >> Self.stretchShift
        guard stretch >= 0 else { return initialOffset }
        guard stretch < transitionsBeforeStretch.count else { return transitions[transitions.count - 1].offset }
        // The transitions at or before `second`: those before its stretch, then the ones in it up to `second`.
        var count = Int(transitionsBeforeStretch[stretch])
        while count < transitions.count && transitions[count].utcSecond <= second { count += 1 }
        return count == 0 ? initialOffset : transitions[count - 1].offset
    }

    /// `transitionsBeforeStretch` for sorted transitions: one entry per stretch up to the last transition's.
    private static func stretchTable(_ transitions: [Transition]) -> [Int32] {
        let first = transitions[0].utcSecond
        let stretches = (transitions[transitions.count - 1].utcSecond - first) >> stretchShift + 1
        var table = [Int32](repeating: 0, count: stretches)
        var before = 0
        for stretch in 0..<stretches {
            let start = first + stretch << stretchShift
            while before < transitions.count && transitions[before].utcSecond < start { before += 1 }
            table[stretch] = Int32(before)
        }
        return table
    }

    private static func onsets(of observance: Component, start: LocalDateTime, offsetFrom: Int) -> [LocalDateTime] {
        var onsets = [start]
        for rdate in observance.all("RDATE") {
            onsets += rdate.value.split(separator: ",").compactMap { DateValue(icalendar: String($0))?.local }
        }
        let horizon = LocalDateTime(date: CalendarDate(year: horizonYear, month: 1, day: 1))
        for rrule in observance.all("RRULE") {
            guard let rule = RecurrenceRuleReading(rrule.value).rule else { continue }
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
            let digits = Int(String(decoding: bytes[1...], as: UTF8.self))
        else { return nil }
        let (hours, minutes, seconds) =
            bytes.count == 5
            ? (digits / 100, digits % 100, 0) : (digits / 10_000, digits / 100 % 100, digits % 100)
        let total = hours * 3600 + minutes * 60 + seconds
        return bytes[0] == UInt8(ascii: "-") ? -total : total
    }
}
