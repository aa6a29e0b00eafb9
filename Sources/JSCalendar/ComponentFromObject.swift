import CalendarModel
import JSONReading
import TimeZones

/// A JSCalendar object as iCalendar components: the master and, for each override that patches
/// more than whether an occurrence is there, its own component with RECURRENCE-ID. A member that
/// does not convert exactly travels as a JSPROP line (see `MemberMapping`, `ICalendarSpecifics`).
struct ComponentFromObject {
    private var component: Component
    private var overrides: [Component] = []
    private let object: JSONValue
    private let path: String
    private let form: DateForm
    /// The calendar's zones, which say a zoned UNTIL in UTC.
    private let zones: TimeZoneResolver

    /// `named` gives the component a Participant is (see `ParticipantComponents`).
    static func components(
        for object: JSONValue, path: String, zones: TimeZoneResolver,
        named given: String? = nil
    ) throws(JSCalendarProblem) -> [Component] {
        guard case .object = object else { throw JSCalendarProblem(path: path, "an entry must be a JSON object") }
        guard let type = object["@type"]?.string, let name = given ?? MappingTable.component(ofType: type),
            let kind = MappingTable.kind(of: name)
        else {
            throw JSCalendarProblem(path: "\(path).@type", "\"@type\" must be Event, Task or Group (Alert inside alerts)")
        }
        let converted = object["iCalComponent"]?["convertedProperties"]
        let form = DateForm(of: object, written: converted?["timeZone"], zones: zones)
        var builder = ComponentFromObject(component: Component(name: name), object: object, path: path, form: form, zones: zones)
        for member in object.members {
            try builder.add(member, mappings: kind.mappings, converted: converted)
        }
        if builder.component.isEntry && !builder.component.has("DTSTAMP") {
            builder.component.properties.append(ImpliedStamp.property(for: builder.component))
        }
        return [builder.component] + builder.overrides
    }

    private mutating func add(_ member: JSONMember, mappings: [MemberMapping], converted: JSONValue?) throws(JSCalendarProblem) {
        switch member.key {
        case "@type":
            return
        case "timeZone", "showWithoutTime":
            // RFC 8984's default (no zone, a time) is what an absent member says too: nothing to write.
            if member.value == (member.key == "timeZone" ? .null : .bool(false)) { return }
            // Said by the DTSTART or DUE line when one is written, and only in the form it writes.
            let written = form.time(object["start"]) != nil || form.time(object["due"]) != nil
            let said =
                form.members.contains { $0.key == member.key && $0.value == member.value }
                || (member.key == "timeZone" && converted?["timeZone"] != nil && member.value.string != nil)
            if !(written && said) { carry(member) }
        case "recurrenceIdTimeZone":
            // Said by the RECURRENCE-ID line, which is written in the start's zone.
            if form.time(object["recurrenceId"]) == nil || member.value.string == nil || member.value != object["timeZone"] {
                carry(member)
            }
        case "replyTo":
            if Organizer.replyTo(in: object)?.sameValue(as: member.value) != true { carry(member) }
        case "iCalComponent":
            let specifics = try ICalendarSpecifics.component(
                from: member.value, path: "\(path).iCalComponent",
                implied: component.name)
            component.properties += specifics.properties
            component.components += specifics.components
        case "alerts":
            let related = AlertRelations.lines(in: member.value)
            for entry in member.value.members {
                let lines = related[entry.key]
                var alarms = try Self.components(
                    for: lines == nil ? entry.value : entry.value.removing("relatedTo"), path: "\(path).alerts.\(entry.key)", zones: zones)
                if let lines, !alarms.isEmpty { alarms[0].properties += lines }
                component.components += alarms
            }
        case "recurrenceOverrides":
            try addOverrides(member.value)
        case "updated" where ImpliedStamp.line(for: member.value, converted: converted) != nil:
            if let stamp = ImpliedStamp.line(for: member.value, converted: converted) { component.properties.append(stamp) }
        case "locations":
            // A last Location that is the DTEND's zone is written with the duration, the VLOCATIONs
            // before it as components (see `LocationComponent`), the others as lines.
            var entries = member.value.members
            if EndZone.line(in: object, form: form, zones: zones) != nil { entries.removeLast() }
            var vlocations: [Component] = []
            while let last = entries.last, let vlocation = try LocationComponent.component(for: last.value) {
                vlocations.insert(vlocation, at: 0)
                entries.removeLast()
            }
            component.components += vlocations
            if let mapping = mappings.first(where: { $0.member == member.key }), !entries.isEmpty {
                addEntries(JSONMember(key: member.key, value: .object(entries)), mapping, converted: converted)
            }
        case "description" where StyledDescription.applies(to: component.name) && StyledDescription.line(in: object) != nil:
            if let line = StyledDescription.line(in: object) { component.properties.append(line) }
        case "descriptionContentType" where StyledDescription.applies(to: component.name) && StyledDescription.line(in: object) != nil:
            return
        case "participants":
            guard let written = ParticipantLines.written(member.value, converted: converted, zones: zones) else { return carry(member) }
            component.properties += written.lines
            component.components += written.components
        default:
            if addTime(member, converted: converted) { return }
            guard let mapping = mappings.first(where: { $0.member == member.key }) else { return carry(member) }
            if mapping.isEntry {
                addEntries(member, mapping, converted: converted)
            } else if mapping.member == SetLines.keywords.member, SetLines.keywords.splits(converted),
                var lines = SetLines.keywords.lines(for: member.value, converted: converted)
            {
                lines[0].parameters += ParameterLeftovers.parameters(in: converted?[member.key])
                component.properties += lines
            } else if var property = mapping.property(exactlyFor: member.value) {
                property.parameters += ParameterLeftovers.parameters(in: converted?[member.key])
                component.properties.append(property)
            } else {
                carry(member)
            }
        }
    }

