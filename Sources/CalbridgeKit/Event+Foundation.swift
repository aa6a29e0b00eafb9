import Foundation

extension CalendarItem {
    /// SUMMARY, under EventKit's name.
    public var title: String? {
        get { summary }
        set { summary = newValue }
    }

    /// DTSTART as an instant (see ``CalendarModel/DateValue/date(floatingIn:)``). Setting keeps the
    /// kind: a zoned start stays in its zone, an all-day one stays a day, floating stays floating; an
    /// item without a start gets one in the reader's zone.
    public var startDate: Date? {
        get { start?.date() }
        set { start = newValue.map { start?.at($0) ?? DateValue($0, in: .current) } }
    }
}

extension Event {
    /// Whether people are busy during the event: TRANSP (OPAQUE, the default, or TRANSPARENT).
    public enum Availability: String, Sendable {
        case busy = "OPAQUE"
        case free = "TRANSPARENT"
    }

    /// An event from `start` to `end` (exclusive: the day after the last, for an all-day event);
    /// a UID and DTSTAMP are made for it, as RFC 5545 requires of every event.
    public init(title: String, start: DateValue, end: DateValue? = nil, uid: String = UUID().uuidString) {
        self.init()
        self.uid = uid
        component.properties.append(DateValue(utc: Date()).property(named: "DTSTAMP"))
        self.title = title
        self.start = start
        self.end = end
    }

    /// A timed event in `timeZone` (the reader's by default), from `startDate` to `endDate`.
    public init(title: String, startDate: Date, endDate: Date, timeZone: TimeZone = .current, uid: String = UUID().uuidString) {
        self.init(title: title, start: DateValue(startDate, in: timeZone), end: DateValue(endDate, in: timeZone), uid: uid)
    }

    /// An all-day event on `day` lasting `days` days: a birthday, a holiday.
    public init(title: String, allDayOn day: CalendarDate, days: Int = 1, uid: String = UUID().uuidString) {
        self.init(title: title, start: .date(day), end: .date(day.adding(days: days)), uid: uid)
    }

    /// DTEND as an instant, or the start plus DURATION when the event has that instead. Setting
    /// writes DTEND in the start's kind and zone (and removes DURATION).
    public var endDate: Date? {
        get {
            if let end { return end.date() }
            guard let startDate else { return nil }
            if let duration { return startDate + TimeInterval(duration.totalSeconds) }
            // RFC 5545 §3.6.1: an all-day event without an end lasts its day, a timed one no time.
            return isAllDay ? startDate + 86_400 : startDate
        }
        set { end = newValue.map { (start ?? DateValue($0, in: .current)).at($0) } }
    }

    /// The event's span as a `DateInterval` (see `startDate` and `endDate`).
    public var interval: DateInterval? {
        guard let startDate, let endDate else { return nil }
        return DateInterval(start: startDate, end: max(startDate, endDate))
    }

    /// The zone the event's times are kept in (its start's TZID); `nil` for floating and all-day events.
    public var timeZone: TimeZone? { start?.timeZone }

    /// TRANSP as EventKit's availability: busy unless the event is marked transparent.
    public var availability: Availability {
        get { component["TRANSP"]?.value.uppercased() == "TRANSPARENT" ? .free : .busy }
        set { component.set("TRANSP", Property(name: "TRANSP", value: newValue.rawValue)) }
    }
}

extension Alarm {
    /// An alarm `offset` seconds from the start (negative: before it).
    public init(relativeOffset offset: TimeInterval, description: String = "Reminder") {
        let seconds = Int(offset.rounded())
        let magnitude = abs(seconds)
        let duration = CalendarDuration(
            isNegative: seconds < 0, hours: magnitude / 3600, minutes: magnitude % 3600 / 60, seconds: magnitude % 60)
        self.init(offset: duration, description: description)
    }

    /// An alarm at one moment.
    public init(absoluteDate date: Date, description: String = "Reminder") {
        guard case .utc(let moment) = DateValue(utc: date) else { preconditionFailure("a UTC value is .utc") }
        self.init(at: moment, description: description)
    }

    /// The relative trigger in seconds (negative: before), when the trigger is relative.
    public var relativeOffset: TimeInterval? {
        offset.map { TimeInterval($0.totalSeconds) }
    }

    /// The absolute trigger, when the trigger is a moment.
    public var absoluteDate: Date? {
        moment.map { DateValue.utc($0).date() }
    }
}

extension EventCalendar {
    /// The calendar's name (X-WR-CALNAME, else NAME), under EventKit's name for it.
    public var title: String? {
        get { name }
        set { name = newValue }
    }
}
