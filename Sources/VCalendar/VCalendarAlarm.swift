import CalendarModel

/// vCalendar 1.0's alarms as VALARMs: `AALARM:19960415T235000;PT5M;2;bell.wav` (run time; snooze
/// time; repeat count; sound) becomes an AUDIO alarm, DALARM (…; display string) a DISPLAY alarm,
/// MALARM (…; address; note) an EMAIL alarm. PALARM runs a procedure, which RFC 5545 no longer has.
enum VCalendarAlarm {
    /// What the item around the alarm says that the alarm needs.
    struct Item {
        /// DTSTART as written out, which a floating run time is made relative to.
        var start: DateValue?
        /// A to-do's DUE, which a floating run time is made relative to when it has no DTSTART.
        var due: DateValue?
        var summary: String?
        var zone: VCalendarZone?
    }

    /// The VALARM for one alarm line, `nil` when it has no VALARM form.
    static func translate(_ line: VCalendarLine, in item: Item) -> Component? {
        let parts = line.value.split(separator: ";", omittingEmptySubsequences: false).map { $0.trimmingBlanks }
        let action: String
        switch line.name {
        case "AALARM": action = "AUDIO"
        case "DALARM": action = "DISPLAY"
        case "MALARM": action = "EMAIL"
        default: return nil
        }
        guard let first = parts.first, let trigger = trigger(first, item) else { return nil }
        var alarm = Component(name: "VALARM", location: line.location)
        alarm.properties = [Property(name: "ACTION", value: action), trigger]
        if parts.count > 2, let repeats = Int(parts[2]), repeats > 0,
            let snooze = CalendarDuration(icalendar: parts[1].uppercased()), !snooze.isNegative, snooze.totalSeconds > 0
        {
            alarm.properties += [
                Property(name: "DURATION", value: snooze.icalendarText),
                Property(name: "REPEAT", value: String(repeats)),
            ]
        }
        let text = parts.count > 3 ? parts[3] : ""
        let fallback = TextEscaping.escape(item.summary ?? "Reminder")
        switch action {
        case "AUDIO" where !text.isEmpty:
            // A sound names a file on the phone; only a URI can be an ATTACH.
            alarm.properties.append(
                text.contains(":")
                    ? Property(name: "ATTACH", value: text)
                    : Property(name: "X-VCALENDAR-AUDIO-CONTENT", value: TextEscaping.escape(text)))
        case "DISPLAY":
            alarm.properties.append(Property(name: "DESCRIPTION", value: text.isEmpty ? fallback : TextEscaping.escape(text)))
        case "EMAIL":
            guard !text.isEmpty else { return nil }
            let note = parts.count > 4 && !parts[4].isEmpty ? TextEscaping.escape(parts[4]) : fallback
            let address = text.lowercased().hasPrefix("mailto:") ? text : "mailto:" + text
            alarm.properties += [
                Property(name: "ATTENDEE", value: address), Property(name: "SUMMARY", value: fallback),
                Property(name: "DESCRIPTION", value: note),
            ]
        default: break
        }
        return alarm
    }

    /// An absolute TRIGGER at a UTC run time (a local one made UTC by the calendar's zone), or, for a
    /// floating item with no zone, the run time's distance from DTSTART (from a to-do's DUE when it
    /// has none), which keeps it as meant wherever the item is read.
    private static func trigger(_ text: String, _ item: Item) -> Property? {
        switch DateValue(icalendar: text.uppercased()) {
        case .utc(let time)?:
            return Property(
                name: "TRIGGER", parameters: [.value(.dateTime)],
                value: DateValue.utc(time).icalendarText)
        case .floating(let local)?:
            if let zone = item.zone {
                return Property(
                    name: "TRIGGER", parameters: [.value(.dateTime)],
                    value: DateValue.utc(zone.utc(local)).icalendarText)
            }
            let (anchor, related) = item.start.map { ($0, false) } ?? item.due.map { ($0, true) } ?? (nil, false)
            let from: LocalDateTime
            switch anchor {
            case .floating(let time)?: from = time
            case .date(let day)?: from = LocalDateTime(date: day)
            default: return nil
            }
            return Property(
                name: "TRIGGER", parameters: related ? [Parameter(name: "RELATED", values: ["END"])] : [],
                value: duration(local.secondsSinceEpoch - from.secondsSinceEpoch).icalendarText)
        default: return nil
        }
    }

    private static func duration(_ seconds: Int) -> CalendarDuration {
        let magnitude = abs(seconds)
        return CalendarDuration(
            isNegative: seconds < 0, days: magnitude / 86_400, hours: magnitude % 86_400 / 3600,
            minutes: magnitude % 3600 / 60, seconds: magnitude % 60)
    }
}
