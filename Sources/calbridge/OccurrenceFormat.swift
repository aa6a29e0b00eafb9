import CalendarModel
import CalendarRouter
import CalendarWebFormats
import ICalendar

/// Writes occurrences as the SPEC's JSON lines, as CSV, or as an iCalendar file of single events.
enum OccurrenceFormat {
    static func render(_ occurrences: [Occurrence], as format: Expand.Format, shownIn zone: (any ZoneRules)?,
                       calendar: Component) -> String {
        let shown = occurrences.map { occurrence -> Occurrence in
            guard let zone else { return occurrence }
            var copy = occurrence
            copy.start = occurrence.start.shown(in: zone)
            copy.end = occurrence.end.shown(in: zone)
            copy.recurrenceID = occurrence.recurrenceID?.shown(in: zone)
            return copy
        }
        switch format {
        case .jsonl: return shown.map(jsonLine).joined()
        case .csv: return "uid,recurrence_id,start,end,all_day,summary,status\r\n" + shown.map(csvLine).joined()
        case .ics: return icalendar(occurrences, calendar: calendar)
        }
    }

    private static func jsonLine(_ o: Occurrence) -> String {
        var fields = ["\"uid\": " + json(o.uid)]
        if let id = o.recurrenceID { fields.append("\"recurrence_id\": " + json(id.isoText)) }
        fields += ["\"start\": " + json(o.start.isoText), "\"end\": " + json(o.end.isoText),
                   "\"all_day\": " + (o.isAllDay ? "true" : "false")]
        if let summary = o.summary { fields.append("\"summary\": " + json(summary)) }
        if let status = o.status { fields.append("\"status\": " + json(status)) }
        return "{" + fields.joined(separator: ", ") + "}\n"
    }

    private static func csvLine(_ o: Occurrence) -> String {
        [o.uid, o.recurrenceID?.isoText ?? "", o.start.isoText, o.end.isoText, o.isAllDay ? "true" : "false",
         o.summary ?? "", o.status ?? ""].map(csv).joined(separator: ",") + "\r\n"
    }

    /// Each occurrence as a VEVENT of its own: the series' properties less its rules, with the
    /// occurrence's DTSTART, DTEND and RECURRENCE-ID; the calendar's VTIMEZONEs come along.
    private static func icalendar(_ occurrences: [Occurrence], calendar: Component) -> String {
        var out = Component(name: "VCALENDAR", properties: calendar.properties.filter { $0.name != "METHOD" })
        out.components = calendar.children(named: "VTIMEZONE")
        let ruleNames: Set<String> = ["RRULE", "RDATE", "EXDATE", "EXRULE", "DTSTART", "DTEND", "DURATION", "RECURRENCE-ID", "DUE"]
        for occurrence in occurrences {
            var event = occurrence.component
            let tzid = occurrence.component["DTSTART"]?[parameter: "TZID"]
            event.properties.removeAll { ruleNames.contains($0.name) }
            event.properties.append(property("DTSTART", occurrence.start, tzid))
            event.properties.append(property(event.name == "VTODO" ? "DUE" : "DTEND", occurrence.end, tzid))
            if let id = occurrence.recurrenceID { event.properties.append(property("RECURRENCE-ID", id, tzid)) }
            out.components.append(event)
        }
        var writer = ICalendarWriter()
        writer.write(out)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    private static func property(_ name: String, _ time: OccurrenceTime, _ tzid: String?) -> Property {
        let local = time.local
        switch time {
        case .date(let day): return DateValue.date(day).property(named: name)
        case .floating: return DateValue.floating(local).property(named: name)
        case .utc: return DateValue.utc(local).property(named: name)
        case .zoned(let second, _):
            guard let tzid else { return DateValue.utc(LocalDateTime(secondsSinceEpoch: second)).property(named: name) }
            return DateValue.zoned(local, tzid: tzid).property(named: name)
        }
    }

    static func json(_ text: String) -> String {
        JSONText.quoted(text)
    }

    private static func csv(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacing("\"", with: "\"\"") + "\""
    }
}
