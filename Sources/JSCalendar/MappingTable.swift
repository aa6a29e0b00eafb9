import CalendarModel
import JSONReading

/// Which iCalendar properties each kind of object converts, and into what (RFC 8984 §4–5;
/// draft-ietf-calext-jscalendar-icalendar's property sections).
enum MappingTable {
    static let common: [MemberMapping] = [
        .text("UID", "uid"), .text("SUMMARY", "title"), .text("DESCRIPTION", "description"),
        .integer("SEQUENCE", "sequence"), .utcDateTime("CREATED", "created"), .utcDateTime("LAST-MODIFIED", "updated"),
        .keyword("CLASS", "privacy", [("PUBLIC", "public"), ("PRIVATE", "private"), ("CONFIDENTIAL", "secret")]),
        .integer("PRIORITY", "priority"), .text("COLOR", "color"), .keywords,
        .keyword("TRANSP", "freeBusyStatus", [("OPAQUE", "busy"), ("TRANSPARENT", "free")]),
        .participants, .locations, .virtualLocations, .links, .relatedTo, requestStatus, .categories,
    ]

    static let event =
        common + [
            .keyword("STATUS", "status", [("TENTATIVE", "tentative"), ("CONFIRMED", "confirmed"), ("CANCELLED", "cancelled")])
        ]

    static let task =
        common + [
            .keyword("STATUS", "progress", ["NEEDS-ACTION", "IN-PROCESS", "COMPLETED", "CANCELLED"].map { ($0, $0.lowercased()) }),
            .integer("PERCENT-COMPLETE", "percentComplete"),
        ]

    static let alert: [MemberMapping] = [
        .keyword("ACTION", "action", [("DISPLAY", "display"), ("EMAIL", "email")]),
        .utcDateTime("ACKNOWLEDGED", "acknowledged"), trigger,
    ]

    static let group: [MemberMapping] = [
        .text("UID", "uid"), .text("PRODID", "prodId"), .text("NAME", "title"), .text("DESCRIPTION", "description"),
        .text("COLOR", "color"), .utcDateTime("LAST-MODIFIED", "updated"), source, .categories,
    ]

    /// The JSCalendar type of a component and its mappings; nil for components JSCalendar has no
    /// object for (VTIMEZONE, VJOURNAL, X- components), which are carried whole.
    static func kind(of component: String) -> (type: String, mappings: [MemberMapping])? {
        switch component {
        case "VEVENT": return ("Event", event)
        case "VTODO": return ("Task", task)
        case "VALARM": return ("Alert", alert)
        case "PARTICIPANT": return ("Participant", participant)
        case "VRESOURCE": return ("Participant", resource)
        default: return nil
        }
    }

    static func component(ofType type: String) -> String? {
        ["Event": "VEVENT", "Task": "VTODO", "Alert": "VALARM"][type]
    }

    /// REQUEST-STATUS as written (`2.0;Success`): RFC 8984 §4.4.8 keeps the line's value whole.
    static let requestStatus = MemberMapping(
        properties: ["REQUEST-STATUS"], member: "requestStatus",
        toJSON: { property in
            property.parameters.isEmpty ? .string(property.value) : nil
        },
        toProperty: { json in
            json.string.map { Property(name: "REQUEST-STATUS", value: $0) }
        })

    /// SOURCE (RFC 7986 §5.8) as the Group's `source` (RFC 8984 §5.3.2), written `VALUE=URI` as
    /// RFC 7986's example and draft -08's ical-prop-source write it.
    static let source = MemberMapping(
        properties: ["SOURCE"], member: "source", parameters: ["VALUE"],
        toJSON: { property in
            property.parameters == [.value(.uri)] ? .string(property.value) : nil
        },
        toProperty: { json in
            json.string.map { Property(name: "SOURCE", parameters: [.value(.uri)], value: $0) }
        })

    /// TRIGGER as an OffsetTrigger (a duration, RELATED its `relativeTo`) or an AbsoluteTrigger.
    static let trigger = MemberMapping(
        properties: ["TRIGGER"], member: "trigger", parameters: ["RELATED", "VALUE"],
        toJSON: { property in
            if property.parameters == [.value(.dateTime)], case .utc(let time)? = DateValue(icalendar: property.value) {
                return .object([
                    JSONMember(key: "@type", value: .string("AbsoluteTrigger")),
                    JSONMember(key: "when", value: .string(time.isoFormat + "Z")),
                ])
            }
            guard CalendarDuration(icalendar: property.value) != nil else { return nil }
            var object = JSONObject(type: "OffsetTrigger")
            object["offset"] = .string(property.value)
            for parameter in property.parameters {
                guard parameter.name == "RELATED", parameter.values.count == 1, ["START", "END"].contains(parameter.value),
                    object["relativeTo"] == nil
                else { return nil }
                object["relativeTo"] = .string(parameter.value.lowercased())
            }
            return object.value
        },
        toProperty: { json in
            if json["@type"]?.string == "AbsoluteTrigger", let when = json["when"]?.string, when.hasSuffix("Z"),
                let time = LocalDateTimeText.read(String(when.dropLast()))
            {
                return Property(name: "TRIGGER", parameters: [.value(.dateTime)], value: DateValue.utc(time).icalendarText)
            }
            guard let offset = json["offset"]?.string else { return nil }
            let related = json["relativeTo"]?.string.map { [Parameter("RELATED", $0.uppercased())] } ?? []
            return Property(name: "TRIGGER", parameters: related, value: offset)
        })
}
