import CalendarModel
import ContentLines

/// A day of the year, with or without its year, as read from a vCard date value.
struct CardDay: Equatable {
    var year: Int?
    var month: Int
    var day: Int
}

/// Reads the date forms address books write into BDAY, ANNIVERSARY and their relatives:
/// `1985-04-12`, `19850412`, either with a time after `T` (`1985-04-12T00:00:00Z`), and the
/// year-less `--04-12` and `--0412` of vCard 4 (RFC 6350 §4.3.1). Checks that the day exists.
enum CardDateParser {
    /// The day, or a sentence saying what is wrong with `text`.
    static func parse(_ text: String, omittedYear: Int? = nil) -> Result<CardDay, DateTextError> {
        let bytes = Array(text.utf8)
        let (fields, rest) = split(bytes)
        guard let fields else {
            return .failure(DateTextError("\"\(excerpt(text))\" is not a date such as 1985-04-12 or --04-12"))
        }
        guard isTime(rest) else {
            return .failure(DateTextError("\"\(excerpt(text))\" has something after the date that is not a time"))
        }
        var year = fields.year
        // Apple writes a year-less date with a placeholder year (1604) and names it in
        // X-APPLE-OMIT-YEAR; some exporters write year 0000, which the Gregorian calendar lacks.
        if year == omittedYear || year == 0 { year = nil }
        guard let month = fields.month else {
            return .failure(DateTextError("\"\(excerpt(text))\" has no month"))
        }
        guard let day = fields.day else {
            return .failure(DateTextError("\"\(excerpt(text))\" has no day"))
        }
        guard (1...12).contains(month) else {
            return .failure(DateTextError("\"\(excerpt(text))\": there is no month \(month)"))
        }
        // Without a year, 29 February is a real birthday: it is checked against a leap year.
        let days = CalendarDate.daysInMonth(month, year: year ?? 2000)
        guard (1...days).contains(day) else {
            let monthName = monthNames[month - 1] + (year.map { " \($0)" } ?? "")
            return .failure(DateTextError("\"\(excerpt(text))\": \(monthName) has \(days) days, not \(day)"))
        }
        return .success(CardDay(year: year, month: month, day: day))
    }

    private typealias Fields = (year: Int?, month: Int?, day: Int?)

    /// The numbers of the date part, `nil` when the layout is none of the known ones or a digit
    /// is not a digit, and the bytes after the date part.
    private static func split(_ bytes: [UInt8]) -> (Fields?, ArraySlice<UInt8>) {
        let dateEnd = bytes.firstIndex { $0 == UInt8(ascii: "T") || $0 == UInt8(ascii: "t") } ?? bytes.count
        let date = bytes[..<dateEnd], rest = bytes[dateEnd...]
        let dash = UInt8(ascii: "-")
        func read(_ year: Range<Int>?, _ month: Range<Int>?, _ day: Range<Int>?) -> Fields? {
            var fields: Fields = (nil, nil, nil)
            for (range, slot) in [(year, 0), (month, 1), (day, 2)] {
                guard let range else { continue }
                guard let value = digits(date, from: range.lowerBound, count: range.count) else { return nil }
                switch slot {
                case 0: fields.year = value
                case 1: fields.month = value
                default: fields.day = value
                }
            }
            return fields
        }
        switch (date.count, date.starts(with: [dash, dash])) {
        case (10, false) where date[4] == dash && date[7] == dash: return (read(0..<4, 5..<7, 8..<10), rest)  // 1985-04-12
        case (8, false): return (read(0..<4, 4..<6, 6..<8), rest)  // 19850412
        case (7, false) where date[4] == dash: return (read(0..<4, 5..<7, nil), rest)  // 1985-04
        case (4, false): return (read(0..<4, nil, nil), rest)  // 1985
        case (7, true) where date[4] == dash: return (read(nil, 2..<4, 5..<7), rest)  // --04-12
        case (6, true): return (read(nil, 2..<4, 4..<6), rest)  // --0412
        case (4, true): return (read(nil, 2..<4, nil), rest)  // --04
        case (5, true) where date[2] == dash: return (read(nil, nil, 3..<5), rest)  // ---12
        default: return (nil, rest)
        }
    }

    private static func digits(_ bytes: ArraySlice<UInt8>, from offset: Int, count: Int) -> Int? {
        let start = bytes.startIndex + offset
        var value = 0
        for byte in bytes[start..<start + count] {
            guard ASCII.isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// Empty, or `T` followed by the characters of a time: digits, `:`, `.`, `,`, `Z`, `+`, `-`.
    private static func isTime(_ rest: ArraySlice<UInt8>) -> Bool {
        guard let first = rest.first else { return true }
        guard first == UInt8(ascii: "T") || first == UInt8(ascii: "t"), rest.count > 1 else { return false }
        return rest.dropFirst().allSatisfy { byte in
            ASCII.isDigit(byte) || ":.,Zz+-".utf8.contains(byte)
        }
    }

    private static func excerpt(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(40)) + "…"
    }

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July",
        "August", "September", "October", "November", "December",
    ]
}

/// What is wrong with a date value, as a sentence for the reader of the problem list.
struct DateTextError: Error, Equatable {
    var message: String
    init(_ message: String) { self.message = message }
}
