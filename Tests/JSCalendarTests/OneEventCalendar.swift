import CalendarModel

/// The calendar the mapping tests convert: one event (UID `u`, a DTSTAMP, and a start on 5 January
/// 2026 at 09:00 UTC) with the lines and components a test adds, in the order given.
func oneEventCalendar(_ lines: [Property], _ components: [Component] = []) -> Component {
    Component(
        name: "VCALENDAR", properties: [Property(name: "VERSION", value: "2.0")],
        components: [
            Component(
                name: "VEVENT",
                properties: [
                    Property(name: "UID", value: "u"), Property(name: "DTSTAMP", value: "20260101T000000Z"),
                    Property(name: "DTSTART", value: "20260105T090000Z"),
                ] + lines,
                components: components)
        ])
}
