import CalendarModel

/// Turns a calendar CSV's rows into VEVENTs. A row that cannot be read faithfully (no start date, a
/// date or time that does not exist, an end before its start) is skipped with an error at its cell,
/// so that no event lands at a time the file did not say.
struct CalendarCSVEvents {
    private let header: CalendarCSVHeader
    let dates: DateOrderDecision
    private let file: String
    private let zone: String?
    private(set) var events: [Component] = []
    private var diagnostics: [Diagnostic] = []
    /// How often each UID made from content has been given, so rows of equal content stay apart.
    private var madeUIDs: [String: Int] = [:]
    /// Outlook's columns the calendar has no place for, and how many rows held a value in each.
    private var dropped: [CalendarCSVColumn: Int] = [:]

    /// DTSTAMP of every event: a CSV says nothing of when an event was written, and the earliest
    /// time keeps a re-import identical and lets any real revision win (as `ItemIdentity` does).
    private static let stamp = DateValue.utc(LocalDateTime(date: CalendarDate(year: 1970, month: 1, day: 1)))
    private static let uncarried: [CalendarCSVColumn] = [
        .organizer, .requiredAttendees, .optionalAttendees, .resources, .billing, .mileage,
    ]

    init(header: CalendarCSVHeader, dates: DateOrderDecision, file: String, zone: String?) {
        self.header = header
        self.dates = dates
        self.file = file
        self.zone = zone
    }

    /// The row as an event, or the errors that skip it.
    mutating func add(_ record: CSVRecord) {
        let columns = header.columns
        let cell = { (column: CalendarCSVColumn) in record.cell(columns[column]) }
        do throws(CellProblem) {
            var event = Component(name: "VEVENT", location: SourceLocation(line: record.row))
            event.properties += try times(cell)
            event.properties += texts(cell)
            if let alarm = try reminder(cell, start: event["DTSTART"]) { event.components.append(alarm) }
            for column in Self.uncarried where !(cell(column)?.text.isEmpty ?? true) { dropped[column, default: 0] += 1 }
            identify(&event)
            events.append(event)
        } catch {
            diagnostics.append(Diagnostic(.error, file: file, at: error.place, error.message, repair: "skips the row"))
        }
    }

    /// The diagnostics of every row, and one warning for the columns whose values were not carried.
    mutating func finished() -> [Diagnostic] {
        let columns = Self.uncarried.filter { dropped[$0] != nil }
        if !columns.isEmpty {
            let rows = columns.map { column in
                let count = dropped[column] ?? 0
                return "\(column.header(header.language)) (\(count) row\(count == 1 ? "" : "s"))"
            }
            diagnostics.append(
                Diagnostic(
                    .violation, file: file, at: nil,
                    "the values of \(rows.joined(separator: ", ")) have no place in the calendar",
                    repair: "drops them"))
        }
        return diagnostics
    }

    /// DTSTART and DTEND. A row is all-day when its all-day cell says so, or when it has no start time.
    private func times(_ cell: (CalendarCSVColumn) -> (text: String, place: SourceLocation)?) throws(CellProblem) -> [Property] {
        guard let startCell = cell(.startDate), !startCell.text.isEmpty else {
            throw CellProblem(place: cell(.subject)?.place, message: "the row has no start date")
        }
        let start = try date(startCell)
        let end = try cell(.endDate).flatMap { $0.text.isEmpty ? nil : $0 }.map { cell throws(CellProblem) in (try date(cell), cell.place) }
        let startTime = try time(cell(.startTime))
        var allDay = startTime == nil
        if let flag = cell(.allDay), !flag.text.isEmpty {
            guard let value = SpreadsheetBoolean.read(flag.text) else {
                throw CellProblem(place: flag.place, message: "\(flag.text) is neither true nor false")
            }
            allDay = value
        }
        if let end, end.0 < start {
            throw CellProblem(place: end.1, message: "the event ends on a day before it starts")
        }
        if allDay {
            // Google's End Date is the last day (its help: "the last day of the event"); Outlook
            // writes the next day's midnight, the exclusive end iCalendar writes too.
            let last = header.style == .google ? end?.0 : end.map { $0.0 > start ? $0.0.adding(days: -1) : start }
            let after = (last ?? start).adding(days: 1)
            guard after.isValid else {
                throw CellProblem(place: startCell.place, message: "the event lasts past 9999-12-31, the last day a calendar can name")
            }
            return [DateValue.date(start).property(named: "DTSTART"), DateValue.date(after).property(named: "DTEND")]
        }
        let startLocal = LocalDateTime(
            date: start, hour: startTime?.hour ?? 0, minute: startTime?.minute ?? 0, second: startTime?.second ?? 0)
        var properties = [value(startLocal).property(named: "DTSTART")]
        if let endTimeCell = cell(.endTime), let endTime = try time(endTimeCell) {
            let endLocal = LocalDateTime(date: end?.0 ?? start, hour: endTime.hour, minute: endTime.minute, second: endTime.second)
            if endLocal < startLocal { throw CellProblem(place: endTimeCell.place, message: "the event ends before it starts") }
            properties.append(value(endLocal).property(named: "DTEND"))
        }
        return properties
    }

    /// A wall-clock time in the zone the user named, else floating.
    private func value(_ local: LocalDateTime) -> DateValue {
        zone.map { .zoned(local, tzid: $0) } ?? .floating(local)
    }

    private func date(_ cell: (text: String, place: SourceLocation)) throws(CellProblem) -> CalendarDate {
        switch dates.date(cell.text) {
        case .success(let date): return date
        case .failure(let problem): throw CellProblem(place: cell.place, message: problem.message)
        }
    }

    /// The time of a cell, nil when it is empty.
    func time(_ cell: (text: String, place: SourceLocation)?) throws(CellProblem) -> SpreadsheetTime? {
        guard let cell, !cell.text.isEmpty else { return nil }
        guard let time = SpreadsheetTime.read(cell.text) else {
            throw CellProblem(place: cell.place, message: "\(cell.text) is not a time of the forms 10:00 AM, 9:00:00 PM or 14:30")
        }
        return time
    }

    /// UID from the event's content (so a re-import gives the same UIDs), then DTSTAMP.
    private mutating func identify(_ event: inout Component) {
        var content: [UInt8] = []
        for property in event.properties { content += Array("\(property.name):\(property.value)\n".utf8) }
        for alarm in event.components { content += Array((alarm["TRIGGER"]?.value ?? "").utf8) }
        let uid = "calbridge-csv-" + FNV1a.hex(content)
        let seen = madeUIDs[uid, default: 0] + 1
        madeUIDs[uid] = seen
        event.properties.insert(
            contentsOf: [
                Property(name: "UID", value: seen == 1 ? uid : "\(uid)-\(seen)"),
                Self.stamp.property(named: "DTSTAMP"),
            ], at: 0)
    }
}

/// What skips a row: the cell where it is (the row's first when no cell is to blame) and why.
struct CellProblem: Error {
    var place: SourceLocation?
    var message: String
}
