import CalendarModel
import Occurrences

/// Formats occurrences as rows in one producer's columns, words and date forms: Google's help form
/// (`05/30/2020`, `10:00 AM`, the all-day End Date the last day), English Outlook's (`5/30/2020`,
/// `10:00:00 AM`, every field but an empty one quoted, the all-day end the next midnight) or German Outlook's
/// (`30.5.2020`, `10:00:00`, `Ein`/`Aus`).
struct CalendarCSVRowWriter {
    private let style: CalendarCSVStyle
    private let language: CalendarCSVLanguage
    private let columns: [CalendarCSVColumn]
    private(set) var bytes: [UInt8] = []
    /// The UIDs of events whose times were in a zone or UTC, written on that zone's wall clock.
    private(set) var zonedEvents: Set<String> = []

    init(style: CalendarCSVStyle, language: CalendarCSVLanguage) {
        self.style = style
        self.language = language
        columns = style == .google ? CalendarCSVColumn.google : CalendarCSVColumn.outlook(language)
        // Google's help capitalizes "All Day Event"; Outlook writes "All day event".
        line(columns.map { style == .google && $0 == .allDay ? "All Day Event" : $0.header(language) })
    }

    mutating func append(_ occurrence: Occurrence) {
        let start = occurrence.start.local, end = occurrence.end.local
        let component = occurrence.component
        let allDay = occurrence.isAllDay
        // Google's all-day End Date is the last day; Outlook's end is the next day's midnight.
        let endDay = allDay && style == .google ? max(start.date, end.date.adding(days: -1)) : end.date
        let alarm = reminder(component, start: start)
        let values: [CalendarCSVColumn: String] = [
            .subject: component["SUMMARY"]?.text ?? "",
            .startDate: date(start.date), .startTime: allDay && style == .google ? "" : time(allDay ? nil : start),
            .endDate: date(endDay), .endTime: allDay && style == .google ? "" : time(allDay ? nil : end),
            .allDay: boolean(allDay),
            .reminderOn: boolean(alarm != nil), .reminderDate: alarm.map { date($0.date) } ?? "",
            .reminderTime: alarm.map { time($0) } ?? "",
            .categories: component.all("CATEGORIES").flatMap(\.textList).joined(separator: ";"),
            .description: component["DESCRIPTION"]?.text ?? "", .location: component["LOCATION"]?.text ?? "",
            .priority: priority(component["PRIORITY"]?.value),
            .isPrivate: boolean(component["CLASS"]?.value.uppercased() == "PRIVATE"),
            .sensitivity: sensitivity(component["CLASS"]?.value.uppercased()),
            .showTimeAs: component["TRANSP"]?.value.uppercased() == "TRANSPARENT" ? "0" : "2",
        ]
        line(columns.map { values[$0] ?? "" })
    }

    /// Counts an occurrence written on its own zone's wall clock (no `--tz` to show it in).
    mutating func noteOwnClock(_ occurrence: Occurrence) {
        switch occurrence.start {
        case .utc, .zoned: zonedEvents.insert(occurrence.uid)
        case .date, .floating: break
        }
    }

    /// When the first display reminder given relative to the start fires, on the start's wall clock.
    private func reminder(_ event: Component, start: LocalDateTime) -> LocalDateTime? {
        for alarm in event.children(named: "VALARM") {
            guard let trigger = alarm["TRIGGER"], trigger[parameter: "VALUE"] == nil,
                trigger[parameter: "RELATED"]?.uppercased() ?? "START" == "START",
                let offset = CalendarDuration(icalendar: trigger.value)
            else { continue }
            return LocalDateTime(secondsSinceEpoch: start.secondsSinceEpoch + offset.totalSeconds)
        }
        return nil
    }

    private func date(_ day: CalendarDate) -> String {
        // Years of four digits always: one of fewer digits would read as a year of any century.
        let year = String(repeating: "0", count: max(0, 4 - String(day.year).count)) + String(day.year)
        switch (style, language) {
        case (.google, _): return pad(day.month) + "/" + pad(day.day) + "/" + year
        case (.outlook, .english): return "\(day.month)/\(day.day)/\(year)"
        case (.outlook, .german): return "\(day.day).\(day.month).\(year)"
        }
    }

    /// The time; nil is an all-day row's midnight, which Outlook writes.
    private func time(_ local: LocalDateTime?) -> String {
        let hour = local?.hour ?? 0, minute = pad(local?.minute ?? 0), second = pad(local?.second ?? 0)
        let twelve = "\(hour % 12 == 0 ? 12 : hour % 12)", meridiem = hour < 12 ? "AM" : "PM"
        switch (style, language) {
        case (.google, _): return "\(twelve):\(minute)" + (second == "00" ? "" : ":\(second)") + " \(meridiem)"
        case (.outlook, .english): return "\(twelve):\(minute):\(second) \(meridiem)"
        case (.outlook, .german): return "\(pad(hour)):\(minute):\(second)"
        }
    }

    private func boolean(_ value: Bool) -> String {
        language == .german ? (value ? "Ein" : "Aus") : (value ? "True" : "False")
    }

    /// RFC 5545's 1–4 are high, 6–9 low (§3.8.1.9); 0 and 5 are Outlook's Normal.
    private func priority(_ value: String?) -> String {
        let level = value.flatMap { Int($0) } ?? 0
        let word = (1...4).contains(level) ? ("High", "Hoch") : (6...9).contains(level) ? ("Low", "Niedrig") : ("Normal", "Normal")
        return language == .german ? word.1 : word.0
    }

    private func sensitivity(_ value: String?) -> String {
        switch value {
        case "PRIVATE": language == .german ? "Privat" : "Private"
        case "CONFIDENTIAL": language == .german ? "Vertraulich" : "Confidential"
        default: "Normal"
        }
    }

    private func pad(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    /// One CSV line, CRLF-ended: Outlook quotes every field but an empty one, Google's form only those
    /// that need it.
    private mutating func line(_ fields: [String]) {
        let quoted = fields.map { field in
            let needs =
                (style == .outlook && !field.isEmpty) || field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
            return needs ? "\"" + field.replacing("\"", with: "\"\"") + "\"" : field
        }
        bytes += Array((quoted.joined(separator: ",") + "\r\n").utf8)
    }
}
