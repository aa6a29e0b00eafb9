import CalendarModel

/// The languages birthday titles are written in.
package enum BirthdayLanguage: String, Sendable, CaseIterable {
    case en, nl, de
}

/// Where a 29 February birthday falls in years without that day.
package enum February29Rule: String, Sendable, CaseIterable {
    /// Only in leap years (RFC 5545 skips the day that does not exist).
    case leapOnly = "leap-only"
    /// On 28 February: the last day of February every year (`BYMONTHDAY=-1`).
    case feb28
    /// On 1 March: the 60th day of every year (`BYYEARDAY=60`), which is 29 February in leap years.
    case mar1
}

/// How ``BirthdayCalendar`` writes its events.
package struct BirthdayOptions: Sendable {
    package var language: BirthdayLanguage = .en
    package var february29: February29Rule = .leapOnly
    /// A VALARM trigger relative to the day's start (`-PT9H` the evening before, `PT9H` that morning).
    package var alarm: String?
    /// One event a year for these ages, each titled with the age, instead of one recurring event.
    package var ages: ClosedRange<Int>?

    /// The ages a range such as `0-100` names (at most 200), as `--ages` gives them.
    package static func ages(_ text: String) -> ClosedRange<Int>? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 2, parts[0] >= 0, parts[0] <= parts[1], parts[1] <= 200 else { return nil }
        return parts[0]...parts[1]
    }

    package init(
        language: BirthdayLanguage = .en, february29: February29Rule = .leapOnly, alarm: String? = nil,
        ages: ClosedRange<Int>? = nil
    ) {
        self.language = language
        self.february29 = february29
        self.alarm = alarm
        self.ages = ages
    }
}
