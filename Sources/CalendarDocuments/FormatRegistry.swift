import CalendarModel
import CalendarWebFormats
import ICalendar
import JSCalendar
import VCalendar

extension CalendarFormat {
    /// Every format calbridge reads or writes, one entry each, in the order help and completions
    /// list them (and in which the first of several formats sharing an extension is the one that
    /// extension names). Adding a format is its module's reader and writer and one entry here.
    package static let registry: [FormatDescriptor] = [
        FormatDescriptor(
            name: "ics", title: "iCalendar (RFC 5545)", extensions: ["ics", "ical", "icalendar", "ifb"],
            // A VCALENDAR that says VERSION:1.0 is only shaped like one: `vcs` is its marker.
            sniff: { $0.begins(caseInsensitive: "BEGIN:VCALENDAR") ? (VCalendarReader.isVCalendar($0.text.utf8) ? .shape : .marker) : nil },
            reader: .streamed { input, reader, handle in
                try reader.read(try input.open(), handle)
                return []
            },
            writer: FormatWriter(
                document: { calendar, _ in
                    var writer = ICalendarWriter()
                    writer.write(calendar)
                    return WrittenDocument(bytes: writer.bytes)
                },
                streams: { conversion, sink in try conversion.streamICalendar(into: sink) }),
            carries: "everything (calbridge's model is iCalendar's)", isLossless: true),
        FormatDescriptor(
            name: "json", title: "calbridge's model JSON", extensions: ["json"],
            sniff: { $0.text.hasPrefix("{") ? .shape : nil },
            reader: .document { input, _ in ReadDocument(calendar: try ModelJSONDocument.calendar(of: input)) },
            writer: FormatWriter(document: { calendar, _ in WrittenDocument(bytes: try ModelJSONDocument.bytes(of: calendar)) }),
            carries: "everything (well-known properties typed, the rest raw)", isLossless: true,
            fuzzTarget: "model-json"),
        FormatDescriptor(
            name: "xcal", title: "xCal (RFC 6321)", extensions: ["xcal", "xcs", "xml"],
            sniff: { $0.text.hasPrefix("<") ? .shape : nil },
            reader: .streamed { input, reader, handle in
                try DocumentInput(input: try input.open(), format: .xcal).read(encodingLike: reader, handle)
            },
            writer: FormatWriter(
                document: { calendar, _ in WrittenDocument(bytes: XCalWriter().document(for: calendar)) },
                streams: { conversion, sink in try conversion.streamDocument(XCalWriter.self, into: &sink) }),
            carries: "everything", isLossless: true),
        FormatDescriptor(
            name: "jcal", title: "jCal (RFC 7265)", extensions: ["jcal", "json"],
            sniff: { $0.text.hasPrefix("[") ? .shape : nil },
            reader: .streamed { input, reader, handle in
                try DocumentInput(input: try input.open(), format: .jcal).read(encodingLike: reader, handle)
            },
            writer: FormatWriter(
                document: { calendar, _ in WrittenDocument(bytes: JCalWriter().document(for: calendar)) },
                streams: { conversion, sink in try conversion.streamDocument(JCalWriter.self, into: &sink) }),
            carries: "everything", isLossless: true),
        FormatDescriptor(
            // `.jscal.json` is the name JSCalendar files get; a `.json` one says what it is by its "@type".
            name: "jscal", title: "JSCalendar (RFC 8984)", extensions: ["jscal.json", "jscal", "json"],
            sniff: { JSCalendarReading.sniffs($0.text) ? .marker : nil },
            reader: .document { input, _ in
                let read = try JSCalendarReading.read(try input.readAll(), path: input.name)
                return ReadDocument(calendar: read.calendar, diagnostics: read.diagnostics)
            },
            writer: FormatWriter(document: { calendar, _ in WrittenDocument(bytes: JSCalendarDocument.bytes(of: calendar)) }),
            carries: "everything (the rest in iCalComponent); order may move", isLossless: false),
        FormatDescriptor(
            name: "caldav-xml", title: "a saved CalDAV multistatus answer", extensions: ["xml"],
            sniff: { $0.text.hasPrefix("<") && $0.text.contains("multistatus") ? .marker : nil },
            reader: .streamed { input, reader, handle in
                // A resource that holds nothing usable is one item of the answer and does not sink the others.
                reader.refusesUnusableInput = false
                try CalendarInputs.readMultistatus(input, with: &reader, handle)
                return []
            },
            writer: nil, carries: "the calendar-data of every response, merged",
            fuzzTarget: "multistatus"),
        FormatDescriptor(
            // An .ics that says VERSION:1.0 is one too: the content decides between the two (see ics).
            name: "vcs", title: "vCalendar 1.0 (old phones, Outlook 2003/2007)", extensions: ["vcs", "ics"],
            sniff: { VCalendarReader.isVCalendar($0.text.utf8) ? .marker : nil },
            reader: .document { input, _ in
                let read = try VCalendarReader.document(try input.readAll(), file: input.name)
                return ReadDocument(calendar: read.calendar, diagnostics: read.diagnostics)
            },
            writer: nil, carries: "events and to-dos, written out as iCalendar 2.0"),
        FormatDescriptor(
            name: "vcf", title: "contact cards (vCard 2.1, 3.0, 4.0)", extensions: ["vcf", "vcard"],
            sniff: { $0.begins(caseInsensitive: "BEGIN:VCARD") ? .marker : nil },
            reader: .made { input, _ in try CalendarInputs.birthdayCalendar(input) },
            writer: nil, carries: "the birthdays and anniversaries on the cards",
            fuzzTarget: "vcard"),
        FormatDescriptor(
            name: "timetable", title: "a course timetable (JSON or CSV)", extensions: ["json"],
            // A timetable's keys are not the model's (sorted: "components", "name", "properties"); in
            // an escaped string a quote before "term" would be followed by a backslash, not a quote.
            sniff: { $0.text.hasPrefix("{") && ($0.text.contains("\"lectures\"") || $0.text.contains("\"term\"")) ? .marker : nil },
            reader: .made { input, _ in ReadDocument(calendar: try CalendarInputs.scheduleCalendar(input)) },
            writer: nil, carries: "the lectures, as `schedule` makes them",
            fuzzTarget: "timetable-json"),
        FormatDescriptor(
            // One name, two readers: the header row tells a timetable from Google's or Outlook's calendar.
            name: "csv", title: "Google's or Outlook's calendar CSV, or a timetable", extensions: ["csv"],
            sniff: CSVInput.sniff,
            reader: .made { input, options in try CSVInput.calendar(input, options: options) },
            writer: FormatWriter(document: { calendar, options in try CSVInput.written(calendar, options: options) }),
            carries: "summary, times, place, notes; series in a window",
            fuzzTarget: "timetable-csv"),
    ]
}
