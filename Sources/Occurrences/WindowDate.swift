import CalendarModel

/// Reads the dates and date-times `--from`, `--to` and friends take.
package enum WindowDate {
    /// Either form `DateValue(option:)` reads, on the wall clock.
    package static func parse(_ text: String) -> LocalDateTime? {
        DateValue(option: text)?.local
    }

    /// `--from` and `--to` as a window, the start first; a `UsageProblem` that says what to write
    /// when either is no date or they are out of order.
    package static func window(from: String, to: String) throws(UsageProblem) -> (start: LocalDateTime, end: LocalDateTime) {
        guard let start = parse(from), let end = parse(to) else {
            throw UsageProblem(message: "--from and --to take a date (2026-03-29 or 20260329) or a date-time (2026-03-29T10:00 or 20260329T100000)")
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
