import CalendarModel

/// What a calendar CSV is read or written with, beyond its bytes: the options of `convert`.
package struct CalendarCSVOptions: Sendable {
    /// The producer's form to write (reading tells it from the header row).
    package var style: CalendarCSVStyle = .google
    /// The header language Outlook's form is written in (Google's is English only).
    package var language: CalendarCSVLanguage = .english
    /// How the file's D/M or M/D dates are to be read; nil to decide from the file's own dates.
    package var dateOrder: DateOrder?
    /// The window a recurring series is written in, as its occurrences; half-open, read on each
    /// event's wall clock as `expand` reads it.
    package var window: Window?
    /// The TZID a file's times are read in, and the zone zoned and UTC times are written in (the
    /// window read in it too, as `expand` reads its window in `--tz`); nil reads times floating (a CSV
    /// names no zone) and writes each on its own zone's wall clock.
    package var zone: String?
    /// The file the CSV is written to, which the writer's warnings name.
    package var outputName = "<stdout>"

    /// A half-open window of wall-clock times.
    package struct Window: Sendable {
        package var start: LocalDateTime
        package var end: LocalDateTime

        package init(start: LocalDateTime, end: LocalDateTime) {
            self.start = start
            self.end = end
        }

        /// `--window-start` and `--window-end`, each a date or date-time in either form
        /// `DateValue(option:)` reads, on the wall clock; nil when neither is given.
        package init?(start: String?, end: String?) throws(UsageProblem) {
            guard start != nil || end != nil else { return nil }
            guard let start, let end else { throw UsageProblem(message: "give both --window-start and --window-end") }
            self.init(start: try Self.wallClock(start, option: "--window-start"), end: try Self.wallClock(end, option: "--window-end"))
            guard self.start < self.end else { throw UsageProblem(message: "--window-start must be before --window-end") }
        }

        /// A UTC time is refused: the window is read on each event's wall clock, as `expand` reads its own.
        private static func wallClock(_ text: String, option: String) throws(UsageProblem) -> LocalDateTime {
            switch DateValue(option: text) {
            case nil:
                throw UsageProblem(
                    message: "\(option) takes a date (2026-03-01 or 20260301) or a date-time (2026-03-01T09:00 or 20260301T090000)")
            case .utc?:
                throw UsageProblem(
                    message: "\(option) \(text) is a UTC time, but the window is read on each event's wall clock; write it without the Z")
            case let value?:
                return value.local
            }
        }
    }

    package init(
        style: CalendarCSVStyle = .google, language: CalendarCSVLanguage = .english,
        dateOrder: DateOrder? = nil, window: Window? = nil, zone: String? = nil
    ) {
        self.style = style
        self.language = language
        self.dateOrder = dateOrder
        self.window = window
        self.zone = zone
    }
}
