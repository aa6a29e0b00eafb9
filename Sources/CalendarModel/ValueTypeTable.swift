/// The default value type of every property RFC 5545 (§3.7, §3.8) and RFC 7986 define, and the
/// type of parameters whose values are not plain text: what the xCal and jCal forms need to name a
/// value's type, drop VALUE where it is the default and restore it where it is not (RFC 6321 §3.4,
/// RFC 7265 §3.4). One table; the readers and writers of both forms consult it.
public enum ValueTypeTable {
    /// How a property's value is laid out besides its type.
    public enum Layout: Sendable {
        case single
        /// Comma-separated values (CATEGORIES, EXDATE, FREEBUSY…).
        case list
        /// Semicolon-separated parts (GEO, REQUEST-STATUS).
        case structured
    }

    /// A property's default type (lower case, as xCal and jCal name it) and layout.
    public struct Entry: Sendable {
        public let type: String
        public let layout: Layout
    }

    /// Properties not in the table (X- and unknown IANA ones) have this type: their values travel as written.
    public static let unknown = "unknown"

    public static func entry(for propertyName: String) -> Entry {
        properties[propertyName] ?? Entry(type: unknown, layout: .single)
    }

    private static let properties: [String: Entry] = {
        var table: [String: Entry] = [:]
        func add(_ type: String, _ layout: Layout = .single, _ names: String...) {
            for name in names { table[name] = Entry(type: type, layout: layout) }
        }
        add("text", .single, "CALSCALE", "METHOD", "PRODID", "VERSION", "CLASS", "COMMENT", "DESCRIPTION", "LOCATION",
            "STATUS", "SUMMARY", "TRANSP", "TZID", "TZNAME", "CONTACT", "RELATED-TO", "UID", "ACTION", "NAME", "COLOR")
        add("text", .list, "CATEGORIES", "RESOURCES")
        add("text", .structured, "REQUEST-STATUS")
        add("float", .structured, "GEO")
        add("integer", .single, "PERCENT-COMPLETE", "PRIORITY", "REPEAT", "SEQUENCE")
        add("date-time", .single, "COMPLETED", "DTEND", "DUE", "DTSTART", "RECURRENCE-ID", "CREATED", "DTSTAMP",
            "LAST-MODIFIED", "ACKNOWLEDGED")
        add("date-time", .list, "EXDATE", "RDATE")
        add("duration", .single, "DURATION", "TRIGGER", "REFRESH-INTERVAL")
        add("period", .list, "FREEBUSY")
        add("cal-address", .single, "ATTENDEE", "ORGANIZER")
        add("uri", .single, "ATTACH", "TZURL", "URL", "SOURCE", "IMAGE", "CONFERENCE")
        add("utc-offset", .single, "TZOFFSETFROM", "TZOFFSETTO")
        add("recur", .single, "RRULE", "EXRULE")
        return table
    }()

    /// Properties whose definition requires the VALUE parameter even when it names the default type
    /// (RFC 7986: `REFRESH-INTERVAL;VALUE=DURATION`, `IMAGE;VALUE=URI`, `CONFERENCE;VALUE=URI`), so
    /// readers of xCal and jCal put it back.
    public static let requiresValueParameter: Set<String> = ["REFRESH-INTERVAL", "IMAGE", "CONFERENCE"]

    /// The type of a parameter's values in xCal: calendar addresses and URIs, else text.
    /// Parameters RFC 6321 §5 calls unrecognized get `unknown`.
    public static func parameterType(_ name: String) -> String {
        switch name {
        case "DELEGATED-FROM", "DELEGATED-TO", "MEMBER", "SENT-BY": return "cal-address"
        case "ALTREP", "DIR": return "uri"
        case "RSVP": return "boolean"
        default: return knownParameters.contains(name) ? "text" : unknown
        }
    }

    /// The parameters of RFC 5545 §3.2 and RFC 7986 §6.
    private static let knownParameters: Set<String> = [
        "CN", "CUTYPE", "ENCODING", "FMTTYPE", "FBTYPE", "LANGUAGE", "PARTSTAT", "RANGE", "RELATED", "RELTYPE",
        "ROLE", "TZID", "VALUE", "DISPLAY", "EMAIL", "FEATURE", "LABEL",
    ]
}
