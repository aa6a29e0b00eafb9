import TimeZones
import CalendarDocuments
import Foundation

extension EventCalendar {
    /// The calendar written in `format`: everything read is written back, what the friendly views
    /// have no field for included, and a VTIMEZONE from the tz database is added for each TZID used
    /// without one (as `calbridge convert` does), so a calendar built in code is a valid one.
    ///
    /// - Throws: ``CalendarWritingError`` for a format calbridge only reads (contact cards,
    ///   timetables), or when the format's writer cannot write this calendar.
    public func data(as format: CalendarFileFormat = .ics) throws(CalendarWritingError) -> Data {
        let calendar = ZoneUsage.completing(component, resolver: ZoneLookup.database)
        do {
            return Data(try format.documentFormat.writer().document(calendar, FormatOptions()).bytes)
        } catch let error as UsageProblem {
            throw CalendarWritingError(message: error.message)
        } catch {
            throw CalendarWritingError(message: "calbridge cannot write this calendar as \(format.rawValue): \(error)")
        }
    }

    /// Writes the calendar to a file, whole or not at all (see ``data(as:)``); the format is taken
    /// from the name (`.ics`, `.xcs`/`.xml`, `.jcal`, `.json`) when not given, iCalendar when the
    /// name says none. A name that promises a format calbridge does not write (`.vcf`, `.pdf`) is
    /// refused rather than filled with iCalendar.
    public func write(to url: URL, as format: CalendarFileFormat? = nil) throws {
        let named = url.pathExtension.isEmpty ? .ics : CalendarFileFormat(fileExtension: url.pathExtension)
        guard let chosen = format ?? named else {
            throw CalendarWritingError(
                message: "\(url.lastPathComponent): no format calbridge writes ends in .\(url.pathExtension); name it "
                    + CalendarConversion.outputExtensions + ", or give the format")
        }
        try data(as: chosen).write(to: url, options: .atomic)
    }
}

/// Why a calendar could not be written in the format asked for.
public struct CalendarWritingError: Error, Sendable, CustomStringConvertible {
    /// What is wrong and what to do, as `calbridge convert` says it.
    public var message: String

    public var description: String { message }
}
