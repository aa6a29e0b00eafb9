import CalendarModel
import CalendarWebFormats
import ICalendar
import TimeZones

/// The forms `expand` writes occurrences in: JSON lines, an iCalendar file of single events, CSV.
package enum OccurrenceOutput: String, CaseIterable, Sendable { case jsonl, ics, csv }

/// Writes occurrences as the SPEC's JSON lines, as CSV, or as an iCalendar file of single events.
/// Each occurrence is appended as bytes to a buffer the caller reuses: `expand` formats tens of
/// thousands of them on every core, and a String per field was a sixth of its time.
package enum OccurrenceFormat {
    /// What comes before the occurrences: the CSV header, or the calendar's properties (less METHOD)
    /// and its VTIMEZONEs for iCalendar.
    static func header(_ format: OccurrenceOutput, properties: [Property], zones: [Component]) -> [UInt8] {
        switch format {
        case .jsonl: return []
        case .csv: return Array("uid,recurrence_id,start,end,all_day,summary,status\r\n".utf8)
        case .ics:
            var writer = ICalendarWriter()
            writer.writeLine("BEGIN:VCALENDAR")
            for property in properties where property.name != "METHOD" { writer.write(property) }
            for zone in zones { writer.write(zone) }
            return writer.bytes
        }
    }

    static func footer(_ format: OccurrenceOutput) -> [UInt8] {
        format == .ics ? Array("END:VCALENDAR\r\n".utf8) : []
    }

    /// Appends one occurrence, described by `texts` (its component's); JSON lines and CSV show its
    /// times in `zone` when one is given.
    static func append(
        _ occurrence: Occurrence, _ texts: OccurrenceTexts, as format: OccurrenceOutput,
        shownIn zone: (any ZoneRules)?, to out: inout [UInt8]
    ) {
        switch format {
        case .jsonl: appendJSONLine(shown(occurrence, in: zone), texts, to: &out)
        case .csv: appendCSVLine(shown(occurrence, in: zone), texts, to: &out)
        case .ics: appendEvent(occurrence, to: &out)
        }
    }

    private static func shown(_ occurrence: Occurrence, in zone: (any ZoneRules)?) -> Occurrence {
        guard let zone else { return occurrence }
        var copy = occurrence
        copy.start = occurrence.start.shown(in: zone)
        copy.end = occurrence.end.shown(in: zone)
        copy.recurrenceID = occurrence.recurrenceID?.shown(in: zone)
        return copy
    }

    private static func appendJSONLine(_ o: Occurrence, _ texts: OccurrenceTexts, to out: inout [UInt8]) {
        out.append(literal: #"{"uid": "#)
        out += texts.quotedUID
        if let id = o.recurrenceID {
            out.append(literal: #", "recurrence_id": ""#)
            id.appendISOText(to: &out)
            out.append(UInt8(ascii: "\""))
        }
        out.append(literal: #", "start": ""#)
        o.start.appendISOText(to: &out)
        out.append(literal: #"", "end": ""#)
        o.end.appendISOText(to: &out)
        out.append(literal: o.isAllDay ? #"", "all_day": true"# : #"", "all_day": false"#)
        out += texts.jsonLineEnd
    }

    /// What a JSON line has after its times: summary and status when there, and the closing brace.
    fileprivate static func jsonLineEnd(summary: String?, status: String?) -> [UInt8] {
        var end: [UInt8] = []
        if let summary {
            end.append(literal: #", "summary": "#)
            JSONOutput.appendQuoted(summary, to: &end)
        }
        if let status {
            end.append(literal: #", "status": "#)
            JSONOutput.appendQuoted(status, to: &end)
        }
        end.append(literal: "}\n")
        return end
    }

    private static func appendCSVLine(_ o: Occurrence, _ texts: OccurrenceTexts, to out: inout [UInt8]) {
        let fields = [
            o.uid, o.recurrenceID?.isoText ?? "", o.start.isoText, o.end.isoText, o.isAllDay ? "true" : "false",
            texts.summary ?? "", texts.status ?? "",
        ]
        out += (fields.map(csv).joined(separator: ",") + "\r\n").utf8
    }

    /// What makes the series' times and instances (the design table's time and rule properties), which
    /// an occurrence of its own replaces.
    private static let ruleNames = Set(
        PropertyDesignTable.entries.filter { $0.expansionRole == .time || $0.expansionRole == .rule }.map(\.name))

    /// The occurrence as a VEVENT of its own: the series' properties less its rules, with the
    /// occurrence's DTSTART, DTEND and RECURRENCE-ID.
    private static func appendEvent(_ occurrence: Occurrence, to out: inout [UInt8]) {
        var event = occurrence.component
        let tzid = occurrence.component["DTSTART"]?[parameter: "TZID"]
        event.properties.removeAll { ruleNames.contains($0.name) }
        event.properties.append(property("DTSTART", occurrence.start, tzid))
        event.properties.append(property(event.name == "VTODO" ? "DUE" : "DTEND", occurrence.end, tzid))
        if let id = occurrence.recurrenceID { event.properties.append(property("RECURRENCE-ID", id, tzid)) }
        var writer = ICalendarWriter()
        writer.write(event)
        out += writer.bytes
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

    package static func json(_ text: String) -> String {
        JSONOutput.quoted(text)
    }

    private static func csv(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacing("\"", with: "\"\"") + "\""
    }
}

/// The texts an occurrence is listed with, read once and shared by occurrences of one component;
/// for JSON lines already quoted, as most series list many occurrences.
struct OccurrenceTexts {
    var summary: String?
    var status: String?
    /// JSON lines: the UID as a JSON string, and the line's end from the summary on.
    private(set) var quotedUID: [UInt8] = []
    private(set) var jsonLineEnd: [UInt8] = []

    init(_ occurrence: Occurrence, for format: OccurrenceOutput) {
        summary = occurrence.summary
        status = occurrence.status
        guard format == .jsonl else { return }
        JSONOutput.appendQuoted(occurrence.uid, to: &quotedUID)
        jsonLineEnd = OccurrenceFormat.jsonLineEnd(summary: summary, status: status)
    }
}
