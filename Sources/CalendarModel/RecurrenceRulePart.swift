/// The parts of a recurrence rule (RFC 5545 §3.3.10, and RFC 7529's RSCALE and SKIP): the one list of
/// their names, which the rule reader and the xCal and jCal writers share. The cases stand in the
/// order RFC 6321's schema requires of the parts it names.
package enum RecurrenceRulePart: String, CaseIterable, Sendable {
    case frequency = "FREQ", until = "UNTIL", count = "COUNT", interval = "INTERVAL"
    case bySecond = "BYSECOND", byMinute = "BYMINUTE", byHour = "BYHOUR", byDay = "BYDAY", byMonthDay = "BYMONTHDAY"
    case byYearDay = "BYYEARDAY", byWeekNumber = "BYWEEKNO", byMonth = "BYMONTH", bySetPosition = "BYSETPOS", weekStart = "WKST"
    /// RFC 7529 came after RFC 6321, whose schema has no place for these two.
    case scale = "RSCALE", skip = "SKIP"

    /// A part of a name in xCal's and jCal's lower case (`bymonthday`); `nil` for a name no RFC gives.
    package init?(webName: String) {
        guard let part = Self.byWebName[webName] else { return nil }
        self = part
    }

    private static let byWebName = Dictionary(uniqueKeysWithValues: allCases.map { ($0.webName, $0) })

    /// The name as xCal's element and jCal's key give it: in lower case.
    package var webName: String {
        rawValue.lowercased()
    }

    /// Its place in RFC 6321's order, where that schema names it.
    package var webOrder: Int? {
        switch self {
        case .scale, .skip: nil
        default: Self.allCases.firstIndex(of: self)
        }
    }

    /// Whether its values are integers, which jCal writes as JSON numbers (RFC 7265 §3.6.10).
    package var isNumeric: Bool {
        switch self {
        case .count, .interval, .bySecond, .byMinute, .byHour, .byMonthDay, .byYearDay, .byWeekNumber, .byMonth, .bySetPosition: true
        case .frequency, .until, .byDay, .weekStart, .scale, .skip: false
        }
    }
}
