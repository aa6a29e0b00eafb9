import CSVReading
import CalendarModel

/// Reads a calendar CSV as Google Calendar or Outlook writes it (told apart by its header row) into
/// a VCALENDAR of events, every problem a `Diagnostic` at its cell's line and column.
package enum CalendarCSVReader {
    /// Whether `head`, a file's first bytes, starts with a calendar CSV's header row.
    package static func recognizes(head: [UInt8]) -> Bool {
        CalendarCSVHeader.recognizes(head: head)
    }

    /// The header rows calbridge reads, for a message that refuses another.
    package static var knownHeaders: String { CalendarCSVHeader.knownHeaders }

    /// The calendar, and what was noticed on the way; throws `InvalidCalendarData` when the file
    /// cannot be read as a calendar CSV (its header, an ambiguous date order) or no row can be used.
    package static func read(_ bytes: [UInt8], file: String, options: CalendarCSVOptions = CalendarCSVOptions())
        throws -> (calendar: Component, diagnostics: [Diagnostic])
    {
        let (text, fromWindows1252) = CalendarCSVEncoding.decoded(bytes)
        var diagnostics: [Diagnostic] = []
        if fromWindows1252 {
            diagnostics.append(
                Diagnostic(
                    .notice, file: file, at: nil,
                    "the file is not UTF-8; read as Windows-1252, the code page Outlook saves its CSV export in"))
        }
        let records = try self.records(text, file: file)
        guard let first = records.first, let header = CalendarCSVHeader(first.fields) else {
            let place = records.first.map { SourceLocation(line: $0.row) }
            throw InvalidCalendarData(
                diagnostics: [Diagnostic(.error, file: file, at: place, "the header row is not one of a calendar CSV")],
                advice: "calbridge reads the header rows of \(knownHeaders)")
        }
        if !header.unknown.isEmpty {
            diagnostics.append(
                Diagnostic(
                    .violation, file: file, at: SourceLocation(line: first.row),
                    "calbridge reads nothing from the columns \(header.unknown.joined(separator: ", ")) (not calendar CSV columns, or named twice)",
                    repair: "drops their values"))
        }
        let rows = records.dropFirst()
        let dateColumns: [CalendarCSVColumn] = [.startDate, .endDate, .reminderDate]
        let cells = rows.flatMap { record in dateColumns.compactMap { record.cell(header.columns[$0]) } }
        let dates = try DateOrderDecision(cells: cells.filter { !$0.text.isEmpty }, given: options.dateOrder, file: file)
        var events = CalendarCSVEvents(header: header, dates: dates, file: file, zone: options.zone)
        for record in rows { events.add(record) }
        diagnostics += events.finished()
        if !rows.isEmpty && events.events.isEmpty {
            throw InvalidCalendarData(diagnostics: diagnostics, advice: "no row of the file could be read as an event")
        }
        let calendar = Component(
            name: "VCALENDAR",
            properties: [
                Property(name: "VERSION", value: "2.0"), Property(name: "PRODID", value: CalbridgeVersion.productIdentifier),
            ], components: events.events)
        return (calendar, diagnostics)
    }

    /// The file's records. A line the scanner takes for a `#` comment (a timetable's) is a row here:
    /// a subject may begin with `#`.
    private static func records(_ text: [UInt8], file: String) throws -> [CSVRecord] {
        switch CSVScanner.lines(text) {
        case .failure(let problem):
            throw InvalidCalendarData(diagnostics: [Diagnostic(.error, file: file, at: SourceLocation(line: problem.row), problem.message)])
        case .success(let lines):
            return lines.compactMap { line in
                switch line {
                case .record(let row, let fields, let starts): CSVRecord(row: row, fields: fields, starts: starts)
                case .comment(let row, let text): CSVRecord(commentRow: row, text: text)
                }
            }
        }
    }
}

/// One record of the file: its fields and where each starts.
struct CSVRecord {
    var row: Int
    var fields: [String]
    var starts: [SourceLocation]

    init(row: Int, fields: [String], starts: [SourceLocation]) {
        self.row = row
        self.fields = fields
        self.starts = starts
    }

    /// The record of a line that began with `#`, scanned again with the `#` put back behind a space
    /// (which the scanner trims), its places moved to the line it stands on.
    init?(commentRow row: Int, text: String) {
        guard case .success(let lines) = CSVScanner.lines(Array((" #" + text).utf8)),
            case .record(_, let fields, let starts) = lines.first
        else { return nil }
        self.init(
            row: row, fields: fields,
            starts: starts.map {
                SourceLocation(line: $0.line + row - 1, column: $0.line == 1 ? max(1, $0.column - 1) : $0.column)
            })
    }

    /// The cell at `index` (nil for a column the header lacks or a short row), trimmed, and where it starts.
    func cell(_ index: Int?) -> (text: String, place: SourceLocation)? {
        guard let index, index < fields.count else { return nil }
        return (CSVScanner.trim(fields[index]), starts[index])
    }
}
