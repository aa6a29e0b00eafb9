import CalendarModel
import Occurrences
import TimeZones

/// The calendars a picture shows, each read on its own so that it keeps its colour: the zone their
/// times are shown in, and their occurrences over the days as `ViewEvent`s, expanded by
/// `CalendarExpansion` as `expand` expands them, coloured by calendar or by category with a legend
/// that names each colour.
package struct ShownCalendars {
    package var calendars: [Component]
    /// What each calendar is called when it names itself nowhere (NAME, X-WR-CALNAME): its file's name.
    package var names: [String]
    package var colourMeaning = ColourMeaning.calendar
    package var paper = Paper.a4
    /// Today, a second zone's gutter, the lanes side by side (``GridOptions``).
    package var grid = GridOptions()

    package init(_ calendars: [Component], names: [String] = []) {
        self.calendars = calendars
        self.names = names
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
            let names =
                [EventCalendar(component: calendar).timeZone].compactMap { $0 }
                + calendar.components.lazy.compactMap { $0["DTSTART"]?[parameter: "TZID"] }
            if let found = names.lazy.compactMap({ name in resolver.zone(for: name).map { (name, $0) } }).first { return found }
        }
        return ("UTC", FixedOffsetZone(seconds: 0))
    }

    /// The picture of these calendars over `span` in `form`, times shown in the zone `zone(named:)` picks for `zoneName`.
    package func picture(of span: ViewSpan, zoneNamed zoneName: String?, language: ViewLanguage, form: ViewRequest.Form)
        throws(UsageProblem) -> String
    {
        try drawing(of: span, zoneNamed: zoneName, language: language, form: form).text
    }

    /// The picture, and what it could not show as asked (series too dense to expand, occurrences
    /// counted and not drawn), for the command to say on standard error.
    package func drawing(of span: ViewSpan, zoneNamed zoneName: String?, language: ViewLanguage, form: ViewRequest.Form)
        throws(UsageProblem)
        -> (text: String, notices: [ViewNotice])
    {
        let zone = try zone(named: zoneName)
        let (events, legend, notices) = try colouredEvents(over: span, in: zone.zone, language: language)
        var settings = ViewSettings(span: span, zoneName: zone.name, zone: zone.zone, language: language, legend: legend, paper: paper)
        settings.grid = grid
        settings.grid.isLocalTime = zoneName == nil && GridOptions.hasOnlyFloatingTimes(calendars)
        settings.grid.seriesLeftOut = notices.count
        let text = form == .html ? CalendarPicture.html(events, settings) : CalendarPicture.svg(events, settings)
        return (text, notices + CalendarPicture.countedNotices(events, settings))
    }

    /// Every occurrence over the span's days in `zone`, each calendar in its colour (the palette's,
    /// by its place, when it names none); a series too dense to expand is left out (`BoundedExpansion`).
    package func events(over span: ViewSpan, in zone: any ZoneRules) throws(UsageProblem) -> [ViewEvent] {
        try colouredEvents(over: span, in: zone, language: .en).events
    }

    /// The occurrences in the colours `colourMeaning` gives them, and the legend of the colours used.
    private func colouredEvents(over span: ViewSpan, in zone: any ZoneRules, language: ViewLanguage) throws(UsageProblem)
        -> (events: [ViewEvent], legend: [LegendEntry], notices: [ViewNotice])
    {
        var events: [ViewEvent] = []
        var notices: [ViewNotice] = []
        var uses: [(colour: ViewColour, name: String)] = []
        let categoryColours = colourMeaning == .category ? categoryColours() : [:]
        let legendNames = calendarNames()
        for (index, calendar) in calendars.enumerated() {
            let colour = ViewEvent.colour(of: calendar) ?? ViewColour.palette[index % ViewColour.palette.count]
            let name = legendNames[index]
            let (occurrences, left) = BoundedExpansion.occurrences(of: calendar, input: index, over: span, in: zone)
            notices += left
            for occurrence in occurrences {
                var event = ViewEvent(occurrence, shownIn: zone, calendarColour: colour)
                event.input = index
                switch colourMeaning {
                case .calendar:
                    // An event's own COLOR is named by its title: it stands for that event.
                    uses.append((event.colour, event.colour == colour ? name : event.title))
                case .category:
                    let category = Self.firstCategory(of: occurrence.component)
                    event.colour = category.flatMap { categoryColours[$0] } ?? ViewColour.noCategory
                    uses.append((event.colour, category ?? language.noCategory))
                }
                events.append(event)
            }
        }
        return (events, LegendEntry.collected(uses), notices)
    }

    /// Each calendar's name for the legend: its NAME or X-WR-CALNAME, else its file's name; a name
    /// two inputs share (two address books' "Birthdays") gets the file's name beside it.
    private func calendarNames() -> [String] {
        let file = { (index: Int) in index < names.count ? names[index] : String(index + 1) }
        let own = calendars.indices.map { EventCalendar(component: calendars[$0]).name ?? file($0) }
        return own.indices.map { index in
            own.filter { $0 == own[index] }.count > 1 && own[index] != file(index) ? "\(own[index]) (\(file(index)))" : own[index]
        }
    }

    /// A colour for each category, by the order categories first appear in the inputs (not in the
    /// days drawn), so that a category keeps its colour in every week of a series.
    private func categoryColours() -> [String: ViewColour] {
        var colours: [String: ViewColour] = [:]
        for calendar in calendars {
            for component in calendar.components {
                guard let category = Self.firstCategory(of: component), colours[category] == nil else { continue }
                colours[category] = ViewColour.categoryPalette[colours.count % ViewColour.categoryPalette.count]
            }
        }
        return colours
    }

    /// An event's first category (CATEGORIES may be repeated, each a list), trimmed; nil without one.
    private static func firstCategory(of component: Component) -> String? {
        component.all("CATEGORIES").lazy.flatMap(\.textList).map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty }
    }
}
