import CalendarModel
import Occurrences
import TimeZones

/// One occurrence as a picture needs it: its words, when it happens, its colour and whether it was
/// cancelled or moved. Timed occurrences are instants (floating times read in the shown zone);
/// all-day ones stay dates, which no zone moves.
package struct ViewEvent: Sendable {
    /// When an occurrence happens.
    package enum Timing: Equatable, Sendable {
        /// UTC seconds, the end exclusive.
        case timed(start: Int, end: Int)
        /// Dates, the end exclusive (the day after the last).
        case allDay(first: CalendarDate, end: CalendarDate)
    }

    package var uid: String
    package var title: String
    package var location: String?
    package var timing: Timing
    package var colour: ViewColour
    package var isCancelled: Bool
    /// The instance's original start when an override moved it (a lecture held on another day).
    package var movedFrom: Timing?
    /// The occurrence's start and end as `expand` writes them, in the shown zone (SPEC's ISO form).
    package var startText: String
    package var endText: String
    /// The input it comes from (its place among the inputs) and where its component begins, for
    /// the notice of occurrences counted and not drawn.
    package var input = 0
    package var place: SourceLocation?

    package init(
        uid: String, title: String, location: String? = nil, timing: Timing, colour: ViewColour,
        isCancelled: Bool = false, movedFrom: Timing? = nil, startText: String = "", endText: String = ""
    ) {
        self.uid = uid
        self.title = title
        self.location = location
        self.timing = timing
        self.colour = colour
        self.isCancelled = isCancelled
        self.movedFrom = movedFrom
        self.startText = startText
        self.endText = endText
    }

    /// An occurrence shown in `zone`; its colour is the event's own COLOR when it has a readable one,
    /// else `calendarColour`.
    package init(_ occurrence: Occurrence, shownIn zone: any ZoneRules, calendarColour: ViewColour) {
        let start = occurrence.start.shown(in: zone), end = occurrence.end.shown(in: zone)
        let timing = Self.timing(start, end, zone)
        var moved: Timing?
        if let original = occurrence.recurrenceID.map({ $0.shown(in: zone) }),
            original.orderingSecond(floatingZone: zone) != start.orderingSecond(floatingZone: zone)
        {
            moved = Self.timing(original, original, zone)
        }
        self.init(
            uid: occurrence.uid, title: occurrence.summary ?? "", location: occurrence.component["LOCATION"]?.text,
            timing: timing, colour: occurrence.component["COLOR"].flatMap { ViewColour(text: $0.value) } ?? calendarColour,
            isCancelled: occurrence.status == "CANCELLED", movedFrom: moved, startText: start.isoText, endText: end.isoText)
        place = occurrence.component.location
    }

    /// The day number the occurrence starts on in `zone`.
    package func firstDay(in zone: any ZoneRules) -> Int {
        switch timing {
        case .allDay(let first, _): return first.dayNumber
        case .timed(let start, _): return zone.local(atUTC: start).date.dayNumber
        }
    }

    private static func timing(_ start: OccurrenceTime, _ end: OccurrenceTime, _ zone: any ZoneRules) -> Timing {
        if case .date(let first) = start {
            let last: CalendarDate
            if case .date(let day) = end { last = day } else { last = end.local.date.adding(days: 1) }
            return .allDay(first: first, end: max(last, first.adding(days: 1)))
        }
        return .timed(start: start.orderingSecond(floatingZone: zone), end: end.orderingSecond(floatingZone: zone))
    }

    /// A calendar's colour as calendars write it: RFC 7986 COLOR, Apple's X-APPLE-CALENDAR-COLOR, or
    /// X-WR-CALCOLOR; the first one readable.
    package static func colour(of calendar: Component) -> ViewColour? {
        ["COLOR", "X-APPLE-CALENDAR-COLOR", "X-WR-CALCOLOR"].lazy.compactMap { calendar[$0].flatMap { ViewColour(text: $0.value) } }.first
    }
}
