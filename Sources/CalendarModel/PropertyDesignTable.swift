/// The one table of property knowledge: an entry for every property of RFC 5545 §3.7–3.8, RFC 7986,
/// RFC 9073, RFC 9074, RFC 9253, RFC 7808's time-zone additions, the legacy EXRULE and the de-facto
/// X-WR- properties (see ``PropertyDesign``). A property added here is parsed, checked, written to xCal
/// and jCal and read by expand as its entry says, with no other file to touch.
package enum PropertyDesignTable {
    package static let entries: [PropertyDesign] =
        calendar + descriptive + dateAndTime + zones + relationships
        + recurrence + alarms + changes + later + extensions

    package static let byName: [String: PropertyDesign] = Dictionary(uniqueKeysWithValues: entries.map { ($0.name, $0) })

    /// The entry of an upper-case name; `nil` for X- and IANA names calbridge does not know.
    package static func design(for name: String) -> PropertyDesign? {
        byName[name]
    }

    /// A property's default value type; `unknown`, as xCal and jCal carry the values of X- and
    /// unknown properties (RFC 6321 §5, RFC 7265 §5), without an entry.
    package static func type(of name: String) -> ValueType {
        byName[name]?.type ?? .unknown
    }

    /// The layout of a property's value of `type`, single without an entry.
    package static func layout(of name: String, type: ValueType) -> PropertyDesign.Layout {
        byName[name]?.layout(for: type) ?? .single
    }

    // MARK: Where properties stand
    // Each entry's components and how often each may hold it follow the component grammars of RFC 5545
    // §3.6 (and the later RFCs'), as sabre/vobject's validation rules read them. Two "SHOULD NOT occur
    // more than once" stay what the grammar allows: a VEVENT's DTSTART is required only where the
    // calendar has no METHOD (§3.6.1), so it is at most once, and RRULE may repeat.

    private static let event: Set<String> = ["VEVENT"], todo: Set<String> = ["VTODO"], alarm: Set<String> = ["VALARM"]
    private static let scheduled: Set<String> = ["VEVENT", "VTODO", "VJOURNAL"]
    private static let observances: Set<String> = ["STANDARD", "DAYLIGHT"]
    private static let vcalendar: Set<String> = ["VCALENDAR"]

    /// An entry that may stand in `components`, at most once unless `repeatable`, and exactly once in
    /// `required`; `once` names the components that hold a repeatable property at most once.
    private static func entry(
        _ name: String, _ type: ValueType, also otherTypes: [ValueType] = [], _ layout: PropertyDesign.Layout = .single,
        in components: Set<String>, repeatable: Bool = false, once: Set<String> = [], required: Set<String> = [],
        utc: Bool = false, valueRequired: Bool = false, role: PropertyDesign.ExpansionRole? = nil,
        json: (String, ValueShape)? = nil, values: [String: [String]] = [:]
    ) -> PropertyDesign {
        let cardinality = Dictionary(
            uniqueKeysWithValues: components.map { component -> (String, PropertyDesign.Cardinality) in
                if required.contains(component) { return (component, .required) }
                return (component, repeatable && !once.contains(component) ? .anyNumber : .atMostOnce)
            })
        return PropertyDesign(
            name: name, type: type, otherTypes: otherTypes, layout: layout, cardinality: cardinality,
            isUTCOnly: utc, requiresValueParameter: valueRequired, expansionRole: role,
            modelField: json.map { ModelField(key: $0.0, shape: $0.1) }, allowedValues: values)
    }

    // MARK: RFC 5545

    /// §3.7 and the calendar properties of RFC 7986 §5.
    private static let calendar = [
        entry("CALSCALE", .text, in: vcalendar, json: ("calendarScale", .verbatim)),
        entry("METHOD", .text, in: vcalendar, json: ("method", .verbatim)),
        entry("PRODID", .text, in: vcalendar, required: vcalendar, json: ("productId", .text)),
        entry("VERSION", .text, in: vcalendar, required: vcalendar, json: ("version", .verbatim)),
        entry("NAME", .text, in: vcalendar, repeatable: true),
        entry("REFRESH-INTERVAL", .duration, in: vcalendar, valueRequired: true),
        entry("SOURCE", .uri, in: vcalendar),
    ]

    /// §3.8.1 (with RFC 7986 §5's additions to where they stand).
    private static let descriptive = [
        entry("ATTACH", .uri, also: [.binary], in: scheduled.union(alarm), repeatable: true),
        entry("CATEGORIES", .text, .list, in: scheduled.union(vcalendar), repeatable: true, json: ("categories", .textList)),
        entry("CLASS", .text, in: scheduled, json: ("classification", .verbatim)),
        entry("COMMENT", .text, in: scheduled.union(observances).union(["VFREEBUSY"]), repeatable: true),
        entry(
            "DESCRIPTION", .text, in: scheduled.union(alarm).union(vcalendar), repeatable: true, once: ["VEVENT", "VTODO", "VALARM"],
            json: ("description", .text)),
        entry("GEO", .float, .structured, in: ["VEVENT", "VTODO"]),
        entry("LOCATION", .text, in: ["VEVENT", "VTODO"], json: ("location", .text)),
        entry("PERCENT-COMPLETE", .integer, in: todo, json: ("percentComplete", .integer)),
        entry("PRIORITY", .integer, in: ["VEVENT", "VTODO"], json: ("priority", .integer)),
        entry("RESOURCES", .text, .list, in: ["VEVENT", "VTODO"], repeatable: true),
        entry(
            "STATUS", .text, in: scheduled, role: .text, json: ("status", .verbatim),
            values: [
                "VEVENT": ["TENTATIVE", "CONFIRMED", "CANCELLED"],
                "VTODO": ["NEEDS-ACTION", "COMPLETED", "IN-PROCESS", "CANCELLED"],
                "VJOURNAL": ["DRAFT", "FINAL", "CANCELLED"],
            ]),
        entry("SUMMARY", .text, in: scheduled.union(alarm), role: .text, json: ("summary", .text)),
    ]

    /// §3.8.2.
    private static let dateAndTime = [
        entry("COMPLETED", .dateTime, in: todo, utc: true, json: ("completed", .dateTime)),
        entry("DTEND", .dateTime, also: [.date], in: ["VEVENT", "VFREEBUSY"], role: .time, json: ("end", .dateTime)),
        entry("DUE", .dateTime, also: [.date], in: todo, role: .time, json: ("due", .dateTime)),
        entry(
            "DTSTART", .dateTime, also: [.date], in: scheduled.union(observances).union(["VFREEBUSY"]), required: observances, role: .time,
            json: ("start", .dateTime)),
        entry("DURATION", .duration, in: ["VEVENT", "VTODO", "VALARM"], role: .time, json: ("duration", .verbatim)),
        entry("FREEBUSY", .period, .list, in: ["VFREEBUSY"], repeatable: true),
        entry("TRANSP", .text, in: event, json: ("transparency", .verbatim)),
    ]

    /// §3.8.3 and RFC 7808 §7.
    private static let zones = [
        entry("TZID", .text, in: ["VTIMEZONE"], required: ["VTIMEZONE"], json: ("tzid", .text)),
        entry("TZNAME", .text, in: observances, repeatable: true, json: ("zoneName", .text)),
        entry("TZOFFSETFROM", .utcOffset, in: observances, required: observances, json: ("offsetFrom", .verbatim)),
        entry("TZOFFSETTO", .utcOffset, in: observances, required: observances, json: ("offsetTo", .verbatim)),
        entry("TZURL", .uri, in: ["VTIMEZONE"]),
        entry("TZID-ALIAS-OF", .text, in: ["VTIMEZONE"], repeatable: true),
        entry("TZUNTIL", .dateTime, in: ["VTIMEZONE"], utc: true),
    ]

    /// §3.8.4 (RELATED-TO with RFC 9253's URI and UID types).
    private static let relationships = [
        entry(
            "ATTENDEE", .calendarAddress, in: scheduled.union(["VFREEBUSY", "VALARM"]), repeatable: true,
            json: ("attendees", .calendarAddress)),
        entry("CONTACT", .text, in: scheduled.union(["VFREEBUSY"]), repeatable: true, once: ["VFREEBUSY"]),
        entry("ORGANIZER", .calendarAddress, in: scheduled.union(["VFREEBUSY"]), json: ("organizer", .calendarAddress)),
        entry("RECURRENCE-ID", .dateTime, also: [.date], in: scheduled, role: .time, json: ("recurrenceId", .dateTime)),
        entry("RELATED-TO", .text, also: [.uri, .uid], in: scheduled, repeatable: true),
        entry("URL", .uri, in: scheduled.union(["VFREEBUSY"]).union(vcalendar), json: ("url", .verbatim)),
        entry(
            "UID", .text, in: scheduled.union(["VFREEBUSY"]).union(vcalendar), required: scheduled.union(["VFREEBUSY"]), role: .text,
            json: ("uid", .text)),
    ]

    /// §3.8.5, and RFC 2445's EXRULE, which producers still write.
    private static let recurrence = [
        entry("EXDATE", .dateTime, also: [.date], .list, in: scheduled.union(observances), repeatable: true, role: .rule),
        entry("RDATE", .dateTime, also: [.date, .period], .list, in: scheduled.union(observances), repeatable: true, role: .rule),
        entry("RRULE", .recur, in: scheduled.union(observances), repeatable: true, role: .rule, json: ("recurrenceRules", .verbatim)),
        entry("EXRULE", .recur, in: scheduled, repeatable: true, role: .rule),
    ]

    /// §3.8.6.
    private static let alarms = [
        entry("ACTION", .text, in: alarm, required: alarm, json: ("action", .verbatim)),
        entry("REPEAT", .integer, in: alarm, json: ("repeat", .integer)),
        entry("TRIGGER", .duration, also: [.dateTime], in: alarm, required: alarm, json: ("trigger", .verbatim)),
    ]

    /// §3.8.7 and §3.8.8.
    private static let changes = [
        entry("CREATED", .dateTime, in: scheduled, utc: true, json: ("created", .dateTime)),
        entry(
            "DTSTAMP", .dateTime, in: scheduled.union(["VFREEBUSY"]), required: scheduled.union(["VFREEBUSY"]), utc: true,
            json: ("timestamp", .dateTime)),
        entry(
            "LAST-MODIFIED", .dateTime, in: scheduled.union(["VTIMEZONE"]).union(vcalendar), utc: true, json: ("lastModified", .dateTime)),
        entry("SEQUENCE", .integer, in: scheduled, json: ("sequence", .integer)),
        entry("REQUEST-STATUS", .text, .structured, in: scheduled.union(["VFREEBUSY"]), repeatable: true),
    ]

    // MARK: Later RFCs

    /// RFC 7986 §5, RFC 9073 §6, RFC 9074 §6–7 and RFC 9253 §6–9.
    private static let later = [
        entry("COLOR", .text, in: scheduled.union(vcalendar), json: ("color", .text)),
        entry("IMAGE", .uri, also: [.binary], in: scheduled.union(vcalendar), repeatable: true, valueRequired: true),
        entry("CONFERENCE", .uri, in: ["VEVENT", "VTODO"], repeatable: true, valueRequired: true),
        entry("LOCATION-TYPE", .text, .list, in: ["VLOCATION"]),
        entry("PARTICIPANT-TYPE", .text, in: ["PARTICIPANT"]),
        entry("RESOURCE-TYPE", .text, in: ["VRESOURCE"]),
        entry("CALENDAR-ADDRESS", .calendarAddress, in: ["PARTICIPANT"]),
        entry("STYLED-DESCRIPTION", .text, also: [.uri], in: scheduled.union(["PARTICIPANT", "VLOCATION", "VRESOURCE"]), repeatable: true),
        entry(
            "STRUCTURED-DATA", .text, also: [.binary, .uri], in: scheduled.union(["PARTICIPANT", "VLOCATION", "VRESOURCE"]),
            repeatable: true),
        entry("ACKNOWLEDGED", .dateTime, in: alarm, utc: true),
        entry("PROXIMITY", .text, in: alarm),
        entry("LINK", .uri, also: [.text, .xmlReference], in: scheduled, repeatable: true),
        entry("CONCEPT", .uri, in: scheduled, repeatable: true),
        entry("REFID", .text, in: scheduled, repeatable: true),
    ]

    /// The de-facto calendar properties Google and Apple write, and calbridge's own: X- names, so
    /// xCal and jCal carry them as unknown; the model's JSON has fields for them.
    private static let extensions = [
        entry("X-WR-CALNAME", .unknown, in: vcalendar, json: ("name", .text)),
        entry("X-WR-CALDESC", .unknown, in: vcalendar, json: ("calendarDescription", .text)),
        entry("X-WR-TIMEZONE", .unknown, in: vcalendar, json: ("timeZone", .text)),
        entry("X-CALBRIDGE-SOURCE", .unknown, in: vcalendar, json: ("source", .text)),
        entry("X-CALBRIDGE-HIDDEN", .unknown, in: vcalendar, json: ("hidden", .verbatim)),
        entry("X-CALBRIDGE-BIRTHDAY-CONTACT", .unknown, in: event, json: ("birthdayContact", .text)),
        // The task extensions draft (draft-apthorp-ical-tasks), which task apps write.
        entry("ESTIMATED-DURATION", .duration, in: todo),
    ]
}
