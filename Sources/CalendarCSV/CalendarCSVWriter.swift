import CalendarModel
import Occurrences

/// Writes a calendar's events as the calendar CSV of Google Calendar or Outlook: one row an
/// occurrence, sorted by start. A CSV row has no recurrence, so a recurring series is written as its
/// occurrences in the window the user gives, which `expand`'s engine (`CalendarExpansion`) finds.
package enum CalendarCSVWriter {
    /// The bytes, and the lines the run says on standard error (how many series became how many
    /// rows in which window, what a CSV could not hold).
    package struct Written: Sendable {
        package var bytes: [UInt8]
        package var report: [String]
    }

    /// Throws `UsageProblem` when the calendar has a recurring series and no window was given.
    package static func write(_ calendar: Component, options: CalendarCSVOptions) throws -> Written {
        if options.style == .google && options.language != .english {
            throw UsageProblem(message: "Google's calendar CSV has English headers only; --csv-lang goes with --csv-style outlook")
        }
        let events = calendar.components.filter { $0.name == "VEVENT" }
        let series = Set(events.filter(isRecurring).map { $0["UID"]?.text ?? "" })
        if !series.isEmpty && options.window == nil {
            throw UsageProblem(
                message:
                    "\(series.count) recurring series cannot be rows of a CSV as they are; give --window-start DATE --window-end DATE and they are written as their occurrences in that window"
            )
        }
        var kept = calendar
        kept.components = calendar.components.filter { $0.name == "VEVENT" || $0.name == "VTIMEZONE" }
        var expansion = CalendarExpansion(calendar: kept)
        let shownZone = try options.zone.map { name throws(UsageProblem) in
            guard let zone = expansion.zone(for: name) else {
                throw UsageProblem(message: "--tz \(name) is not a time zone calbridge knows")
            }
            return zone
        }
        // Without a window every event is a single one, found wherever it lies: the window runs to
        // the day after the last a date can name, so an event on 9999-12-31 is in it.
        let lastDay = CalendarDate(year: 9999, month: 12, day: 31)
        let window =
            options.window
            ?? CalendarCSVOptions.Window(
                start: LocalDateTime(date: CalendarDate(year: 1, month: 1, day: 1)),
                end: LocalDateTime(date: lastDay.adding(days: 1)))
        let occurrences = try expansion.occurrences(from: window.start, to: window.end, in: shownZone)
        var rows = CalendarCSVRowWriter(style: options.style, language: options.language)
        for var occurrence in occurrences {
            if let shownZone {
                occurrence.start = occurrence.start.shown(in: shownZone)
                occurrence.end = occurrence.end.shown(in: shownZone)
            } else {
                rows.noteOwnClock(occurrence)
            }
            rows.append(occurrence)
        }
        return Written(
            bytes: rows.bytes,
            report: report(
                occurrences, series: series, events: events, calendar: calendar,
                window: options.window, zoned: rows.zonedEvents))
    }

    /// Whether an event is a member of a recurring series (a rule, extra dates, or an override).
    private static func isRecurring(_ event: Component) -> Bool {
        ["RRULE", "RDATE", "RECURRENCE-ID", "EXRULE"].contains { event.has($0) }
    }

    private static func report(
        _ occurrences: [Occurrence], series: Set<String>, events: [Component], calendar: Component,
        window: CalendarCSVOptions.Window?, zoned: Set<String>
    ) -> [String] {
        var lines: [String] = []
        if let window {
            let rows = occurrences.filter { series.contains($0.uid) }.count
            let singles = events.filter { !isRecurring($0) }.count
            let outside = singles - (occurrences.count - rows)
            lines.append(
                "\(counted(series.count, "recurring series", "recurring series")) written as \(counted(rows, "occurrence"))"
                    + " from \(shown(window.start)) to \(shown(window.end)) (exclusive)"
                    + (outside > 0 ? "; \(counted(outside, "single event")) outside the window left out" : ""))
        }
        let others = calendar.components.filter { $0.name != "VEVENT" && $0.name != "VTIMEZONE" }
        if !others.isEmpty {
            let names = Set(others.map(\.name)).sorted().joined(separator: ", ")
            lines.append(
                "\(counted(others.count, "component")) that \(others.count == 1 ? "is" : "are") not an event (\(names)) left out: a calendar CSV has rows for events only"
            )
        }
        if !zoned.isEmpty {
            lines.append(
                "\(counted(zoned.count, "event")) with times in a zone or UTC written on that zone's wall clock, as a CSV names no zone")
        }
        return lines
    }

    /// `1 event`, `2 events`.
    private static func counted(_ count: Int, _ one: String, _ many: String? = nil) -> String {
        "\(count) " + (count == 1 ? one : many ?? one + "s")
    }

    /// A window's bound as the user likely gave it: the date alone at midnight.
    private static func shown(_ time: LocalDateTime) -> String {
        time.hour == 0 && time.minute == 0 && time.second == 0 ? time.date.isoFormat : time.isoFormat
    }
}
