import CSVReading
import CalendarModel

extension CalendarCSVEvents {
    typealias Cell = (CalendarCSVColumn) -> (text: String, place: SourceLocation)?

    /// SUMMARY, DESCRIPTION, LOCATION, CATEGORIES (Outlook separates them with `;`), CLASS, PRIORITY, TRANSP.
    func texts(_ cell: Cell) -> [Property] {
        var properties: [Property] = []
        func filled(_ column: CalendarCSVColumn) -> String? { cell(column).flatMap { $0.text.isEmpty ? nil : $0.text } }
        for (column, name) in [(CalendarCSVColumn.subject, "SUMMARY"), (.description, "DESCRIPTION"), (.location, "LOCATION")] {
            if let text = filled(column) { properties.append(Property(name: name, value: TextEscaping.escape(text))) }
        }
        if let text = filled(.categories) {
            let names = text.split(separator: ";").map { TextEscaping.escape(CSVScanner.trim($0)) }.filter { !$0.isEmpty }
            if !names.isEmpty { properties.append(Property(name: "CATEGORIES", value: names.joined(separator: ","))) }
        }
        if let privacy = classification(filled(.isPrivate), filled(.sensitivity)) {
            properties.append(Property(name: "CLASS", value: privacy))
        }
        if let priority = filled(.priority).flatMap({ Self.priorities[$0.lowercased()] }) {
            properties.append(Property(name: "PRIORITY", value: priority))
        }
        // Outlook's "Show time as": 0 free, 1 tentative, 2 busy, 3 out of office; only free is transparent.
        if filled(.showTimeAs) == "0" { properties.append(Property(name: "TRANSP", value: "TRANSPARENT")) }
        return properties
    }

    /// Outlook's High and Low (German Hoch and Niedrig) as RFC 5545's highest and lowest priority;
    /// Normal is what every row says and stays unwritten.
    private static let priorities = ["high": "1", "hoch": "1", "low": "9", "niedrig": "9"]

    /// CLASS from the Private flag or Outlook's sensitivity (English and German words).
    private func classification(_ isPrivate: String?, _ sensitivity: String?) -> String? {
        switch sensitivity?.lowercased() {
        case "confidential", "vertraulich": return "CONFIDENTIAL"
        case "private", "privat", "personal", "persönlich": return "PRIVATE"
        default: return isPrivate.flatMap(SpreadsheetBoolean.read) == true ? "PRIVATE" : nil
        }
    }

    /// Outlook's reminder as a display alarm before the start, when it is on and has its date and time.
    func reminder(_ cell: Cell, start: Property?) throws(CellProblem) -> Component? {
        guard let switchCell = cell(.reminderOn), SpreadsheetBoolean.read(switchCell.text) == true,
            let dateCell = cell(.reminderDate), !dateCell.text.isEmpty,
            let start = start.flatMap({ DateValue(property: $0) })
        else { return nil }
        let day: CalendarDate
        switch dates.date(dateCell.text) {
        case .success(let date): day = date
        case .failure(let problem): throw CellProblem(place: dateCell.place, message: problem.message)
        }
        // A reminder without a time is at the start of its day; one whose time cannot be read is not guessed.
        let time = try self.time(cell(.reminderTime)) ?? SpreadsheetTime(hour: 0, minute: 0, second: 0)
        let when = LocalDateTime(date: day, hour: time.hour, minute: time.minute, second: time.second)
        let seconds = when.secondsSinceEpoch - start.local.secondsSinceEpoch
        let length = abs(seconds)
        // In days, hours and minutes as far as they go evenly (-PT15M, -P1D), as calendar programs write reminders.
        let trigger = CalendarDuration(
            isNegative: seconds < 0, days: length / 86_400, hours: length % 86_400 / 3600,
            minutes: length % 3600 / 60, seconds: length % 60
        ).icalendarText
        return Component(
            name: "VALARM",
            properties: [
                Property(name: "ACTION", value: "DISPLAY"), Property(name: "TRIGGER", value: trigger),
                Property(name: "DESCRIPTION", value: TextEscaping.escape(cell(.subject)?.text ?? "Reminder")),
            ])
    }
}
