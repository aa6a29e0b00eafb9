import CalendarModel

/// The order of day, month and year in a calendar CSV's dates: given with `--date-order`, or
/// decided from the file's own dates.
package enum DateOrder: String, CaseIterable, Sendable {
    case mdy, dmy, ymd
}

/// A date cell as written, before its order is known: three numbers and what separates them.
/// `M/D/YYYY` (US Outlook, Google's help), `D.M.YYYY` (German Outlook), `YYYY-MM-DD` (ISO).
struct SpreadsheetDate: Sendable {
    var numbers: (Int, Int, Int)
    var separator: Character
    /// Whether the first number has four digits, which makes it a year (ISO).
    var yearFirst: Bool

    /// The cell's three numbers, or nil when it is not a date of those forms (the reason said).
    static func read(_ text: String) -> Result<SpreadsheetDate, DateProblem> {
        let separators: [Character] = ["/", ".", "-"]
        guard let separator = text.first(where: { separators.contains($0) }) else { return .failure(.notADate) }
        // German Outlook may end a date with its dot ("4.3.2026."): one trailing separator is allowed.
        let body = separator == "." && text.hasSuffix(".") ? String(text.dropLast()) : text
        let parts = body.split(separator: separator, omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isASCIIDigit) }),
            let a = Int(parts[0]), let b = Int(parts[1]), let c = Int(parts[2])
        else { return .failure(.notADate) }
        let yearFirst = parts[0].count == 4
        guard yearFirst || parts[2].count == 4 else { return .failure(.shortYear) }
        return .success(SpreadsheetDate(numbers: (a, b, c), separator: separator, yearFirst: yearFirst))
    }

    /// The order the cell's own form settles: a four-digit first number is a year (ISO), and a
    /// dotted date is day first (the German form); slashes leave it to the file or the user.
    var ownOrder: DateOrder? {
        if yearFirst { return .ymd }
        return separator == "." ? .dmy : nil
    }

    /// The orders of day and month the numbers can be read in: both for `03/04/2026`, one for
    /// `13/04/2026` (13 is no month), none for `13/13/2026`.
    var possibleOrders: [DateOrder] {
        [DateOrder.mdy, .dmy].filter { date(in: $0) != nil }
    }

    /// The date in `order`, or nil when the numbers cannot be read that way.
    func date(in order: DateOrder) -> CalendarDate? {
        let (a, b, c) = numbers
        let date: CalendarDate
        switch order {
        case .mdy: date = CalendarDate(year: c, month: a, day: b)
        case .dmy: date = CalendarDate(year: c, month: b, day: a)
        case .ymd: date = CalendarDate(year: a, month: b, day: c)
        }
        return date.isValid ? date : nil
    }
}

/// Why a date cell cannot be read.
enum DateProblem: Error, Sendable {
    case notADate, shortYear

    var message: String {
        switch self {
        case .notADate: "is not a date of the forms M/D/YYYY, D.M.YYYY or YYYY-MM-DD"
        case .shortYear: "has a year of fewer than four digits, which could be of any century; write the year with four digits"
        }
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
