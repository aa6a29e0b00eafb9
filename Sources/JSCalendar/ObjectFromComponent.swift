import CalendarModel
import JSONReading
import TimeZones

/// An iCalendar component as a JSCalendar object: what a mapping converts exactly becomes members,
/// the rest goes into the object's `iCalComponent` (see `MemberMapping`, `ICalendarSpecifics`).
struct ObjectFromComponent {
    private var object: JSONObject
    private var carried: [Property] = []
    private var carriedComponents: [Component] = []
    private var converted: [JSONMember] = []
    private let name: String
    private let mappings: [MemberMapping]
    /// The calendar's zones, which say a UTC UNTIL in the start's zone.
    private let zones: TimeZoneResolver
    private var form: DateForm?
    /// The start, read before the lines, since some producers (Apple's) write DTEND before DTSTART.
    private var start: LocalDateTime?
    /// The Location a DTEND in another zone makes (see `EndZone`), put last.
    private var endLocation: JSONValue?
    /// Whether the object has an iCalComponent even when nothing is carried.
    private var alwaysCarries = false

    /// The object for an event, task or alert.
    static func object(for component: Component, zones: TimeZoneResolver) -> JSONValue {
        guard let kind = MappingTable.kind(of: component.name) else { return ICalendarSpecifics.component(component) }
        var builder = ObjectFromComponent(object: JSONObject(type: kind.type), name: component.name, mappings: kind.mappings, zones: zones)
        let start = component["DTSTART"].flatMap(DateForm.read)
        builder.form = start?.form ?? component["DUE"].flatMap(DateForm.read)?.form
        builder.start = start?.time
        let stamp = component.isEntry && component.all("DTSTAMP").count == 1 ? ImpliedStamp.property(for: component) : nil
        for property in component.properties where property != stamp {
            if builder.object["updated"] == nil, let updated = ImpliedStamp.updated(for: property, in: component) {
                builder.object["updated"] = updated
                builder.converted.append(ImpliedStamp.record)
                continue
            }
            builder.add(property)
        }
        let alarmIds = component.name == "VALARM" ? [:] : AlertRelations.ids(in: component)
        for child in component.components {
            if child.name == "VALARM" && component.name != "VALARM" {
                let (alarm, relatedTo) = AlertRelations.split(child, ids: alarmIds)
                let alert = object(for: alarm, zones: zones)
                builder.addEntry(relatedTo.map { alert.setting("relatedTo", $0) } ?? alert, to: "alerts")
            } else if component.isEntry, let location = LocationComponent.entry(for: child) {
                builder.addEntry(location, to: "locations")
            } else if component.isEntry, let participant = ParticipantComponents.entry(for: child, zones: zones),
                builder.addEntry(participant.json, to: "participants", id: participant.id) != nil
            {
                continue
            } else {
                builder.carriedComponents.append(child)
            }
        }
        return ParticipantMerging.merged(builder.finished(), from: component, zones: zones)
    }

    /// The members of a VCALENDAR as a Group: its own properties (but the METHOD its entries carry),
    /// its VTIMEZONEs of zones the tz database does not name as `timeZones` (see `TimeZoneObjects`)
    /// and the other components that are not entries, without the entries.
    static func groupMembers(of calendar: Component, leaving method: Property?, zones: TimeZoneResolver) -> JSONObject {
        var builder = ObjectFromComponent(
            object: JSONObject(type: "Group"), name: calendar.name, mappings: MappingTable.group,
            zones: TimeZoneResolver(definitions: [:]))
        for property in calendar.properties where property != method { builder.add(property) }
        var timeZones: [JSONMember] = []
        for component in calendar.components where !component.isEntry {
            if let zone = TimeZoneObjects.timeZone(for: component, zones: zones), !timeZones.contains(where: { $0.key == zone.key }) {
                timeZones.append(JSONMember(key: zone.key, value: zone.json))
            } else {
                builder.carriedComponents.append(component)
            }
        }
        // A Group without iCalComponent means VERSION:2.0 (see `GroupReading`): a calendar that carries
        // nothing else leaves its VERSION:2.0 unsaid, one without a VERSION says so by carrying nothing.
        if builder.carried == [Property(name: "VERSION", value: "2.0")] && builder.carriedComponents.isEmpty {
            builder.carried = []
        }
        builder.alwaysCarries = !calendar.has("VERSION")
        var group = JSONObject(builder.finished().members)
        if !timeZones.isEmpty { group["timeZones"] = .object(timeZones) }
        return group
    }

