import CalendarModel
import JSONReading

/// A parameter that becomes a member of an entry object (`CN` → `name`).
struct ParameterMember: Sendable {
    var parameter: String
    var member: String
    /// Whether the parameter's values travel as one comma-joined text (see `flagList`).
    var isList = false
    var toJSON: @Sendable (String) -> JSONValue?
    var toParameter: @Sendable (JSONValue) -> String?

    static func text(_ parameter: String, _ member: String) -> ParameterMember {
        ParameterMember(parameter: parameter, member: member, toJSON: { .string($0) }, toParameter: { $0.string })
    }

    static func keyword(_ parameter: String, _ member: String, _ pairs: [(String, JSONValue)]) -> ParameterMember {
        ParameterMember(
            parameter: parameter, member: member, toJSON: { value in pairs.first { $0.0 == value }?.1 },
            toParameter: { json in pairs.first { $0.1.sameValue(as: json) }?.0 })
    }

    /// A parameter of several values, each a flag of the member (`FEATURE=AUDIO,VIDEO` →
    /// `{"audio": true, "video": true}`); only the values `names` lists, written in upper case.
    static func flagList(_ parameter: String, _ member: String, _ names: [String]) -> ParameterMember {
        ParameterMember(
            parameter: parameter, member: member, isList: true,
            toJSON: { text in
                let values = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                guard values.allSatisfy({ names.contains($0.lowercased()) && $0 == $0.uppercased() }), Set(values).count == values.count
                else { return nil }
                return .object(values.map { JSONMember(key: $0.lowercased(), value: .bool(true)) })
            },
            toParameter: { json in
                guard case .object(let members) = json, !members.isEmpty, members.allSatisfy({ $0.value == .bool(true) }) else {
                    return nil
                }
                return members.map { $0.key.uppercased() }.joined(separator: ",")
            })
    }

    static func flags(_ pairs: [(String, [String])]) -> [(String, JSONValue)] {
        pairs.map { ($0.0, .object($0.1.map { JSONMember(key: $0, value: .bool(true)) })) }
    }
}

/// Entries of RFC 8984's maps made from one property each: the value is one member, each parameter
/// another, written in the order of the parameters so that they come back in it.
struct EntryShape: Sendable {
    var type: String
    var valueMember: String
    /// Members every entry of this kind has, put after the value when the line did not say them
    /// (a participant's `roles`): one after the value is left unsaid, one before it came from a
    /// parameter (`ROLE=REQ-PARTICIPANT` written out), so both lines come back as they were.
    var implied: [JSONMember] = []
    /// Parameters the property always has first (CONFERENCE's `VALUE=URI`), said by the entry's type.
    var fixed: [Parameter] = []
    var parameters: [ParameterMember]
    var toValue: @Sendable (String) -> JSONValue? = { .string($0) }
    var fromValue: @Sendable (JSONValue) -> String? = { $0.string }
    /// A member that says the value again as written (an attendee's `calendarAddress`).
    var echo: String?

    func entry(for property: Property) -> JSONValue? {
        var object = JSONObject(type: type)
        guard property.parameters.starts(with: fixed) else { return nil }
        for parameter in property.parameters.dropFirst(fixed.count) {
            guard let rule = parameters.first(where: { $0.parameter == parameter.name }), object[rule.member] == nil,
                parameter.values.count == 1 || (rule.isList && !parameter.values.contains { $0.contains(",") }),
                let json = rule.toJSON(parameter.values.joined(separator: ","))
            else { return nil }
            object[rule.member] = json
        }
        guard let value = toValue(property.value) else { return nil }
        object[valueMember] = value
        if let echo { object[echo] = .string(property.value) }
        for member in implied where object[member.key] == nil { object[member.key] = member.value }
        return object.value
    }

    func property(named name: String, for entry: JSONValue) -> Property? {
        var parameters = fixed
        var value: String?
        for member in entry.members where member.key != "@type" && member.key != echo {
            let isImplied = implied.contains { $0.key == member.key && $0.value.sameValue(as: member.value) }
            if member.key == valueMember {
                value = fromValue(member.value)
            } else if value != nil && isImplied {
                continue
            } else if let rule = self.parameters.first(where: { $0.member == member.key }), let parameter = rule.toParameter(member.value) {
                parameters.append(
                    Parameter(name: rule.parameter, values: rule.isList ? parameter.split(separator: ",").map(String.init) : [parameter]))
            } else if !isImplied {
                return nil
            }
        }
        if let echo, let said = entry[echo], said.string == nil || said.string != value { return nil }
        return value.map { Property(name: name, parameters: parameters, value: $0) }
    }
}

