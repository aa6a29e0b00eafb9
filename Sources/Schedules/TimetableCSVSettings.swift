import CSVReading
import CalendarModel

/// One `# key=value` line of a CSV timetable.
struct CSVSetting {
    var row: Int
    var key: String
    var value: String

    var place: String { "row \(row), \(key)" }
}

/// The `# key=value` lines of a CSV timetable, which give what a CSV of lectures cannot hold: the
/// calendar and the term. They override a base timetable key by key.
extension TimetableCSVReader {
    static let settingKeys = [
        "calendar.id", "calendar.name", "calendar.color", "calendar.timezone",
        "term.start", "term.end", "term.name", "term.break",
    ]

    /// The settings among the comments; other comments are only comments.
    mutating func settings(_ lines: [CSVLine]) -> [CSVSetting] {
        var settings: [CSVSetting] = []
        for case .comment(let row, let text) in lines {
            guard let equals = text.firstIndex(of: "=") else { continue }
            let key = CSVScanner.trim(text[..<equals])
            // Only `calendar.…` and `term.…` look like settings, so prose with an `=` stays a comment.
            guard key.hasPrefix("calendar.") || key.hasPrefix("term."), !key.contains(" ") else { continue }
            let setting = CSVSetting(row: row, key: key, value: CSVScanner.trim(text[text.index(after: equals)...]))
            if !Self.settingKeys.contains(key) {
                problems.add(setting.place, "unknown setting; the settings are \(Self.settingKeys.joined(separator: ", "))")
            } else if key != "term.break", let first = settings.first(where: { $0.key == key }) {
                problems.add(setting.place, "given again; the first is in row \(first.row)")
            } else if setting.value.isEmpty, key != "term.name", key != "calendar.color" {
                // An empty name or colour clears the base's; anything else needs a value.
                problems.add(setting.place, "the setting has no value")
            } else {
                if key == "calendar.id" { problems.checkCalendarID(setting.value, at: setting.place) }
                settings.append(setting)
            }
        }
        return settings
    }

    mutating func apply(_ settings: [CSVSetting], to draft: inout TimetableDraft) {
        func value(_ key: String) -> CSVSetting? { settings.first { $0.key == key } }
        if let base = draft.calendar {
            draft.calendar = calendar(over: base, value)
        } else if let id = value("calendar.id"), let zone = value("calendar.timezone") {
            let name = value("calendar.name").map(\.value).flatMap { $0.isEmpty ? nil : $0 } ?? id.value
            let color = value("calendar.color").map(\.value).flatMap { $0.isEmpty ? nil : $0 }
            draft.calendar = Timetable.CalendarInfo(id: id.value, name: name, color: color, timeZone: zone.value)
        } else {
            missing(["calendar.id", "calendar.timezone"].filter { value($0) == nil })
        }
        let start = value("term.start").map { problems.date($0.value, at: $0.place) } ?? draft.term?.start
        let end = value("term.end").map { problems.date($0.value, at: $0.place) } ?? draft.term?.end
        if let setting = value("term.end") { draft.termEndPlace = setting.place }
        let name = value("term.name").map { $0.value.isEmpty ? nil : $0.value } ?? draft.term?.name
        if draft.term == nil { missing(["term.start", "term.end"].filter { value($0) == nil }) }
        draft.term = start.flatMap { start in end.map { Timetable.DateRange(start: start, end: $0, name: name) } }
        let breaks = settings.filter { $0.key == "term.break" }
        if !breaks.isEmpty {
            draft.breaks = breaks.compactMap { setting in
                breakRange(setting).map { (range: $0, place: .setting(row: setting.row, key: setting.key)) }
            }
        }
    }

    private func calendar(over base: Timetable.CalendarInfo, _ value: (String) -> CSVSetting?) -> Timetable.CalendarInfo {
        var calendar = base
        if let id = value("calendar.id") { calendar.id = id.value }
        if let name = value("calendar.name") { calendar.name = name.value.isEmpty ? calendar.id : name.value }
        if let color = value("calendar.color") { calendar.color = color.value.isEmpty ? nil : color.value }
        if let zone = value("calendar.timezone") { calendar.timeZone = zone.value }
        return calendar
    }

    /// `2026-12-21/2027-01-03 Weihnachtsferien`: an ISO 8601 interval of days, then the name.
    private mutating func breakRange(_ setting: CSVSetting) -> Timetable.DateRange? {
        let interval = setting.value.prefix(while: { $0 != " " })
        let name = CSVScanner.trim(setting.value.dropFirst(interval.count))
        let ends = interval.split(separator: "/", omittingEmptySubsequences: false)
        guard ends.count == 2 else {
            problems.add(
                setting.place,
                "\"\(setting.value)\" is not a break START/END NAME "
                    + "such as 2026-12-21/2027-01-03 Weihnachtsferien")
            return nil
        }
        let start = problems.date(String(ends[0]), at: setting.place)
        let end = problems.date(String(ends[1]), at: setting.place)
        guard let start, let end else { return nil }
        return Timetable.DateRange(start: start, end: end, name: name.isEmpty ? nil : name)
    }

    /// Required settings that neither the file nor a base gives.
    private mutating func missing(_ keys: [String]) {
        for key in keys {
            problems.add(
                "# \(key)",
                "required setting is missing; add a line `# \(key)=…` before the header "
                    + "or read the CSV with a base timetable")
        }
    }
}
