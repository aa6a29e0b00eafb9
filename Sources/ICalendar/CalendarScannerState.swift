import ContentLines

/// The state ``CalendarScanner`` stands in, and what its cases carry.
extension CalendarScanner {
    /// How the calendar being read began, which decides how it may end.
    enum CalendarKind: Sendable {
        /// With BEGIN:VCALENDAR: it ends with END:VCALENDAR, and a file that ends first is truncated.
        case written
        /// With a bare component (a file of VEVENTs without a VCALENDAR around them): it lasts to
        /// the end of the input.
        case implicit
    }

    /// A run of text lines skipped outside any calendar, reported once: its first line, how that
    /// line begins, and how many lines it has.
    struct SkippedText: Sendable {
        var line: Int
        var text: String
        var count: Int
    }

    /// A top-level component being collected, with the components begun inside it and not yet
    /// ended. Its bytes are the scanner's `collected`, kept apart so that the lines added to them
    /// leave the state as it is.
    struct OpenComponent: Sendable {
        /// The top-level component's name.
        let name: String
        /// The line its BEGIN is on.
        let firstLine: Int
        /// The components open inside it, the innermost last.
        var nested: [String] = []

        var innermost: String { nested.last ?? name }
        /// The END lines that would close everything open, the innermost first.
        var missingEnds: [String] { (nested.reversed() + [name]).map { "END:" + $0 } }
    }

    /// Where in the input the scanner stands.
    enum State: Sendable {
        /// Outside any calendar: before the first, or after one ended; text there is skipped, and
        /// the run being skipped is reported when it ends.
        case outside(afterCalendar: Bool, skipped: SkippedText?)
        /// Inside a calendar between its components, with the calendar-level content line being
        /// unfolded (it is handed on once the next line shows it complete).
        case calendarLevel(CalendarKind, pending: UnfoldedLine?)
        /// Inside a top-level component of a calendar, collecting its bytes (in `collected`).
        case component(CalendarKind, OpenComponent)
        /// Reading is over: the input ended, or a problem stops it (in `diagnostics`).
        case stopped
        /// Held only while a line is handled: the state's values are taken out of it for that
        /// time, so that the bytes they hold are changed in place rather than copied.
        case handling
    }
}
