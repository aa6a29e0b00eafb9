import CalendarModel

/// RFC 8984 has no DTSTAMP, and RFC 5545 requires one of every event and task. An event or task read
/// from JSCalendar is given the DTSTAMP calbridge's iCalendar reader gives one that has none (its
/// LAST-MODIFIED, else its CREATED, else the earliest time); converting to JSCalendar leaves exactly
/// that DTSTAMP unsaid and carries any other, so the round trip keeps every DTSTAMP as it was.
enum ImpliedStamp {
    static func property(for component: Component) -> Property {
        let source = [component["LAST-MODIFIED"], component["CREATED"]].compactMap { $0 }.first {
            if case .utc? = DateValue(icalendar: $0.value), $0.parameters.isEmpty { return true }
            return false
        }
        return Property(name: "DTSTAMP", value: source?.value ?? "19700101T000000Z")
    }
}
