import CalendarModel
import Occurrences
import TimeZones

/// What a command line asks of a picture beyond its days, zone and language: the moment taken as
/// now (for the today marker and the now line), a second zone for the hour gutter, and how many
/// occurrences may stand side by side before the rest are counted in a "+N more" chip.
package struct GridOptions: Sendable {
    /// `--today`: a date marks its day; a date-time marks its day and draws the now line (floating
    /// and zoned times are read on the shown zone's clock, UTC ones are that instant).
    package var now: DateValue?
    /// `--also-tz`: the zone of a second hour gutter, with its name for the gutter's caption.
    package var alsoZone: (name: String, zone: any ZoneRules)?
    /// `--max-side-by-side`: at most this many boxes share a column's width.
    package var mostSideBySide: Int
    /// Times are floating (no zone anywhere in the calendars): labelled as local time, not UTC.
    package var isLocalTime = false
    /// Series left out for repeating too often (`BoundedExpansion`): the picture says how many.
    package var seriesLeftOut = 0

    /// The fewest and most boxes `--max-side-by-side` may ask for side by side.
    package static let sideBySideRange = 1...12

    package init(now: DateValue? = nil, alsoZone: (name: String, zone: any ZoneRules)? = nil, mostSideBySide: Int = 4) {
        self.now = now
        self.alsoZone = alsoZone
        self.mostSideBySide = mostSideBySide
    }

    /// The day that is today in `zone`, and the instant of now when a time was given.
    func today(in zone: any ZoneRules) -> (date: CalendarDate, second: Int?)? {
        switch now {
        case .date(let day)?: return (day, nil)
        case .floating(let local)?, .zoned(let local, _)?: return (local.date, zone.utcSecond(forLocal: local))
        case .utc(let local)?: return (zone.local(atUTC: local.secondsSinceEpoch).date, local.secondsSinceEpoch)
        case nil: return nil
        }
    }
}

extension GridOptions {
    /// Whether the calendars' times are all floating (no TZID, no UTC time, no calendar zone), so that
    /// a picture drawn without `--tz` shows them as the local times they are, not as UTC.
    static func hasOnlyFloatingTimes(_ calendars: [Component]) -> Bool {
        var floating = false
        for calendar in calendars {
            if EventCalendar(component: calendar).timeZone != nil { return false }
            for component in calendar.components where CalendarExpansion.expands(component) {
                for name in ["DTSTART", "DTEND", "DUE", "RECURRENCE-ID"] {
                    guard let property = component[name] else { continue }
                    if property[parameter: "TZID"] != nil || property.value.uppercased().hasSuffix("Z") { return false }
                    floating = floating || property.value.contains("T")
                }
            }
        }
        return floating
    }
}
