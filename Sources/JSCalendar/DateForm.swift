import CalendarModel
import JSONReading
import TimeZones

/// The four kinds of iCalendar date values as JSCalendar says them: a LocalDateTime, with
/// `showWithoutTime` for a date, `timeZone` for a zoned time (`Etc/UTC` for UTC) and no zone for a
/// floating one (RFC 8984 §1.4.4, §4.7.1).
enum DateForm: Equatable {
    case date
    case floating
    case utc
    case zoned(String)

    static let utcZone = "Etc/UTC"

    /// The form and wall-clock time of a date property written exactly as this form writes it.
    static func read(_ property: Property) -> (form: DateForm, time: LocalDateTime)? {
        guard let value = DateValue(icalendar: property.value, tzid: property[parameter: "TZID"]) else { return nil }
        let form: DateForm
        switch value {
        case .date: form = .date
        case .floating: form = .floating
        case .utc: form = .utc
        case .zoned(_, let tzid): form = .zoned(tzid)
        }
        guard form.property(named: property.name, at: value.local) == property else { return nil }
        return (form, value.local)
    }

    func property(named name: String, at time: LocalDateTime) -> Property {
        switch self {
        case .date: return DateValue.date(time.date).property(named: name)
        case .floating: return DateValue.floating(time).property(named: name)
        case .utc: return DateValue.utc(time).property(named: name)
        case .zoned(let tzid): return DateValue.zoned(time, tzid: tzid).property(named: name)
        }
    }

    /// The form an object's `timeZone` and `showWithoutTime` say; `written` is the TZID a zone
    /// came from where it was not the tz database's name (see `zoneName`).
    init(of object: JSONValue, written: JSONValue?, zones: TimeZoneResolver) {
        if object["showWithoutTime"] == .bool(true) {
            self = .date
        } else if let zone = object["timeZone"]?.string {
            let tzid = written?["parameters"]?["tzid"]?.string
            self = zone == Self.utcZone ? .utc : .zoned(tzid.flatMap { zones.databaseZone(for: $0)?.identifier == zone ? $0 : nil } ?? zone)
        } else {
            self = .floating
        }
    }

    /// The tz database's name for a TZID that names its zone otherwise (Outlook's
    /// `W. Europe Standard Time`, a vendor prefix), as RFC 8984's `timeZone` asks; nil for one that
    /// is already the database's name or names no zone of it.
    static func zoneName(for tzid: String, zones: TimeZoneResolver) -> String? {
        guard let name = zones.databaseZone(for: tzid)?.identifier, name != tzid else { return nil }
        return name
    }

    /// The members that say this form.
    var members: [JSONMember] {
        switch self {
        case .date: return [JSONMember(key: "showWithoutTime", value: .bool(true))]
        case .floating: return []
        case .utc: return [JSONMember(key: "timeZone", value: .string(Self.utcZone))]
        case .zoned(let tzid): return [JSONMember(key: "timeZone", value: .string(tzid))]
        }
    }

    /// A LocalDateTime of this form; a date's time is midnight.
    func time(_ json: JSONValue?) -> LocalDateTime? {
        guard let text = json?.string, let time = LocalDateTimeText.read(text) else { return nil }
        return self == .date && (time.hour, time.minute, time.second) != (0, 0, 0) ? nil : time
    }
}

/// The time between two wall-clock times as JSCalendar's duration: whole days, then the rest of a
/// day, which adds back to the same wall-clock end (RFC 8984 §1.4.6 counts days nominally).
enum WallClockSpan {
    static func duration(from start: LocalDateTime, to end: LocalDateTime) -> String? {
        let seconds = end.secondsSinceEpoch - start.secondsSinceEpoch
        guard seconds >= 0 else { return nil }
        let rest = seconds % 86_400
        return CalendarDuration(days: seconds / 86_400, hours: rest / 3600, minutes: rest % 3600 / 60, seconds: rest % 60).icalendarText
    }

    static func end(from start: LocalDateTime, after text: String) -> LocalDateTime? {
        guard let duration = CalendarDuration(icalendar: text), !duration.isNegative else { return nil }
        return LocalDateTime(secondsSinceEpoch: start.secondsSinceEpoch + duration.totalSeconds)
    }
}
