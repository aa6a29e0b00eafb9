import CalendarModel

/// The words and date forms of a picture in English, Dutch or German: weekday and month names,
/// and the few labels a calendar view needs.
package enum ViewLanguage: String, CaseIterable, Sendable {
    case en, nl, de

    /// Weekday names from Monday, in full.
    var weekdays: [String] {
        switch self {
        case .en: return ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
        case .nl: return ["maandag", "dinsdag", "woensdag", "donderdag", "vrijdag", "zaterdag", "zondag"]
        case .de: return ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"]
        }
    }

    /// Weekday abbreviations from Monday, as each language's calendars print them.
    var shortWeekdays: [String] {
        switch self {
        case .en: return ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        case .nl: return ["ma", "di", "wo", "do", "vr", "za", "zo"]
        case .de: return ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"]
        }
    }

    var months: [String] {
        switch self {
        case .en:
            return [
                "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
            ]
        case .nl:
            return [
                "januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober", "november", "december",
            ]
        case .de:
            return ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"]
        }
    }

    var week: String { self == .de ? "KW" : "Week" }
    var allDay: String { ["all day", "hele dag", "ganztägig"][index] }
    var cancelled: String { ["cancelled", "geannuleerd", "abgesagt"][index] }
    var movedFrom: String { ["moved from", "verplaatst van", "verschoben von"][index] }
    var events: String { ["Events", "Afspraken", "Termine"][index] }
    var noEvents: String { ["No events.", "Geen afspraken.", "Keine Termine."][index] }
    var timesIn: String { ["times in", "tijden in", "Zeiten in"][index] }
    /// The legend's name for occurrences without a category (`--color-by category`).
    var noCategory: String { ["no category", "geen categorie", "ohne Kategorie"][index] }
    /// A week's band of all-day occurrences, named for screen readers.
    var allDayRow: String { ["All-day events", "Afspraken van de hele dag", "Ganztägige Termine"][index] }
    func more(_ count: Int) -> String { "+\(count) " + ["more", "meer", "weitere"][index] }

    /// The place of the language's words in each list above; `allCases` holds every case.
    private var index: Int { Self.allCases.firstIndex(of: self)! }

    /// `Mon 19 Oct` (en), `ma 19 okt` (nl), `Mo 19.10.` (de): a column header.
    func columnHeader(_ day: CalendarDate) -> (weekday: String, date: String) {
        let weekday = shortWeekdays[day.weekday.rawValue - 1]
        switch self {
        case .de: return (weekday, "\(day.day).\(day.month).")
        case .en, .nl: return (weekday, "\(day.day) " + String(months[day.month - 1].prefix(3)))
        }
    }

    /// `Monday 19 October 2026`, `maandag 19 oktober 2026`, `Montag, 19. Oktober 2026`.
    func longDate(_ day: CalendarDate) -> String {
        let weekday = weekdays[day.weekday.rawValue - 1], month = months[day.month - 1]
        switch self {
        case .de: return "\(weekday), \(day.day). \(month) \(day.year)"
        case .en, .nl: return "\(weekday) \(day.day) \(month) \(day.year)"
        }
    }

    /// `19–25 October 2026`, or across months `28 September – 4 October 2026`.
    func dayRange(_ first: CalendarDate, _ last: CalendarDate) -> String {
        let dot = self == .de ? "." : ""
        func dayMonth(_ day: CalendarDate) -> String { "\(day.day)\(dot) \(months[day.month - 1])" }
        if first.year != last.year { return "\(dayMonth(first)) \(first.year) – \(dayMonth(last)) \(last.year)" }
        if first.month != last.month { return "\(dayMonth(first)) – \(dayMonth(last)) \(last.year)" }
        return "\(first.day)\(dot)–\(dayMonth(last)) \(last.year)"
    }

    /// The picture's title for what was asked: `Week 43, 2026 · 19–25 October 2026`, `October 2026`.
    func title(_ span: ViewSpan) -> String {
        let last = span.end.adding(days: -1)
        switch span.kind {
        case .week(let year, let number): return "\(week) \(number), \(year) · " + dayRange(span.first, last)
        case .month(let year, let month): return "\(months[month - 1].prefix(1).uppercased() + months[month - 1].dropFirst()) \(year)"
        case .days: return dayRange(span.first, last)
        }
    }
}
