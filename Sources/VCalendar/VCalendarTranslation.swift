import CalendarModel

/// Translates one vCalendar 1.0 VCALENDAR into iCalendar 2.0 terms, counting what it did in its report.
/// What iCalendar has a place for is moved there (VERSION, DCREATED, alarms, rules, the zone); what it
/// has none for stays as an X-VCALENDAR- property, so nothing is dropped or guessed.
struct VCalendarTranslation {
    var report: TranslationReport
    /// The calendar's TZ and DAYLIGHT, which local times are read in.
    private(set) var zone: VCalendarZone?

    init(report: TranslationReport) {
        self.report = report
    }

    /// The calendar: VERSION:2.0, its PRODID kept (calbridge's when it has none), TZ and DAYLIGHT
    /// spent on its items' times, its items translated.
    mutating func calendar(_ node: VCalendarNode) -> Component {
        let lines = node.readLines
        // A file may hold an iCalendar 2.0 VCALENDAR after a vCalendar one: it is carried as written,
        // its items given the UID and DTSTAMP they lack as the iCalendar reader gives them.
        guard lines.first(where: { $0.name == "VERSION" })?.value.trimmingBlanks != "2.0" else {
            var carried = untranslated(node)
            for index in carried.components.indices { completeIdentity(&carried.components[index]) }
            return carried
        }
        let tz = lines.first { $0.name == "TZ" }
        zone = VCalendarZone(tz: tz?.value, daylight: lines.filter { $0.name == "DAYLIGHT" }.map(\.value))
        if let tz, zone == nil { report.note(.unreadableZone, at: tz.location, tz.value) }
        var calendar = Component(name: "VCALENDAR", location: node.location)
        let version = lines.first { $0.name == "VERSION" }
        report.note(.version, at: version?.location ?? node.location)
        calendar.properties.append(Property(name: "VERSION", value: "2.0", location: version?.location))
        if !lines.contains(where: { $0.name == "PRODID" }) {
            calendar.properties.append(Property(name: "PRODID", value: "-//calbridge//vCalendar 1.0 translation//EN"))
        }
        for line in node.lines {
            guard case .read(let line) = line else {
                // Among a calendar's own lines the iCalendar reader takes a line kept as written for
                // a fold of the line above, so it travels as a named property there.
                if case .unreadable(let property) = line {
                    calendar.properties.append(
                        Property(
                            name: "X-VCALENDAR-UNREADABLE-LINE", value: TextEscaping.escape(property.value),
                            location: property.location))
                }
                continue
            }
            noteDecoding(line)
            switch line.name {
            case "VERSION": continue
            case "TZ", "DAYLIGHT":
                // Kept as written when it could not be read, so the times it meant stay explainable.
                if zone == nil {
                    calendar.properties.append(Property(name: "X-VCALENDAR-" + line.name, value: TextEscaping.escape(line.value)))
                }
            case "PRODID":
                calendar.properties.append(Property(name: "PRODID", value: TextEscaping.escape(line.value), location: line.location))
            default: calendar.properties.append(kept(line))
            }
        }
        calendar.components = node.children.map { child in
            guard child.name != "VEVENT" && child.name != "VTODO" else { return item(child) }
            var carried = untranslated(child)
            completeIdentity(&carried)
            return carried
        }
        return calendar
    }

    /// A component vCalendar 1.0 does not define (or an iCalendar 2.0 calendar), carried with its
    /// lines decoded.
    private mutating func untranslated(_ node: VCalendarNode) -> Component {
        var component = Component(name: node.name, location: node.location)
        for line in node.lines {
            switch line {
            case .read(let line):
                noteDecoding(line)
                component.properties.append(kept(line))
            case .unreadable(let property): component.properties.append(property)
            }
        }
        component.components = node.children.map { untranslated($0) }
        return component
    }

    /// Counts the quoted-printable and charset decoding a line needed.
    mutating func noteDecoding(_ line: VCalendarLine) {
        if line.wasQuotedPrintable { report.note(.quotedPrintable, at: line.location) }
        if let charset = line.unknownCharset { report.note(.unknownCharset, at: line.location, charset) }
        if line.hadControlCharacters { report.note(.controlCharacter, at: line.location, line.name) }
    }

    /// A line iCalendar reads as it is: its value carried as written (see `carried(_:)`).
    func kept(_ line: VCalendarLine, named name: String? = nil) -> Property {
        Property(name: name ?? line.name, parameters: line.parameters, value: Self.carried(line.value), location: line.location)
    }

    /// A value carried as written, a line break in it escaped: a decoded quoted-printable value may
    /// hold one, which would end an iCalendar line.
    static func carried(_ value: String) -> String {
        value.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) ? TextEscaping.escape(value) : value
    }

    /// A date or date-time value in iCalendar terms: local times made UTC by the calendar's zone,
    /// which is counted unless the value is only looked at (`counted` false). `nil` for text that is
    /// not a date.
    mutating func time(_ text: String, at location: SourceLocation, counted: Bool = true) -> DateValue? {
        guard let value = DateValue(icalendar: text.trimmingBlanks.uppercased()) else { return nil }
        guard case .floating(let local) = value, let zone else { return value }
        if counted { report.note(.zone, at: location, zone.standardText) }
        return .utc(zone.utc(local))
    }

    /// A time iCalendar wants in UTC (CREATED, LAST-MODIFIED, DTSTAMP): a local one without the
    /// calendar's zone is read as UTC, and said so.
    mutating func utcTime(_ line: VCalendarLine) -> String? {
        switch time(line.value, at: line.location) {
        case .utc(let time)?: return DateValue.utc(time).icalendarText
        case .floating(let time)?:
            report.note(.utcAssumed, at: line.location, line.name)
            return DateValue.utc(time).icalendarText
        case .date(let day)?:
            report.note(.utcAssumed, at: line.location, line.name)
            return DateValue.utc(LocalDateTime(date: day)).icalendarText
        default: return nil
        }
    }
}
