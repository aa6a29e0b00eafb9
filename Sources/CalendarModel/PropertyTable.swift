/// How a property's value is shaped, for the forms that write values typed (the model as JSON now;
/// xCal and jCal read the same table).
public enum ValueShape: Sendable {
    /// TEXT: escaped in iCalendar, plain in JSON.
    case text
    /// Comma-separated TEXT (CATEGORIES, RESOURCES).
    case textList
    case integer
    /// DATE or DATE-TIME, with TZID and VALUE=DATE taken into the typed value.
    case dateTime
    /// A value written as is: URI, RECUR, DURATION, UTC-OFFSET and the like.
    case verbatim
    /// CAL-ADDRESS with all its parameters (ATTENDEE, ORGANIZER).
    case calendarAddress
}

/// What calbridge knows of one property: its iCalendar name, the key the model's JSON uses, the
/// shape of its value and whether a component may have many.
public struct PropertyDefinition: Sendable {
    public let name: String
    public let jsonKey: String
    public let shape: ValueShape
    public let isRepeatable: Bool
}

/// The one table of the properties calbridge reads typed. A property not in it, or one whose
/// parameters the typed form cannot hold, travels as a raw `Property`.
public enum PropertyTable {
    public static let definitions: [PropertyDefinition] = [
        // Calendar level (RFC 5545 §3.7, RFC 7986, the de-facto X-WR- properties).
        .init(name: "VERSION", jsonKey: "version", shape: .verbatim, isRepeatable: false),
        .init(name: "PRODID", jsonKey: "productId", shape: .text, isRepeatable: false),
        .init(name: "CALSCALE", jsonKey: "calendarScale", shape: .verbatim, isRepeatable: false),
        .init(name: "METHOD", jsonKey: "method", shape: .verbatim, isRepeatable: false),
        .init(name: "X-WR-CALNAME", jsonKey: "name", shape: .text, isRepeatable: false),
        .init(name: "X-WR-CALDESC", jsonKey: "calendarDescription", shape: .text, isRepeatable: false),
        .init(name: "X-WR-TIMEZONE", jsonKey: "timeZone", shape: .text, isRepeatable: false),
        .init(name: "COLOR", jsonKey: "color", shape: .text, isRepeatable: false),
        .init(name: "X-CALBRIDGE-SOURCE", jsonKey: "source", shape: .text, isRepeatable: false),
        .init(name: "X-CALBRIDGE-HIDDEN", jsonKey: "hidden", shape: .verbatim, isRepeatable: false),
        // Events, to-dos, journals (RFC 5545 §3.8).
        .init(name: "UID", jsonKey: "uid", shape: .text, isRepeatable: false),
        .init(name: "DTSTAMP", jsonKey: "timestamp", shape: .dateTime, isRepeatable: false),
        .init(name: "DTSTART", jsonKey: "start", shape: .dateTime, isRepeatable: false),
        .init(name: "DTEND", jsonKey: "end", shape: .dateTime, isRepeatable: false),
        .init(name: "DUE", jsonKey: "due", shape: .dateTime, isRepeatable: false),
        .init(name: "DURATION", jsonKey: "duration", shape: .verbatim, isRepeatable: false),
        .init(name: "RECURRENCE-ID", jsonKey: "recurrenceId", shape: .dateTime, isRepeatable: false),
        .init(name: "RRULE", jsonKey: "recurrenceRules", shape: .verbatim, isRepeatable: true),
        .init(name: "SUMMARY", jsonKey: "summary", shape: .text, isRepeatable: false),
        .init(name: "DESCRIPTION", jsonKey: "description", shape: .text, isRepeatable: false),
        .init(name: "LOCATION", jsonKey: "location", shape: .text, isRepeatable: false),
        .init(name: "URL", jsonKey: "url", shape: .verbatim, isRepeatable: false),
        .init(name: "STATUS", jsonKey: "status", shape: .verbatim, isRepeatable: false),
        .init(name: "CLASS", jsonKey: "classification", shape: .verbatim, isRepeatable: false),
        .init(name: "TRANSP", jsonKey: "transparency", shape: .verbatim, isRepeatable: false),
        .init(name: "PRIORITY", jsonKey: "priority", shape: .integer, isRepeatable: false),
        .init(name: "SEQUENCE", jsonKey: "sequence", shape: .integer, isRepeatable: false),
        .init(name: "CREATED", jsonKey: "created", shape: .dateTime, isRepeatable: false),
        .init(name: "LAST-MODIFIED", jsonKey: "lastModified", shape: .dateTime, isRepeatable: false),
        .init(name: "COMPLETED", jsonKey: "completed", shape: .dateTime, isRepeatable: false),
        .init(name: "PERCENT-COMPLETE", jsonKey: "percentComplete", shape: .integer, isRepeatable: false),
        .init(name: "CATEGORIES", jsonKey: "categories", shape: .textList, isRepeatable: false),
        .init(name: "ORGANIZER", jsonKey: "organizer", shape: .calendarAddress, isRepeatable: false),
        .init(name: "ATTENDEE", jsonKey: "attendees", shape: .calendarAddress, isRepeatable: true),
        .init(name: "X-CALBRIDGE-BIRTHDAY-CONTACT", jsonKey: "birthdayContact", shape: .text, isRepeatable: false),
        // Alarms (RFC 5545 §3.6.6).
        .init(name: "ACTION", jsonKey: "action", shape: .verbatim, isRepeatable: false),
        .init(name: "TRIGGER", jsonKey: "trigger", shape: .verbatim, isRepeatable: false),
        .init(name: "REPEAT", jsonKey: "repeat", shape: .integer, isRepeatable: false),
        // Time zones (RFC 5545 §3.6.5).
        .init(name: "TZID", jsonKey: "tzid", shape: .text, isRepeatable: false),
        .init(name: "TZOFFSETFROM", jsonKey: "offsetFrom", shape: .verbatim, isRepeatable: false),
        .init(name: "TZOFFSETTO", jsonKey: "offsetTo", shape: .verbatim, isRepeatable: false),
        .init(name: "TZNAME", jsonKey: "zoneName", shape: .text, isRepeatable: false),
    ]

    public static let byName: [String: PropertyDefinition] =
        Dictionary(uniqueKeysWithValues: definitions.map { ($0.name, $0) })
}
