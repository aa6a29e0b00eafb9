import CalendarModel

/// How long each occurrence of a series lasts (RFC 5545 §3.8.5.3: every member of the set gets the
/// component's duration): whole days are added on the calendar, and the rest either on the wall
/// clock (DTSTART and DTEND in one zone, as calendar apps read them) or as exact seconds.
struct OccurrenceLength {
    var days = 0
    var seconds = 0
    var secondsOnWallClock = true
    /// For an all-day start with a UTC or zoned end, that end as written and the day it follows:
    /// every occurrence ends as many days after it as it starts after DTSTART, so it stays all-day
    /// and its end keeps its `Z` or zone.
    var instantEnd: (after: CalendarDate, end: OccurrenceTime)?

    /// The length a component states: DTEND (DUE for a to-do) minus DTSTART, else DURATION, else
    /// RFC 5545's default of one day for a date and none for a time. `instant` resolves a value
    /// when DTSTART and DTEND are in different zones and only the exact span makes sense.
    init(of component: Component, start: DateValue, instant: (DateValue) -> OccurrenceTime) {
        let endName = component.name == "VTODO" ? "DUE" : "DTEND"
        if let end = component.date(named: endName) {
            if case .date(let a) = start, case .date(let b) = end {
                days = b.dayNumber - a.dayNumber
            } else if case .date(let day) = start, Self.isInstant(end) {
                instantEnd = (day, instant(end))
            } else if Self.sameClock(start, end) {
                seconds = end.local.secondsSinceEpoch - start.local.secondsSinceEpoch
            } else {
                seconds = instant(end).orderingSecond(floatingZone: nil) - instant(start).orderingSecond(floatingZone: nil)
                secondsOnWallClock = false
            }
        } else if let duration = component["DURATION"].flatMap({ CalendarDuration(reading: $0.value) }) {
            let sign = duration.isNegative ? -1 : 1
            days = sign * (duration.weeks * 7 + duration.days)
            // DURATION's days are nominal and its time part exact (RFC 5545 §3.3.6).
            seconds = sign * (duration.hours * 3600 + duration.minutes * 60 + duration.seconds)
            secondsOnWallClock = false
        } else if start.isAllDay {
            days = 1
        }
    }

    /// Whether a component states its own length with a value that reads (DTEND, DUE, DURATION): an
    /// unreadable one counts as absent, and an override then lasts as long as its master.
    static func isStated(in component: Component) -> Bool {
        let end = component.name == "VTODO" ? "DUE" : "DTEND"
        return component.date(named: end) != nil
            || component["DURATION"].flatMap({ CalendarDuration(reading: $0.value) }) != nil
    }

    private static func isInstant(_ value: DateValue) -> Bool {
        switch value {
        case .utc, .zoned: return true
        case .date, .floating: return false
        }
    }

    private static func sameClock(_ a: DateValue, _ b: DateValue) -> Bool {
        switch (a, b) {
        case (.floating, .floating), (.utc, .utc), (.date, .floating), (.date, .date): return true
        case (.zoned(_, let x), .zoned(_, let y)): return x == y
        default: return false
        }
    }

    /// The end of an occurrence starting at `start`, whose start was written as `wall` on the clock
    /// (a start inside a spring-forward gap was moved; its end is counted from what was written).
    func end(after start: OccurrenceTime, wall written: LocalDateTime? = nil) -> OccurrenceTime {
        switch start {
        case .date(let day):
            if let (written, end) = instantEnd { return end.moved(byDays: day.dayNumber - written.dayNumber) }
            guard seconds != 0 else { return .date(day.adding(days: days)) }
            return .floating(LocalDateTime(secondsSinceEpoch: LocalDateTime(date: day.adding(days: days)).secondsSinceEpoch + seconds))
        case .floating(let local):
            return .floating(LocalDateTime(secondsSinceEpoch: local.secondsSinceEpoch + days * 86_400 + seconds))
        case .utc(let second):
            return .utc(second + days * 86_400 + seconds)
        case .zoned(let second, let zone):
            let wall = (written ?? zone.local(atUTC: second)).secondsSinceEpoch + days * 86_400
            if secondsOnWallClock {
                return .zoned(zone.utcSecond(forLocal: LocalDateTime(secondsSinceEpoch: wall + seconds)), zone)
            }
            let dayMoved = days == 0 ? second : zone.utcSecond(forLocal: LocalDateTime(secondsSinceEpoch: wall))
            return .zoned(dayMoved + seconds, zone)
        }
    }
}
