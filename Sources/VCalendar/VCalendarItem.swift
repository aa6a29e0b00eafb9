import CalendarModel

/// An event or to-do in iCalendar 2.0 terms.
extension VCalendarTranslation {
    /// The text properties, whose vCalendar values escape only `;` and whose iCalendar ones escape
    /// `\ ; ,` and line breaks.
    private static let textNames: Set<String> = ["SUMMARY", "DESCRIPTION", "LOCATION", "COMMENT", "CONTACT"]
    /// Lists vCalendar separates with `;` and iCalendar with `,`.
    private static let listNames: Set<String> = ["CATEGORIES", "RESOURCES"]
    private static let timeNames: Set<String> = ["DTSTART", "DTEND", "DUE", "COMPLETED", "RECURRENCE-ID"]

    mutating func item(_ node: VCalendarNode) -> Component {
        let lines = node.readLines
        var component = Component(name: node.name, location: node.location)
        let start = lines.first { $0.name == "DTSTART" }.flatMap { time($0.value, at: $0.location, counted: false) }
        let summary = lines.first { $0.name == "SUMMARY" }.map { Self.vCalendarText($0.value) }
        let due = lines.first { $0.name == "DUE" }.flatMap { time($0.value, at: $0.location, counted: false) }
        let alarmItem = VCalendarAlarm.Item(start: start, due: due, summary: summary, zone: zone)
        for entry in node.lines {
            guard case .read(let line) = entry else {
                if case .unreadable(let property) = entry { component.properties.append(property) }
                continue
            }
            noteDecoding(line)
            switch line.name {
            case _ where Self.timeNames.contains(line.name):
                component.properties.append(timeProperty(line))
            case "DCREATED", "CREATED", "LAST-MODIFIED", "DTSTAMP":
                if line.name == "DCREATED" { report.note(.created, at: line.location) }
                let name = line.name == "DCREATED" ? "CREATED" : line.name
                component.properties.append(
                    utcTime(line).map { Property(name: name, value: $0, location: line.location) } ?? kept(line, named: name))
            case "RRULE", "EXRULE":
                component.properties.append(rule(line, start: start))
            case "EXDATE", "RDATE":
                component.properties.append(dateList(line))
            case "AALARM", "DALARM", "MALARM", "PALARM":
                if let alarm = VCalendarAlarm.translate(line, in: alarmItem) {
                    report.note(.alarm, at: line.location, line.name)
                    component.components.append(alarm)
                } else {
                    report.note(.untranslatableAlarm, at: line.location, "\(line.name):\(line.value)")
                    component.properties.append(kept(line, named: "X-VCALENDAR-" + line.name))
                }
            case "STATUS":
                component.properties.append(status(line, in: node.name))
            case "TRANSP":
                // vCalendar counts how transparent an item is: 0 blocks time, anything more does not.
                let value = Int(line.value.trimmingBlanks).map { $0 == 0 ? "OPAQUE" : "TRANSPARENT" } ?? line.value
                component.properties.append(Property(name: "TRANSP", value: value, location: line.location))
            case "ATTENDEE":
                component.properties.append(VCalendarAttendee.translate(line))
                report.note(.attendee, at: line.location)
            case _ where Self.textNames.contains(line.name):
                component.properties.append(
                    Property(
                        name: line.name, parameters: line.parameters,
                        value: TextEscaping.escape(Self.vCalendarText(line.value)), location: line.location))
            case _ where Self.listNames.contains(line.name):
                let items = Self.vCalendarList(line.value).map(TextEscaping.escape)
                component.properties.append(
                    Property(
                        name: line.name, parameters: line.parameters,
                        value: items.joined(separator: ","), location: line.location))
            default:
                component.properties.append(kept(line))
            }
        }
        component.components += node.children.map { child in item(child) }
        completeIdentity(&component)
        return component
    }

    /// DTSTART and its kind: a date-time read in the calendar's zone, a date kept a date.
    private mutating func timeProperty(_ line: VCalendarLine) -> Property {
        guard let value = time(line.value, at: line.location) else { return kept(line) }
        var property = value.property(named: line.name)
        property.location = line.location
        return property
    }

    private mutating func rule(_ line: VCalendarLine, start: DateValue?) -> Property {
        if let translated = VCalendarRule.translate(line.value, start: start, zone: zone) {
            report.note(.rule, at: line.location, line.value.trimmingBlanks)
            return Property(name: line.name, value: translated, location: line.location)
        }
        report.note(.untranslatableRule, at: line.location, "\(line.name):\(line.value)")
        return kept(line, named: "X-VCALENDAR-" + line.name)
    }

