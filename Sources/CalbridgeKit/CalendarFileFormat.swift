import CalendarDocuments

/// The forms a calendar is read from and written to: every format of calbridge's format registry,
/// named as the command line names it (`rawValue`).
///
/// Contact cards, timetables and saved CalDAV answers are read only: what is read is the calendar
/// calbridge makes of them (the contacts' birthdays, the timetable's lectures, the answer's
/// calendar-data merged).
public struct CalendarFileFormat: RawRepresentable, Hashable, Sendable, CaseIterable {
    /// The command's format.
    let documentFormat: CalendarFormat

    /// The command line's name for the format (`ics`, `xcal`, `vcf`).
    public var rawValue: String { documentFormat.rawValue }

    /// The format of that name, if calbridge has one.
    public init?(rawValue: String) {
        guard let format = CalendarFormat(rawValue: rawValue) else { return nil }
        documentFormat = format
    }

    private init(_ format: CalendarFormat) {
        documentFormat = format
    }

    /// Every format calbridge reads, in the order its help lists them.
    public static var allCases: [CalendarFileFormat] { CalendarFormat.all.map(CalendarFileFormat.init) }

    /// iCalendar text (RFC 5545), `.ics`.
    public static let ics = CalendarFileFormat(.ics)
    /// XML (RFC 6321), `.xcs` or `.xml`.
    public static let xCal = CalendarFileFormat(.xcal)
    /// JSON (RFC 7265), `.jcal`.
    public static let jCal = CalendarFileFormat(.jcal)
    /// calbridge's model JSON, `.json`: well-known properties under typed keys, the rest raw.
    public static let modelJSON = CalendarFileFormat(.json)
    /// Contact cards (vCard 2.1, 3.0, 4.0), read as the calendar of their birthdays and anniversaries.
    public static let vCard = CalendarFileFormat(.vcf)
    /// A course timetable (the SPEC's JSON, or CSV one lecture a row), read as its calendar.
    public static let timetable = CalendarFileFormat(.timetable)

    /// Whether calbridge writes this format.
    public var isWritable: Bool { documentFormat.isWritable }

    /// What the format is, in a few words ("iCalendar (RFC 5545)").
    public var title: String { documentFormat.descriptor.title }

    /// The format a file name's extension names, as the command names it.
    public init?(fileExtension: String) {
        guard let format = CalendarFormat(path: "calendar." + fileExtension) else { return nil }
        self.init(format)
    }
}
