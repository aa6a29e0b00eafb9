import CalendarModel
import Foundation

/// The formats of the SPEC, named as on the command line.
package enum CalendarFormat: String, Sendable {
    case ics, xcal, jcal, json, vcf, timetable, csv
    /// A WebDAV multistatus answer (a CalDAV REPORT saved to a file): its calendar-data become one calendar.
    case caldavXML = "caldav-xml"

    /// The formats this build reads, and those it writes (a saved CalDAV answer is only read); the
    /// rest are named so that asking for them gets a clear answer rather than a parse error.
    package static let readable: Set<CalendarFormat> = [.ics, .json, .xcal, .jcal, .caldavXML, .vcf, .timetable]
    package static let writable: Set<CalendarFormat> = [.ics, .json, .xcal, .jcal]

    /// The format a path's extension names, if any.
    package init?(path: String) {
        switch (path as NSString).pathExtension.lowercased() {
        case "ics", "ical", "icalendar", "ifb": self = .ics
        case "json": self = .json
        case "xcal", "xcs", "xml": self = .xcal
        case "jcal": self = .jcal
        case "vcf", "vcard": self = .vcf
        case "csv": self = .csv
        default: return nil
        }
    }

    /// How many bytes of an input `sniff` looks at.
    package static let sniffedBytes = 512

    /// Guesses from the first bytes of a file: iCalendar text, JSON, or XML.
    package static func sniff(path: String) -> CalendarFormat? {
        guard path != "-", let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return sniff(head: [UInt8]((try? handle.read(upToCount: sniffedBytes)) ?? Data()))
    }

    /// Guesses from an input's first bytes.
    package static func sniff(head: [UInt8]) -> CalendarFormat? {
        let text = String(decoding: head, as: UTF8.self).drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        if text.uppercased().hasPrefix("BEGIN:VCALENDAR") { return .ics }
        if text.uppercased().hasPrefix("BEGIN:VCARD") { return .vcf }
        // A timetable's keys are not the model's (sorted: "components", "name", "properties"); in
        // an escaped string a quote before "term" would be followed by a backslash, not a quote.
        if text.hasPrefix("{") { return text.contains("\"lectures\"") || text.contains("\"term\"") ? .timetable : .json }
        if text.hasPrefix("[") { return .jcal }
        if text.hasPrefix("<") { return text.contains("multistatus") ? .caldavXML : .xcal }
        return nil
    }

    /// The format of an input: as given, else from its name, else from its content (`head`, its
    /// first bytes, for standard input), else iCalendar.
    package static func of(input path: String, given: CalendarFormat?, head: [UInt8]? = nil) throws -> CalendarFormat {
        if let given { return try forReading(given) }
        // The content is looked at once, and only when the name leaves a doubt.
        let named = CalendarFormat(path: path)
        let content = named == nil || named == .json || named == .xcal ? head.flatMap(sniff(head:)) ?? sniff(path: path) : nil
        var format = named ?? content ?? .ics
        // jCal and timetables are JSON too, and often named so: the content tells them apart.
        if format == .json, let content, content == .jcal || content == .timetable { format = content }
        // So are a saved CalDAV answer and xCal: both are .xml.
        if format == .xcal && content == .caldavXML { format = .caldavXML }
        return try forReading(format)
    }

    /// The format as read: the only CSV calbridge reads is a timetable's, one lecture a row.
    private static func forReading(_ format: CalendarFormat) throws -> CalendarFormat {
        let read = format == .csv ? timetable : format
        try read.require(in: readable, as: "read")
        return read
    }

    /// Throws a usage error unless this build can `use` (read or write) the format.
    package func require(in formats: Set<CalendarFormat>, as use: String) throws {
        guard formats.contains(self) else {
            throw UsageProblem(message: "this build of calbridge cannot \(use) \(rawValue); it reads ics, json, xcal, jcal, caldav-xml, vcf and timetable and writes ics, json, xcal and jcal")
        }
    }
}
