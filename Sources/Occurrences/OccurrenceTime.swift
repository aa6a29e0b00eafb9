import CalendarModel
import TimeZones

/// A start or end of one occurrence, kept in the kind the event was written in: an all-day date, a
/// floating wall-clock time, a UTC instant, or an instant shown in a zone.
package enum OccurrenceTime: Sendable {
    case date(CalendarDate)
    case floating(LocalDateTime)
    case utc(Int)
    case zoned(Int, any ZoneRules)

    /// The SPEC's form: `2026-03-29`, `2026-03-29T10:00:00`, `2026-03-29T01:30:00Z` or
    /// `2026-03-29T03:30:00+02:00`.
    package var isoText: String {
        var bytes: [UInt8] = []
        appendISOText(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `isoText` as UTF-8, for writers that format every occurrence into one buffer.
    package func appendISOText(to bytes: inout [UInt8]) {
        switch self {
        case .date(let day): day.appendISOFormat(to: &bytes)
        case .floating(let local): local.appendISOFormat(to: &bytes)
        case .utc(let second):
            LocalDateTime(secondsSinceEpoch: second).appendISOFormat(to: &bytes)
            bytes.append(UInt8(ascii: "Z"))
        case .zoned(let second, let zone):
            let offset = zone.offset(atUTC: second)
            LocalDateTime(secondsSinceEpoch: second + offset).appendISOFormat(to: &bytes)
            Self.appendOffset(offset, to: &bytes)
        }
    }

    /// Seconds on one line for ordering and windows: instants as UTC, dates and floating times as
    /// wall clock read in `floatingZone` (UTC when there is none).
    package func orderingSecond(floatingZone: (any ZoneRules)?) -> Int {
        switch self {
        case .date(let day): return floatingZone?.utcSecond(forLocal: LocalDateTime(date: day)) ?? day.dayNumber * 86_400
        case .floating(let local): return floatingZone?.utcSecond(forLocal: local) ?? local.secondsSinceEpoch
        case .utc(let second), .zoned(let second, _): return second
        }
    }

    /// The same moment shown in another zone; dates and floating times stay as they are.
    package func shown(in zone: any ZoneRules) -> OccurrenceTime {
        switch self {
        case .utc(let second), .zoned(let second, _): return .zoned(second, zone)
        case .date, .floating: return self
        }
    }

    /// The wall-clock reading (midnight for a date).
    package var local: LocalDateTime {
        switch self {
        case .date(let day): return LocalDateTime(date: day)
        case .floating(let local): return local
        case .utc(let second): return LocalDateTime(secondsSinceEpoch: second)
        case .zoned(let second, let zone): return zone.local(atUTC: second)
        }
    }

    /// The same wall-clock time `days` days later (earlier when negative), in the same kind.
    func moved(byDays days: Int) -> OccurrenceTime {
        switch self {
        case .date(let day): return .date(day.adding(days: days))
        case .floating(let local): return .floating(LocalDateTime(secondsSinceEpoch: local.secondsSinceEpoch + days * 86_400))
        case .utc(let second): return .utc(second + days * 86_400)
        case .zoned(let second, let zone):
            return .zoned(
                zone.utcSecond(forLocal: LocalDateTime(secondsSinceEpoch: zone.local(atUTC: second).secondsSinceEpoch + days * 86_400)),
                zone)
        }
    }

    /// `+02:00`, `-05:00`: whole minutes, as ISO 8601 writes an offset.
    static func appendOffset(_ seconds: Int, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: seconds < 0 ? "-" : "+"))
        let minutes = abs(seconds) / 60
        Digits.append(minutes / 60, 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        Digits.append(minutes % 60, 2, to: &bytes)
    }
}
