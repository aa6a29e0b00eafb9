import CalendarDocuments
import CalendarModel

/// vCalendar 1.0, read through its registry entry as every command reads it.
enum VCalendarTarget {
    /// Any bytes are read or refused, never a crash, and the iCalendar 2.0 calendar the translation
    /// makes is one calbridge's iCalendar reader reads back as the same tree: the translation never
    /// makes a property name, parameter or value that iCalendar text cannot hold.
    static let vcs = FuzzTarget("vcs") { bytes in
        guard let descriptor = CalendarFormat.registry.first(where: { $0.name == "vcs" }),
            let calendar = try? RegistryTargets.read(bytes, as: descriptor)
        else { return nil }
        let written = ICalendarText.written([calendar])
        WrittenTrace.keep(written)
        return treeDifference([calendar], ICalendarText(written).calendars).map { "the translation does not read back as itself: " + $0 }
    }
}