extension MemberMapping {
    /// ATTENDEE and ORGANIZER as participants (RFC 8984 §4.4.6); the organizer is the one whose only
    /// role is `owner`. An attendee's address is its `sendTo` and its `calendarAddress` as well
    /// (draft-ietf-calext-jscalendar-icalendar-08 §2.3.4), the organizer's its `calendarAddress`
    /// alone (-08 §2.3.29: replies go to the object's `replyTo`, see `Organizer`).
    static let participants: MemberMapping = {
        let roles = ParameterMember.flags([
            ("REQ-PARTICIPANT", ["attendee"]), ("OPT-PARTICIPANT", ["attendee", "optional"]),
            ("NON-PARTICIPANT", ["informational"]), ("CHAIR", ["attendee", "chair"]),
        ])
        let common = [
            ParameterMember.text("CN", "name"), .text("EMAIL", "email"), .text("LANGUAGE", "language"),
            .keyword(
                "CUTYPE", "kind",
                [
                    ("INDIVIDUAL", .string("individual")), ("GROUP", .string("group")),
                    ("RESOURCE", .string("resource")), ("ROOM", .string("location")),
                ]),
            .keyword(
                "PARTSTAT", "participationStatus",
                ["NEEDS-ACTION", "ACCEPTED", "DECLINED", "TENTATIVE", "DELEGATED"]
                    .map { ($0, .string($0.lowercased())) }),
            .keyword("RSVP", "expectReply", [("TRUE", .bool(true)), ("FALSE", .bool(false))]),
            .keyword("ROLE", "roles", roles),
        ]
        let sendTo: @Sendable (String) -> JSONValue? = { value in
            .object([JSONMember(key: value.lowercased().hasPrefix("mailto:") ? "imip" : "other", value: .string(value))])
        }
        let address: @Sendable (JSONValue) -> String? = { json in json["imip"]?.string ?? json["other"]?.string }
        let attendee = EntryShape(
            type: "Participant", valueMember: "sendTo",
            implied: [JSONMember(key: "roles", value: .object([JSONMember(key: "attendee", value: .bool(true))]))],
            parameters: common, toValue: sendTo, fromValue: address, echo: "calendarAddress")
        let owner = JSONValue.object([JSONMember(key: "owner", value: .bool(true))])
        let organizer = EntryShape(
            type: "Participant", valueMember: "calendarAddress", implied: [JSONMember(key: "roles", value: owner)],
            parameters: common.filter { $0.parameter != "ROLE" })
        return MemberMapping(
            properties: ["ATTENDEE", "ORGANIZER"], member: "participants", isEntry: true,
            parameters: Set(common.map(\.parameter)),
            toJSON: { property in
                (property.name == "ORGANIZER" ? organizer : attendee).entry(for: property)
            },
            toProperty: { json in
                json["roles"].map { $0.sameValue(as: owner) } == true
                    ? organizer.property(named: "ORGANIZER", for: json) : attendee.property(named: "ATTENDEE", for: json)
            })
    }()

    static func entries(_ name: String, _ member: String, _ shape: EntryShape) -> MemberMapping {
        MemberMapping(
            properties: [name], member: member, isEntry: true,
            parameters: Set(shape.fixed.map(\.name) + shape.parameters.map(\.parameter)), toJSON: { shape.entry(for: $0) },
            toProperty: { shape.property(named: name, for: $0) })
    }

