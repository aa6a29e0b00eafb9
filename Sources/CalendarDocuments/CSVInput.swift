import CSVReading
import CalendarCSV
import CalendarModel
import Platform
import Schedules

/// A CSV input, told apart by its header row: a calendar as Google Calendar or Outlook write it
/// (CalendarCSV), or a timetable, one lecture a row (Schedules); any other header is refused.
enum CSVInput {
    /// A calendar CSV's header is a marker: only those producers write it.
    static func sniff(_ head: FormatHead) -> Likeness? {
        CalendarCSVReader.recognizes(head: Array(head.text.utf8)) ? .marker : nil
    }

    /// The calendar the input's rows make.
    static func calendar(_ input: InputFile, options: FormatOptions) throws -> ReadDocument {
        let bytes = try input.readAll()
        if CalendarCSVReader.recognizes(head: bytes) {
            let read = try CalendarCSVReader.read(bytes, file: input.name, options: options.calendarCSV)
            return ReadDocument(calendar: read.calendar, diagnostics: read.diagnostics)
        }
        guard isTimetable(bytes) else {
            let problem = Diagnostic(
                .error, file: input.name, at: SourceLocation(line: 1),
                "the header row is neither a timetable's nor a calendar CSV's")
            throw InvalidCalendarData(
                diagnostics: [problem],
                advice: "calbridge reads a timetable CSV (columns "
                    + TimetableCSVReader.columns.joined(separator: ", ") + ") and the calendar CSV of "
                    + CalendarCSVReader.knownHeaders)
        }
        let timetable = try ScheduleRun.timetable(bytes, file: input.name, base: nil)
        return ReadDocument(calendar: try ScheduleRun(timetable: timetable, file: input.name, statePath: nil).calendar)
    }

    /// The calendar's events as a calendar CSV; what the form could not hold is said as warnings.
    static func written(_ calendar: Component, options: FormatOptions) throws -> WrittenDocument {
        let written = try CalendarCSVWriter.write(calendar, options: options.calendarCSV)
        return WrittenDocument(
            bytes: written.bytes,
            diagnostics: written.report.map {
                Diagnostic(.violation, file: options.calendarCSV.outputName, at: nil, $0)
            })
    }

    /// Whether the first record names a timetable's column. A file the scanner refuses, or one with
    /// no record, goes to the timetable reader too, which says what is wrong as it always has.
    private static func isTimetable(_ bytes: [UInt8]) -> Bool {
        guard case .success(let lines) = CSVScanner.lines(bytes) else { return true }
        for case .record(_, let fields, _) in lines {
            return fields.contains { TimetableCSVReader.columns.contains($0.lowercased()) }
        }
        return true
    }
}
