import CalendarDocuments

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

    /// The format a file name's extension names, as the command names it (`.csv` is a timetable's).
    public init?(fileExtension: String) {
        switch CalendarFormat(path: "calendar." + fileExtension) {
        case .ics?: self = .ics
        case .xcal?: self = .xCal
        case .jcal?: self = .jCal
        case .json?: self = .modelJSON
        case .vcf?: self = .vCard
        case .csv?, .timetable?: self = .timetable
        case .caldavXML?, nil: return nil
        }
    }

    /// The command's name for the format.
    var documentFormat: CalendarFormat {
        switch self {
        case .ics: return .ics
        case .xCal: return .xcal
        case .jCal: return .jcal
        case .modelJSON: return .json
        case .vCard: return .vcf
        case .timetable: return .timetable
        }
    }
}
