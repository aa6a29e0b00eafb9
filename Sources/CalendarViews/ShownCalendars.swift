import CalendarModel
import Occurrences
import TimeZones

/// The calendars a picture shows, each read on its own so that it keeps its colour: the zone their
/// times are shown in, and their occurrences over the days as `ViewEvent`s, expanded by
/// `CalendarExpansion` as `expand` expands them.
package struct ShownCalendars {
    package var calendars: [Component]

    package init(_ calendars: [Component]) {
        self.calendars = calendars
    }

    /// The zone named `name` (resolved like a TZID of the first calendar), else the first calendar's
    /// X-WR-TIMEZONE or the first zone an event starts in, else UTC; with the name for the header.
    package func zone(named name: String?) throws(UsageProblem) -> (name: String, zone: any ZoneRules) {
        let resolver = TimeZoneResolver(calendar: calendars.first ?? Component(name: "VCALENDAR"))
        if let name {
            guard let zone = resolver.zone(for: name) else { throw resolver.unknownDisplayZone(name) }
            return (name, zone)
        }
        for calendar in calendars {
            let names = [EventCalendar(component: calendar).timeZone].compactMap { $0 }
                + calendar.components.lazy.compactMap { $0["DTSTART"]?[parameter: "TZID"] }
            if let found = names.lazy.compactMap({ name in resolver.zone(for: name).map { (name, $0) } }).first { return found }
        }
        return ("UTC", FixedOffsetZone(seconds: 0))
    }

    /// The picture of these calendars over `span` in `form`, times shown in the zone `zone(named:)` picks for `zoneName`.
    package func picture(of span: ViewSpan, zoneNamed zoneName: String?, language: ViewLanguage, form: ViewRequest.Form) throws(UsageProblem) -> String {
        let zone = try zone(named: zoneName)
        let settings = ViewSettings(span: span, zoneName: zone.name, zone: zone.zone, language: language)
        let events = try events(over: span, in: zone.zone)
        return form == .html ? CalendarPicture.html(events, settings) : CalendarPicture.svg(events, settings)
    }

    /// Every occurrence over the span's days in `zone`, each calendar in its colour (the palette's,
    /// by its place, when it names none); refuses a calendar whose rules need more instances than
    /// `CalendarExpansion`'s budget over these days.
    package func events(over span: ViewSpan, in zone: any ZoneRules) throws(UsageProblem) -> [ViewEvent] {
        var events: [ViewEvent] = []
        for (index, calendar) in calendars.enumerated() {
            let colour = ViewEvent.colour(of: calendar) ?? ViewColour.palette[index % ViewColour.palette.count]
            var expansion = CalendarExpansion(calendar: calendar)
            do {
                events += try expansion.occurrences(from: LocalDateTime(date: span.first), to: LocalDateTime(date: span.end), in: zone)
                    .map { ViewEvent($0, shownIn: zone, calendarColour: colour) }
            } catch {
                throw UsageProblem(message: "input \(index + 1) needs more than \(expansion.budget) rule instances over these days; draw fewer days")
            }
        }
        return events
    }
}
