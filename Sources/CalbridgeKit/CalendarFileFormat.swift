import Foundation

/// The forms a calendar is read from and written to.
///
/// Contact cards and timetables are read only: what is read is the calendar calbridge makes of
/// them (the contacts' birthdays, the timetable's lectures).
public enum CalendarFileFormat: String, Sendable, CaseIterable {
    /// iCalendar text (RFC 5545), `.ics`.
    case ics
    /// XML (RFC 6321), `.xcs` or `.xml`.
    case xCal = "xcal"
    /// JSON (RFC 7265), `.jcal`.
    case jCal = "jcal"
    /// calbridge's model JSON, `.json`: well-known properties under typed keys, the rest raw.
    case modelJSON = "json"
    /// Contact cards (vCard 2.1, 3.0, 4.0), read as the calendar of their birthdays and anniversaries.
    case vCard = "vcf"
    /// A course timetable (the SPEC's JSON, or CSV one lecture a row), read as its calendar.
    case timetable

    /// Whether calbridge writes this format (all but contact cards and timetables).
    public var isWritable: Bool { self != .vCard && self != .timetable }

    /// The format a file name's extension names, if any (`.csv` is a timetable's).
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "ics", "ical", "icalendar", "ifb": self = .ics
        case "xcs", "xcal", "xml": self = .xCal
        case "jcal": self = .jCal
        case "json": self = .modelJSON
        case "vcf", "vcard": self = .vCard
        case "csv": self = .timetable
        default: return nil
        }
    }

    /// The format the first bytes show: iCalendar or vCard text, XML, or JSON of one kind or another.
    public init?(content: some Collection<UInt8>) {
        let text = String(decoding: content.prefix(512), as: UTF8.self).drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        let upper = text.uppercased()
        if upper.hasPrefix("BEGIN:VCALENDAR") || upper.hasPrefix("BEGIN:VEVENT") {
            self = .ics
        } else if upper.hasPrefix("BEGIN:VCARD") {
            self = .vCard
        } else if text.hasPrefix("{") {
            // A timetable names its term and lectures; the model's keys are others.
            self = text.contains("\"lectures\"") || text.contains("\"term\"") ? .timetable : .modelJSON
        } else if text.hasPrefix("[") {
            self = .jCal
        } else if text.hasPrefix("<") {
            self = .xCal
        } else {
            return nil
        }
    }

    /// The format of a file: the content decides where the name leaves a doubt (JSON of three
    /// kinds, or no extension), else the name, else iCalendar.
    static func of(name: String, content: [UInt8]) -> CalendarFileFormat {
        let named = CalendarFileFormat(fileExtension: (name as NSString).pathExtension)
        guard named == nil || named == .modelJSON || named == .xCal else { return named! }
        return CalendarFileFormat(content: content) ?? named ?? .ics
    }
}