    private mutating func add(_ property: Property) {
        if property.name == ICalendarSpecifics.jsonPropertyName, addJSONProperty(property) { return }
        // Carried lines come back after converted ones, so once a name is carried its later lines are
        // too, and lines of one name keep their order.
        if carried.contains(where: { $0.name == property.name }) { return carried.append(property) }
        if addTime(property) { return }
        if StyledDescription.applies(to: name), object["description"] == nil, let styled = StyledDescription.members(of: property) {
            (object["description"], object["descriptionContentType"]) = (.string(styled.description), .string(styled.contentType))
            return
        }
        // A JSID parameter names the entry's id (see `ComponentFromObject.addEntries`).
        var line = property
        var id: String?
        if let last = line.parameters.last, last.name == "JSID", last.values.count == 1 {
            id = last.value
            line.parameters.removeLast()
        }
        guard let mapping = mappings.first(where: { $0.properties.contains(line.name) }) else { return carried.append(property) }
        var (said, leftover) = ParameterLeftovers.split(line, known: mapping.parameters)
        if mapping.isKeyedByValue {
            // The entry's key says the value, which must read back as written.
            let key = TextEscaping.unescape(said.value)
            guard id == nil, !key.isEmpty, TextEscaping.escape(key) == said.value else { return carried.append(property) }
            (id, said.value) = (key, "")
        }
        var json = mapping.json(exactlyFor: said)
        // The value as written where the member says it otherwise, kept in convertedProperties (a GEO's `+`).
        var written: String?
        if json == nil, let plain = MemberMapping.geoWithoutPlus(said) { (json, written) = (mapping.json(exactlyFor: plain), said.value) }
        guard let json else { return carried.append(property) }
        let pointer: String
        if mapping.isEntry {
            guard let key = addEntry(json, to: mapping.member, id: id) else { return carried.append(property) }
            pointer = mapping.member + "/" + ParameterLeftovers.step(key)
        } else if id == nil && object[mapping.member] == nil {
            object[mapping.member] = json
            pointer = mapping.member
        } else if id == nil, leftover.isEmpty, mapping.member == SetLines.keywords.member, let keywords = object[mapping.member],
            let added = SetLines.keywords.adding(property, to: keywords)
        {
            object[mapping.member] = added.set
            return converted.append(added.lineStart)
        } else {
            return carried.append(property)
        }
        if !leftover.isEmpty || written != nil {
            converted.append(JSONMember(key: pointer, value: ParameterLeftovers.record(name: property.name, leftover, value: written)))
        }
    }

    /// An entry of a map member, and its id: its place from 1 unless a JSID parameter named another;
    /// nil, adding nothing, when an entry has that id already.
    @discardableResult
    private mutating func addEntry(_ json: JSONValue, to member: String, id: String? = nil) -> String? {
        var entries = object[member]?.members ?? []
        let key = id ?? String(entries.count + 1)
        guard !entries.contains(where: { $0.key == key }) else { return nil }
        entries.append(JSONMember(key: key, value: json))
        object[member] = .object(entries)
        return key
    }

    /// A member carried as a JSPROP line, put back where its JSPTR says.
    private mutating func addJSONProperty(_ property: Property) -> Bool {
        guard property.parameters.count == 1, let pointer = property[parameter: ICalendarSpecifics.pointerParameter],
            !pointer.contains("/"), object[pointer] == nil || pointer == "recurrenceIdTimeZone",
            let value = try? JSONReader.value(of: Array(property.text.utf8)),
            ICalendarSpecifics.jsonProperty(pointer: pointer, value: value) == property
        else { return false }
        object[pointer] = value
        return true
    }

    private func finished() -> JSONValue {
        var result = object
        if let endLocation { result["locations"] = EndZone.appending(endLocation, to: result["locations"]) }
        if result["replyTo"] == nil, let replyTo = Organizer.replyTo(in: result.value) { result["replyTo"] = replyTo }
        guard alwaysCarries || !carried.isEmpty || !carriedComponents.isEmpty || !converted.isEmpty else { return result.value }
        var specifics = ICalendarSpecifics.component(Component(name: name, properties: carried, components: carriedComponents))
        if !converted.isEmpty, case .object(var members) = specifics {
            members.append(JSONMember(key: "convertedProperties", value: .object(converted)))
            specifics = .object(members)
        }
        result["iCalComponent"] = specifics
        return result.value
    }
}

