import ArgumentParser
import Foundation

/// The formats of the SPEC, named as on the command line.
enum CalendarFormat: String, ExpressibleByArgument, CaseIterable {
    case ics, xcal, jcal, json, vcf, timetable, csv
    /// A WebDAV multistatus answer (a CalDAV REPORT saved to a file): its calendar-data become one calendar.
    case caldavXML = "caldav-xml"

    /// The formats this build reads and writes; the rest are named so that asking for them gets a
    /// clear answer rather than a parse error.
    static let supported: Set<CalendarFormat> = [.ics, .json, .xcal, .jcal, .caldavXML]

    /// The format a path's extension names, if any.
    init?(path: String) {
        switch (path as NSString).pathExtension.lowercased() {
        case "ics", "ical", "icalendar", "ifb": self = .ics
        case "json": self = .json
        case "xcs", "xml": self = .xcal
        case "jcal": self = .jcal
        case "vcf", "vcard": self = .vcf
        case "csv": self = .csv
        default: return nil
        }
    }

    /// Guesses from the first bytes of a file: iCalendar text, JSON, or XML.
    static func sniff(path: String) -> CalendarFormat? {
        guard path != "-", let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 512)) ?? Data()
        let text = String(decoding: head, as: UTF8.self).drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        if text.uppercased().hasPrefix("BEGIN:VCALENDAR") { return .ics }
        if text.uppercased().hasPrefix("BEGIN:VCARD") { return .vcf }
        if text.hasPrefix("{") { return .json }
        if text.hasPrefix("[") { return .jcal }
        if text.hasPrefix("<") { return text.contains("multistatus") ? .caldavXML : .xcal }
        return nil
    }

    /// The format of an input: as given, else from its name, else from its content, else iCalendar.
    static func of(input path: String, given: CalendarFormat?) throws -> CalendarFormat {
        var format = given ?? CalendarFormat(path: path) ?? sniff(path: path) ?? .ics
        // jCal is JSON too, and often named so: the content tells them apart.
        if given == nil && format == .json && sniff(path: path) == .jcal { format = .jcal }
        // So are a saved CalDAV answer and xCal: both are .xml.
        if given == nil && format == .xcal && sniff(path: path) == .caldavXML { format = .caldavXML }
        try format.requireSupported(as: "read")
        return format
    }

    func requireSupported(as use: String) throws {
        guard Self.supported.contains(self) else {
            throw UsageProblem(message: "this build of calbridge cannot \(use) \(rawValue) yet; it reads and writes ics, json, xcal and jcal")
        }
    }
}