    /// LOCATION as a location with a name; GEO as one with coordinates, a geo: URI (RFC 5870), as
    /// draft-ietf-calext-jscalendar-icalendar-08's ical-prop-geo shows (a `+`, which a geo: URI
    /// cannot say, is dropped, see `geoWithoutPlus`).
    static let locations: MemberMapping = {
        let named = EntryShape(
            type: "Location", valueMember: "name", parameters: [],
            toValue: { .string(TextEscaping.unescape($0)) }, fromValue: { $0.string.map(TextEscaping.escape) })
        let placed = EntryShape(
            type: "Location", valueMember: "coordinates", parameters: [],
            toValue: { value in
                let parts = value.split(separator: ";", omittingEmptySubsequences: false)
                guard parts.count == 2, parts.allSatisfy(isGeoNumber) else { return nil }
                return .string("geo:\(parts[0]),\(parts[1])")
            },
            fromValue: { json in
                guard let uri = json.string, uri.hasPrefix("geo:") else { return nil }
                let parts = uri.dropFirst("geo:".count).split(separator: ",", omittingEmptySubsequences: false)
                return parts.count == 2 && parts.allSatisfy(isGeoNumber) ? "\(parts[0]);\(parts[1])" : nil
            })
        return MemberMapping(
            properties: ["LOCATION", "GEO"], member: "locations", isEntry: true,
            toJSON: { property in
                (property.name == "GEO" ? placed : named).entry(for: property)
            },
            toProperty: { json in
                json["coordinates"] == nil ? named.property(named: "LOCATION", for: json) : placed.property(named: "GEO", for: json)
            })
    }()

    /// A GEO whose latitude or longitude says `+` without it, as -08 §2.3.20 has the geo: URI
    /// ("A preceding plus sign (+) of the FLOAT value MUST be omitted"); nil for any other line.
    static func geoWithoutPlus(_ property: Property) -> Property? {
        let parts = property.value.split(separator: ";", omittingEmptySubsequences: false)
        guard property.name == "GEO", parts.count == 2, parts.contains(where: { $0.hasPrefix("+") }) else { return nil }
        var plain = property
        plain.value = parts.map { $0.hasPrefix("+") ? String($0.dropFirst()) : String($0) }.joined(separator: ";")
        return plain
    }

    /// A number both a GEO value and a geo: URI can say: an optional `-`, digits, optional decimals.
    private static func isGeoNumber(_ text: Substring) -> Bool {
        let unsigned = text.hasPrefix("-") ? text.dropFirst() : text
        let halves = unsigned.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        return halves.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    }

    /// CONFERENCE (RFC 7986 §5.11) as a virtual location: the URI, LABEL its name, FEATURE its
    /// features (RFC 8984 §4.2.6 registers the same seven).
    static let virtualLocations = entries(
        "CONFERENCE", "virtualLocations",
        EntryShape(
            type: "VirtualLocation", valueMember: "uri",
            fixed: [.value(.uri)],
            parameters: [
                .text("LABEL", "name"),
                .flagList("FEATURE", "features", ["audio", "chat", "feed", "moderator", "phone", "screen", "video"]),
            ]))

    /// ATTACH as a link (-08 §2.3.2 gives it no `rel`), inline data as a data: URL; LINK (see `linkLine`); STRUCTURED-DATA
    /// (see `StructuredData`); URL and IMAGE
    /// (RFC 7986) as links that name their property in `iCalProperty`, an image's relation `icon`
    /// and its DISPLAY its `display` (draft-ietf-calext-jscalendar-icalendar-08 §2.3.22, §2.3.38).
    static let links: MemberMapping = {
        let attach = EntryShape(type: "Link", valueMember: "href", parameters: [.text("FMTTYPE", "contentType")])
        let url = EntryShape(type: "Link", valueMember: "href", implied: [named("url")], parameters: [])
        let display = ["BADGE", "GRAPHIC", "FULLSIZE", "THUMBNAIL"].map { ($0, JSONValue.string($0.lowercased())) }
        let image = EntryShape(
            type: "Link", valueMember: "href", implied: [JSONMember(key: "rel", value: .string("icon")), named("image")],
            fixed: [.value(.uri)],
            parameters: [.keyword("DISPLAY", "display", display), .text("FMTTYPE", "contentType")])
        let shapes = ["ATTACH": attach, "URL": url, "IMAGE": image]
        // ENCODING and VALUE are said by an inline ATTACH's data: URL and IMAGE's fixed parameter; they
        // must not be split off as leftovers, which would make inline data an href.
        return MemberMapping(
            properties: ["ATTACH", "URL", "IMAGE", "LINK", StructuredData.name], member: "links", isEntry: true,
            parameters: ["FMTTYPE", "DISPLAY", "VALUE", "ENCODING", "LINKREL", "LABEL"],
            toJSON: { property in
                switch property.name {
                case "LINK": linkLine(property)
                case StructuredData.name: StructuredData.link(for: property)
                default: shapes[property.name]?.entry(for: InlineAttachment.byReference(property) ?? property)
                }
            },
            toProperty: { json in
                // -08 §3.2.3: a Link with a rel (or a title, which only LINK's LABEL says) is a LINK, one with neither an ATTACH.
                let name =
                    json["iCalProperty"]?["name"]?.string?.uppercased() ?? (json["rel"] != nil || json["title"] != nil ? "LINK" : "ATTACH")
                if name == "LINK" { return linkLine(for: json) }
                if name == StructuredData.name { return StructuredData.line(for: json) }
                return shapes[name]?.property(named: name, for: json).map { InlineAttachment.inline($0) ?? $0 }
            })
    }()