extension ObjectFromComponent {
    /// DTSTART, DTEND, DURATION, DUE, RECURRENCE-ID and the recurrence lines, which need the start's
    /// form; false for a line that is not one of them or does not convert exactly.
    private mutating func addTime(_ property: Property) -> Bool {
        guard let form else { return false }
        switch property.name {
        case "DTSTART", "DUE", "RECURRENCE-ID":
            let member = ["DTSTART": "start", "DUE": "due", "RECURRENCE-ID": "recurrenceId"][property.name] ?? ""
            guard object[member] == nil, let read = DateForm.read(property), read.form == form else { return false }
            object[member] = .string(read.time.isoFormat)
            if member != "recurrenceId" {
                sayForm(form)
            } else if object["recurrenceIdTimeZone"] == nil, let zone = zoneName(of: form) {
                // The draft (-08 §2.1.2) sets recurrenceIdTimeZone wherever it is not null; a value
                // carried as a JSPROP line (one the RECURRENCE-ID could not say) is kept instead.
                object["recurrenceIdTimeZone"] = .string(zone)
            }
        case "DURATION":
            guard object["duration"] == nil, property.parameters.isEmpty, let duration = CalendarDuration(icalendar: property.value),
                !duration.isNegative, duration.icalendarText == property.value
            else { return false }
            object["duration"] = .string(property.value)
        case "DTEND":
            if object["duration"] == nil, let start, let ending = EndZone.members(for: property, start: start, form: form, zones: zones) {
                (object["duration"], endLocation) = (ending.duration, ending.location)
                return true
            }
            guard object["duration"] == nil, let start, let read = DateForm.read(property),
                read.form == form, let duration = WallClockSpan.duration(from: start, to: read.time)
            else { return false }
            object["duration"] = .string(duration)
            converted.append(
                JSONMember(
                    key: "duration",
                    value: .object([
                        JSONMember(key: "@type", value: .string("ICalProperty")),
                        JSONMember(key: "name", value: .string("dtend")),
                    ])))
        case "RRULE", "EXRULE":
            let member = property.name == "RRULE" ? "recurrenceRules" : "excludedRecurrenceRules"
            guard let rule = RuleMapping.rule(for: property, form: form, zones: zones) else { return false }
            object[member] = .array((object[member].flatMap { if case .array(let items) = $0 { items } else { nil } } ?? []) + [rule])
        case "RDATE", "EXDATE":
            var overrides = object["recurrenceOverrides"]?.members ?? []
            guard let keys = OccurrenceLines.keys(of: property, form: form),
                !overrides.contains(where: { keys.contains($0.key) })
            else { return false }
            overrides += keys.map { JSONMember(key: $0, value: OccurrenceLines.patch(for: property.name)) }
            object["recurrenceOverrides"] = .object(overrides)
            if keys.count > 1 {
                converted.append(JSONMember(key: OccurrenceLines.pointer(keys[0]), value: ICalendarSpecifics.property(property)))
            }
        default:
            return false
        }
        return true
    }

    /// The `timeZone` a form says: nil for a date or floating time.
    private func zoneName(of form: DateForm) -> String? {
        switch form {
        case .date, .floating: return nil
        case .utc: return DateForm.utcZone
        case .zoned(let tzid): return DateForm.zoneName(for: tzid, zones: zones) ?? tzid
        }
    }

    /// The members that say the start's form; a zone the tz database names otherwise is given its
    /// name there, and the TZID as written is kept in `convertedProperties` under `timeZone`.
    private mutating func sayForm(_ form: DateForm) {
        for formMember in form.members { object[formMember.key] = formMember.value }
        guard case .zoned(let tzid) = form, let name = DateForm.zoneName(for: tzid, zones: zones) else { return }
        object["timeZone"] = .string(name)
        if !converted.contains(where: { $0.key == "timeZone" }) {
            converted.append(JSONMember(key: "timeZone", value: ParameterLeftovers.record(name: "DTSTART", [Parameter("TZID", tzid)])))
        }
    }
}
