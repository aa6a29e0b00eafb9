import CalendarModel

/// Reads the dates and date-times `--from`, `--to` and friends take.
public enum WindowDate {
    public static func parse(_ text: String) -> LocalDateTime? {
        let digits = text.filter { $0.isNumber }
        switch digits.count {
        case 8: return DateValue(icalendar: digits).map(\.local)
        case 12: return DateValue(icalendar: digits.prefix(8) + "T" + digits.suffix(4) + "00").map(\.local)
        case 14: return DateValue(icalendar: digits.prefix(8) + "T" + digits.suffix(6)).map(\.local)
        default: return nil
        }
    }
}
