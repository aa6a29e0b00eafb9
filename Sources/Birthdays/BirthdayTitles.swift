import CalendarModel

/// The words of a birthday calendar in each language: titles, descriptions and the calendar's name.
struct BirthdayTitles {
    var language: BirthdayLanguage

    var calendarName: String {
        switch language {
        case .en: return "Birthdays"
        case .nl: return "Verjaardagen"
        case .de: return "Geburtstage"
        }
    }

    func title(_ kind: ContactDate.Kind, _ name: String, age: Int? = nil) -> String {
        switch (kind, language) {
        case (.birthday, .en): return age.map { "\(name)'s \(Self.englishOrdinal($0)) birthday" } ?? "\(name)'s birthday"
        case (.birthday, .nl): return age.map { "\($0)e verjaardag van \(name)" } ?? "Verjaardag van \(name)"
        case (.birthday, .de): return age.map { "\($0). Geburtstag von \(name)" } ?? "Geburtstag von \(name)"
        case (.anniversary, .en): return age.map { "\(name)'s \(Self.englishOrdinal($0)) anniversary" } ?? "\(name)'s anniversary"
        case (.anniversary, .nl): return age.map { "\($0)e trouwdag van \(name)" } ?? "Trouwdag van \(name)"
        case (.anniversary, .de): return age.map { "\($0). Hochzeitstag von \(name)" } ?? "Hochzeitstag von \(name)"
        case (.labelled(let label), _): return "\(name): \(label)" + (age.map { " (\($0))" } ?? "")
        }
    }

    func description(_ kind: ContactDate.Kind, year: Int) -> String {
        switch (kind, language) {
        case (.birthday, .en): return "Born in \(year)"
        case (.birthday, .nl): return "Geboren in \(year)"
        case (.birthday, .de): return "Geboren \(year)"
        case (_, .en): return "Since \(year)"
        case (_, .nl): return "Sinds \(year)"
        case (_, .de): return "Seit \(year)"
        }
    }

    static func englishOrdinal(_ n: Int) -> String {
        let suffix: String
        switch (n % 10, n % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(n)\(suffix)"
    }
}
