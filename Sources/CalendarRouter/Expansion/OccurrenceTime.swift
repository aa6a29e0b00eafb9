import CalendarModel

/// A start or end of one occurrence, kept in the kind the event was written in: an all-day date, a
/// floating wall-clock time, a UTC instant, or an instant shown in a zone.
public enum OccurrenceTime: Sendable {
    case date(CalendarDate)
    case floating(LocalDateTime)
    case utc(Int)
    case zoned(Int, any ZoneRules)

    /// The SPEC's form: `2026-03-29`, `2026-03-29T10:00:00`, `2026-03-29T01:30:00Z` or
    /// `2026-03-29T03:30:00+02:00`.
    public var isoText: String {
        switch self {
        case .date(let day): return day.isoFormat
        case .floating(let local): return local.isoFormat
        case .utc(let second): return LocalDateTime(secondsSinceEpoch: second).isoFormat + "Z"
        case .zoned(let second, let zone):
            let offset = zone.offset(atUTC: second)
            return LocalDateTime(secondsSinceEpoch: second + offset).isoFormat + Self.offsetText(offset)
        }
    }

    /// Seconds on one line for ordering and windows: instants as UTC, dates and floating times as
    /// wall clock read in `floatingZone` (UTC when there is none).
    func orderingSecond(floatingZone: (any ZoneRules)?) -> Int {
        switch self {
        case .date(let day): return floatingZone?.utcSecond(forLocal: LocalDateTime(date: day)) ?? day.dayNumber * 86_400
        case .floating(let local): return floatingZone?.utcSecond(forLocal: local) ?? local.secondsSinceEpoch
        case .utc(let second), .zoned(let second, _): return second
        }
    }

    /// The same moment shown in another zone; dates and floating times stay as they are.
    public func shown(in zone: any ZoneRules) -> OccurrenceTime {
        switch self {
        case .utc(let second), .zoned(let second, _): return .zoned(second, zone)
        case .date, .floating: return self
        }
    }

    /// The wall-clock reading (midnight for a date).
    public var local: LocalDateTime {
        switch self {
        case .date(let day): return LocalDateTime(date: day)
        case .floating(let local): return local
        case .utc(let second): return LocalDateTime(secondsSinceEpoch: second)
        case .zoned(let second, let zone): return zone.local(atUTC: second)
        }
    }

    static func offsetText(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let minutes = abs(seconds) / 60
        let hh = minutes / 60, mm = minutes % 60
        return sign + (hh < 10 ? "0" : "") + String(hh) + ":" + (mm < 10 ? "0" : "") + String(mm)
    }
}
