/// A day of the week, numbered the ICU way calbridge uses throughout: Monday = 1 … Sunday = 7.
public enum Weekday: Int, CaseIterable, Sendable, Codable, Comparable {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    /// The two-letter iCalendar code (`MO` … `SU`).
    public var code: String {
        ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][rawValue - 1]
    }

    public init?(code: String) {
        guard let index = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"].firstIndex(of: code.uppercasedName) else {
            return nil
        }
        self.init(rawValue: index + 1)
    }

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
}