    private mutating func carry(_ member: JSONMember) {
        component.properties.append(ICalendarSpecifics.jsonProperty(pointer: member.key, value: member.value))
    }

    /// Each entry becomes a line, with a JSID parameter where its id is not its place from 1.
    private mutating func addEntries(_ member: JSONMember, _ mapping: MemberMapping, converted: JSONValue?) {
        var lines: [Property] = []
        for (index, entry) in member.value.members.enumerated() {
            guard var property = mapping.property(exactlyFor: entry.value) else { return carry(member) }
            let record = converted?[member.key + "/" + ParameterLeftovers.step(entry.key)]
            property.parameters += ParameterLeftovers.parameters(in: record)
            if let written = ParameterLeftovers.value(in: record, for: property) { property.value = written }
            if mapping.isKeyedByValue {
                guard !entry.key.isEmpty else { return carry(member) }
                property.value = TextEscaping.escape(entry.key)
            } else if entry.key != String(index + 1) {
                property.parameters.append(Parameter("JSID", entry.key))
            }
            lines.append(property)
        }
        guard !lines.isEmpty else { return carry(member) }
        component.properties += lines
    }

    private mutating func addTime(_ member: JSONMember, converted: JSONValue?) -> Bool {
        switch member.key {
        case "start", "due", "recurrenceId":
            guard let time = form.time(member.value) else { return false }
            let name = ["start": "DTSTART", "due": "DUE", "recurrenceId": "RECURRENCE-ID"][member.key] ?? ""
            component.properties.append(form.property(named: name, at: time))
        case "duration":
            if let end = EndZone.line(in: object, form: form, zones: zones) {
                component.properties.append(end)
                return true
            }
            guard let text = member.value.string, let duration = CalendarDuration(icalendar: text), !duration.isNegative else {
                return false
            }
            if converted?["duration"]?["name"]?.string == "dtend" {
                guard let start = form.time(object["start"]), let end = WallClockSpan.end(from: start, after: text),
                    WallClockSpan.duration(from: start, to: end) == text
                else { return false }
                component.properties.append(form.property(named: "DTEND", at: end))
            } else {
                guard duration.icalendarText == text else { return false }
                component.properties.append(Property(name: "DURATION", value: text))
            }
        case "recurrenceRules", "excludedRecurrenceRules":
            guard case .array(let rules) = member.value, object["start"] != nil else { return false }
            let texts = rules.compactMap { RuleMapping.text(of: $0, form: form, zones: zones) }
            guard texts.count == rules.count, !texts.isEmpty,
                zip(texts, rules).allSatisfy({
                    RuleMapping.rule(for: Property(name: "RRULE", value: $0), form: form, zones: zones)?.sameValue(as: $1) == true
                })
            else { return false }
            component.properties += texts.map { Property(name: member.key == "recurrenceRules" ? "RRULE" : "EXRULE", value: $0) }
        default:
            return false
        }
        return true
    }

    /// An empty patch is an RDATE, `excluded` an EXDATE (draft-ietf-calext-jscalendar-icalendar);
    /// any other patch applied to the master is an override component.
    private mutating func addOverrides(_ json: JSONValue) throws(JSCalendarProblem) {
        let lines = OccurrenceLines.kept(in: object["iCalComponent"]?["convertedProperties"], overrides: json, form: form)
        let covered = Set(lines.values.flatMap(\.keys))
        for entry in json.members {
            if let line = lines[entry.key] { component.properties.append(line.line) }
            if covered.contains(entry.key) { continue }
            guard let time = form.time(.string(entry.key)) else {
                throw JSCalendarProblem(path: "\(path).recurrenceOverrides", "\"\(entry.key)\" is not a LocalDateTime of the start's form")
            }
            if entry.value.members.isEmpty {
                component.properties.append(form.property(named: "RDATE", at: time))
            } else if entry.value.sameValue(as: OccurrenceLines.excluded) {
                component.properties.append(form.property(named: "EXDATE", at: time))
            } else {
                let master = SeriesEntries.masterBase(object, at: entry.key)
                var patched = try master.patched(with: entry.value, path: "\(path).recurrenceOverrides.\(entry.key)")
                patched = patched.setting("recurrenceId", .string(entry.key))
                overrides += try Self.components(for: patched, path: "\(path).recurrenceOverrides.\(entry.key)", zones: zones)
            }
        }
    }
}
