/// The time grid's own words in each language: the floating-time label, the badges of moved and
/// cancelled occurrences and the notes of a clock change, as the languages' calendars print them.
extension ViewLanguage {
    /// The zone line of a picture whose times are floating: the same clock wherever it is read.
    var localTime: String {
        switch self {
        case .en: return "Local time"
        case .nl: return "Lokale tijd"
        case .de: return "Ortszeit"
        }
    }

    /// The badge of an occurrence an override moved.
    var movedBadge: String {
        switch self {
        case .en: return "moved"
        case .nl: return "verplaatst"
        case .de: return "verschoben"
        }
    }

    /// The footnote of a picture that left out series repeating too often to draw.
    func seriesLeftOut(_ count: Int) -> String {
        switch self {
        case .en: return "\(count) series repeat\(count == 1 ? "s" : "") too often to draw: left out"
        case .nl: return "\(count) \(count == 1 ? "reeks herhaalt" : "reeksen herhalen") zich te vaak om te tekenen: weggelaten"
        case .de: return "\(count) \(count == 1 ? "Serie wiederholt" : "Serien wiederholen") sich zu oft zum Zeichnen: ausgelassen"
        }
    }

    /// The note of a day whose clock changes: forward (`02→03`) or back (`03→02`).
    func clockChange(from: Int, to: Int) -> String {
        let times = Self.hourText(from) + "→" + Self.hourText(to)
        switch (self, to > from) {
        case (.en, true): return "Clocks forward " + times
        case (.en, false): return "Clocks back " + times
        case (.nl, true): return "Klok vooruit " + times
        case (.nl, false): return "Klok terug " + times
        case (.de, true): return "Uhr vor " + times
        case (.de, false): return "Uhr zurück " + times
        }
    }

    /// `02` for a whole hour, `02:30` otherwise (a minute of the day).
    private static func hourText(_ minute: Int) -> String {
        func two(_ value: Int) -> String { (value < 10 ? "0" : "") + String(value) }
        return minute % 60 == 0 ? two(minute / 60 % 24) : two(minute / 60 % 24) + ":" + two(minute % 60)
    }
}
