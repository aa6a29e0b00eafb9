import CalendarModel

/// Reads the dates and date-times `--from`, `--to` and friends take.
package enum WindowDate {
    /// Either form `DateValue(option:)` reads, on the wall clock. A UTC time (`T09:00:00Z`) is
    /// refused rather than read on the wall clock, which would shift the window by the zone's offset
    /// without a word: the window is read in `--tz` or each event's zone, so `--tz UTC` asks for UTC.
    private static func parse(_ text: String) throws(UsageProblem) -> LocalDateTime? {
        let value = DateValue(option: text)
        if case .utc? = value {
            throw UsageProblem(
                message: "\(text) is a UTC time, but the window is read on the wall clock of --tz or of each event's zone; "
                    + "write it without the Z and add --tz UTC to read the window in UTC")
        }
        return value?.local
    }

    /// `--from` and `--to` as a window, the start first; a `UsageProblem` that says what to write
    /// when either is no date or they are out of order.
    package static func window(from: String, to: String) throws(UsageProblem) -> (start: LocalDateTime, end: LocalDateTime) {
        guard let start = try parse(from), let end = try parse(to) else {
            throw UsageProblem(
                message: "--from and --to take a date (2026-03-29 or 20260329) or a date-time (2026-03-29T10:00 or 20260329T100000)")
        }
        guard start < end else { throw UsageProblem(message: "--from must be before --to") }
        return (start, end)
    }

    /// A window that may be open at either end (export's), or nil when neither end is given.
    package static func window(from: String?, to: String?) throws(UsageProblem) -> (start: LocalDateTime, end: LocalDateTime)? {
        guard from != nil || to != nil else { return nil }
        return try window(from: from ?? "0001-01-01", to: to ?? "9999-12-31")
    }
}