    /// RELATED-TO as a Relation keyed by the UID it names (RFC 8984 §4.1.3); RELTYPE, when it is one
    /// RFC 8984 registers, its `relation` (draft-ietf-calext-jscalendar-icalendar-08 §2.3.34). A line
    /// without RELTYPE is a Relation without `relation`, so that it comes back without one.
    static let relatedTo: MemberMapping = {
        let types = ParameterMember.flags(["PARENT", "CHILD", "FIRST", "NEXT"].map { ($0, [$0.lowercased()]) })
        let reltype = ParameterMember.keyword("RELTYPE", "relation", types)
        return MemberMapping(
            properties: ["RELATED-TO"], member: "relatedTo", isEntry: true, isKeyedByValue: true,
            parameters: ["RELTYPE"],
            toJSON: { property in
                var object = JSONObject(type: "Relation")
                guard property.value.isEmpty, property.parameters.count <= 1 else { return nil }
                if let parameter = property.parameters.first {
                    guard parameter.name == "RELTYPE", parameter.values.count == 1, let flags = reltype.toJSON(parameter.value) else {
                        return nil
                    }
                    object["relation"] = flags
                }
                return object.value
            },
            toProperty: { json in
                guard json.members.allSatisfy({ ["@type", "relation"].contains($0.key) }) else { return nil }
                guard let flags = json["relation"] else { return Property(name: "RELATED-TO", value: "") }
                return reltype.toParameter(flags).map { Property(name: "RELATED-TO", parameters: [Parameter("RELTYPE", $0)], value: "") }
            })
    }()

    /// The `iCalProperty` member of an entry made from a property that is not the map's usual one.
    private static func named(_ name: String) -> JSONMember {
        JSONMember(
            key: "iCalProperty",
            value: .object([
                JSONMember(key: "@type", value: .string("ICalProperty")),
                JSONMember(key: "name", value: .string(name)),
            ]))
    }
}

/// An inline ATTACH (`ENCODING=BASE64;VALUE=BINARY`, RFC 5545 §3.8.1.1) and the data: URL (RFC 2397)
/// its link's href is (draft-ietf-calext-jscalendar-icalendar-08's ical-prop-attach-binary). Only
/// the draft's parameter order converts, any FMTTYPE last, so that the line comes back as written.
enum InlineAttachment {
    private static let encoding = [Parameter("ENCODING", "BASE64"), .value(.binary)]

    /// The line as an ATTACH by reference to its data: URL, FMTTYPE kept; nil for any other line.
    static func byReference(_ property: Property) -> Property? {
        guard property.name == "ATTACH", property.parameters.starts(with: encoding) else { return nil }
        let type = Array(property.parameters.dropFirst(encoding.count))
        guard type.isEmpty || (type.count == 1 && type[0].name == "FMTTYPE" && type[0].values.count == 1),
            !(type.first?.value.contains { ";,".contains($0) } ?? false)
        else { return nil }
        return Property(name: "ATTACH", parameters: type, value: "data:\(type.first?.value ?? "");base64,\(property.value)")
    }

    /// The inline line for an ATTACH by reference to a data: URL whose type is its FMTTYPE.
    static func inline(_ property: Property) -> Property? {
        guard property.name == "ATTACH", property.value.hasPrefix("data:"),
            let comma = property.value.firstIndex(of: ","), property.value[..<comma].hasSuffix(";base64")
        else { return nil }
        let type = property.value.dropFirst("data:".count).prefix { $0 != ";" && $0 != "," }
        guard property.parameters == (type.isEmpty ? [] : [Parameter("FMTTYPE", String(type))]) else { return nil }
        return Property(
            name: "ATTACH", parameters: encoding + property.parameters, value: String(property.value[property.value.index(after: comma)...])
        )
    }
}