    /// EXDATE and RDATE: vCalendar separates the times with `;`, iCalendar with `,`.
    private mutating func dateList(_ line: VCalendarLine) -> Property {
        let written = line.value.split(whereSeparator: { $0 == ";" || $0 == "," }).map { $0.trimmingBlanks }.filter { !$0.isEmpty }
        var values: [DateValue] = []
        for text in written {
            guard let value = time(text, at: line.location) else { return kept(line) }
            values.append(value)
        }
        let allDates = values.allSatisfy(\.isAllDay)
        guard allDates || !values.contains(where: \.isAllDay) else { return kept(line) }
        return Property(
            name: line.name, parameters: allDates ? [.value(.date)] : [],
            value: values.map(\.icalendarText).joined(separator: ","), location: line.location)
    }

    /// vCalendar's STATUS values (NEEDS ACTION, SENT, ACCEPTED, …) as the ones RFC 5545 allows the
    /// component; a value it has no place for is kept as X-VCALENDAR-STATUS.
    private mutating func status(_ line: VCalendarLine, in component: String) -> Property {
        let written = line.value.trimmingBlanks.uppercased()
        let allowed: [String: String] =
            component == "VTODO"
            ? [
                "NEEDS ACTION": "NEEDS-ACTION", "NEEDS-ACTION": "NEEDS-ACTION", "COMPLETED": "COMPLETED",
                "IN-PROCESS": "IN-PROCESS", "CANCELLED": "CANCELLED",
            ]
            : ["TENTATIVE": "TENTATIVE", "CONFIRMED": "CONFIRMED", "CANCELLED": "CANCELLED"]
        guard let value = allowed[written] else {
            report.note(.status, at: line.location, "\(written) kept as X-VCALENDAR-STATUS")
            return Property(name: "X-VCALENDAR-STATUS", value: TextEscaping.escape(line.value), location: line.location)
        }
        if value != written { report.note(.status, at: line.location, "\(written) → \(value)") }
        return Property(name: "STATUS", value: value, location: line.location)
    }

    /// The items RFC 5545 requires a UID and a DTSTAMP of (§3.6.1–§3.6.4): the iCalendar reader adds
    /// them to such an item that lacks them, so a translation that left one out would read back changed.
    private static let identifiedNames: Set<String> = ["VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY"]

    /// vCalendar 1.0 has neither DTSTAMP nor, from many phones, UID; RFC 5545 requires both. DTSTAMP is
    /// when the item was last written (LAST-MODIFIED, else CREATED, else the earliest time, so any
    /// real revision wins); a UID is made from the item's content, the same on every run. An empty
    /// UID names nothing either, so it gets one made too.
    mutating func completeIdentity(_ component: inout Component) {
        guard Self.identifiedNames.contains(component.name) else { return }
        if !component.has("DTSTAMP") {
            // Only a time that reads as UTC stamps the item; a value kept as written because it is none does not.
            let written = [component["LAST-MODIFIED"]?.value, component["CREATED"]?.value].compactMap { $0 }
            let stamp = written.first { if case .utc? = DateValue(icalendar: $0) { true } else { false } } ?? "19700101T000000Z"
            component.properties.insert(Property(name: "DTSTAMP", value: stamp), at: 0)
        }
        let written = component.firstIndex(named: "UID")
        if written.map({ component.properties[$0].value.trimmingBlanks.isEmpty }) ?? true {
            var content: [UInt8] = []
            for property in component.properties where property.name != "DTSTAMP" && property.name != "UID" {
                content += property.name.utf8 + [0x3A] + property.value.utf8 + [0x0A]
            }
            report.note(.madeUID, at: component.location ?? SourceLocation(line: 1))
            let uid = "vcs-" + FNV1a.hex(content)
            if let written {
                component.properties[written].value = uid
            } else {
                component.properties.insert(Property(name: "UID", value: uid), at: 0)
            }
        }
    }

    /// A vCalendar text value: `\;` is an escaped `;` and `\\` a backslash; any other backslash is
    /// a character.
    static func vCalendarText(_ value: String) -> String {
        guard value.contains("\\") else { return value }
        var out = ""
        var escaped = false
        for character in value {
            if escaped {
                if character != ";" && character != "\\" { out.append("\\") }
                out.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                out.append(character)
            }
        }
        return escaped ? out + "\\" : out
    }

    /// A `;`-separated vCalendar list (`MEETING;PHONE CALL`), its `\;` kept inside an item.
    static func vCalendarList(_ value: String) -> [String] {
        var items: [String] = []
        var current = ""
        var escaped = false
        for character in value {
            if escaped {
                if character != ";" && character != "\\" { current.append("\\") }
                current.append(character)
                escaped = false
                continue
            }
            switch character {
            case "\\": escaped = true
            case ";":
                items.append(current)
                current = ""
            default: current.append(character)
            }
        }
        items.append(current)
        return items.map { $0.trimmingBlanks }.filter { !$0.isEmpty }
    }
}
