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
    /// The TZID the file's times are in when read; nil keeps them floating (a CSV names no zone).
    package var zone: String?

    /// A half-open window of wall-clock times.
    package struct Window: Sendable {
        package var start: LocalDateTime
        package var end: LocalDateTime

        package init(start: LocalDateTime, end: LocalDateTime) {
            self.start = start
            self.end = end
        }
    }

    package init(style: CalendarCSVStyle = .google, language: CalendarCSVLanguage = .english,
                 dateOrder: DateOrder? = nil, window: Window? = nil, zone: String? = nil) {
        self.style = style
        self.language = language
        self.dateOrder = dateOrder
        self.window = window
        self.zone = zone
    }
}
