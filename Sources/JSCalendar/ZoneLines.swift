import CalendarModel
import JSONReading
import TimeZones

/// The lines of a VTIMEZONE and of its DAYLIGHT and STANDARD rules as the members of a TimeZone and
/// a TimeZoneRule (RFC 8984 §4.7.2; draft-ietf-calext-jscalendar-icalendar-08 §2.2.6 and the TZID,
/// TZID-ALIAS-OF, TZNAME, TZOFFSETFROM, TZOFFSETTO, TZUNTIL, TZURL, COMMENT, DTSTART, RDATE and
/// RRULE sections). Each rule adds a line to its member exactly or not at all; a line that does not
/// convert, and every later line of its name, rides in the object's `iCalComponent`.
struct ZoneLines {
    let line: String
    let member: String
    /// The member with the line added; nil when the line does not convert exactly.
    let add: @Sendable (Property, JSONValue?) -> JSONValue?
    /// The lines the member says; nil when it cannot say them.
    let lines: @Sendable (JSONValue) -> [Property]?

    static let zone: [ZoneLines] = [
        single(.text("TZID", "tzId")), single(.utcDateTime("LAST-MODIFIED", "updated")), single(raw("TZURL", "url")),
        single(.utcDateTime("TZUNTIL", "validUntil")), keys("TZID-ALIAS-OF", "aliases"),
    ]

    static let rule: [ZoneLines] = [
        single(raw("TZOFFSETFROM", "offsetFrom")), single(raw("TZOFFSETTO", "offsetTo")), start, keys("TZNAME", "names"),
        comments, recurrenceRules, recurrenceOverrides,
    ]

    /// The object a component's lines make, what does not convert in its `iCalComponent`.
    static func object(for component: Component, type: String, rules: [ZoneLines]) -> JSONObject {
        var object = JSONObject(type: type)
        var carried: [Property] = []
        for property in component.properties {
            if !carried.contains(where: { $0.name == property.name }), let rule = rules.first(where: { $0.line == property.name }),
                let value = rule.add(property, object[rule.member])
            {
                object[rule.member] = value
            } else {
                carried.append(property)
            }
        }
        if !carried.isEmpty { object["iCalComponent"] = ICalendarSpecifics.component(Component(name: component.name, properties: carried)) }
        return object
    }

    /// The component an object's members say, its iCalComponent's lines and subcomponents after
    /// them; nil when a member is none of `rules`' or cannot say its lines.
    static func component(for object: JSONValue, name: String, rules: [ZoneLines]) throws(JSCalendarProblem) -> Component? {
        var component = Component(name: name)
        for member in object.members where !["@type", "daylight", "standard"].contains(member.key) {
            if member.key == "iCalComponent" {
                let carried = try ICalendarSpecifics.component(from: member.value, path: "$.timeZones", implied: name)
                component.properties += carried.properties
                component.components += carried.components
                continue
            }
            guard let rule = rules.first(where: { $0.member == member.key }), let lines = rule.lines(member.value) else { return nil }
            component.properties += lines
        }
        return component
    }

    /// The elements of an array member; none for another value or none.
    static func items(_ value: JSONValue?) -> [JSONValue] {
        if case .array(let items)? = value { return items }
        return []
    }

    /// A member one line says, once.
    private static func single(_ mapping: MemberMapping) -> ZoneLines {
        ZoneLines(
            line: mapping.properties[0], member: mapping.member,
            add: { property, value in value == nil ? mapping.json(exactlyFor: property) : nil },
            lines: { json in mapping.property(exactlyFor: json).map { [$0] } })
    }

    /// A value without parameters, as written (a UTC offset, a URI).
    private static func raw(_ name: String, _ member: String) -> MemberMapping {
        MemberMapping(
            properties: [name], member: member, toJSON: { $0.parameters.isEmpty ? .string($0.value) : nil },
            toProperty: { json in json.string.map { Property(name: name, value: $0) } })
    }

    /// A set each line adds one text key to (`aliases`, `names`).
    private static func keys(_ name: String, _ member: String) -> ZoneLines {
        ZoneLines(
            line: name, member: member,
            add: { property, value in
                let key = property.text
                guard property.parameters.isEmpty, !key.isEmpty, TextEscaping.escape(key) == property.value, value?[key] == nil else {
                    return nil
                }
                return .object((value?.members ?? []) + [JSONMember(key: key, value: .bool(true))])
            },
            lines: { json in
                guard case .object(let members) = json, members.allSatisfy({ !$0.key.isEmpty && $0.value == .bool(true) }) else {
                    return nil
                }
                return members.map { Property(name: name, value: TextEscaping.escape($0.key)) }
            })
    }

    private static let comments = ZoneLines(
        line: "COMMENT", member: "comments",
        add: { property, value in
            guard property.parameters.isEmpty, TextEscaping.escape(property.text) == property.value else { return nil }
            let said = ZoneLines.items(value)
            return .array(said + [.string(property.text)])
        },
        lines: { json in
            guard case .array(let items) = json else { return nil }
            let texts = items.compactMap(\.string)
            return texts.count == items.count ? texts.map { Property(name: "COMMENT", value: TextEscaping.escape($0)) } : nil
        })

    /// A rule's DTSTART, a floating time (RFC 5545 §3.6.5).
    private static let start = ZoneLines(
        line: "DTSTART", member: "start",
        add: { property, value in
            guard value == nil, let read = DateForm.read(property), read.form == .floating else { return nil }
            return .string(read.time.isoFormat)
        },
        lines: { json in DateForm.floating.time(json).map { [DateForm.floating.property(named: "DTSTART", at: $0)] } })

    private static let recurrenceRules = ZoneLines(
        line: "RRULE", member: "recurrenceRules",
        add: { property, value in
            let zones = TimeZoneResolver(definitions: [:])
            guard let rule = RuleMapping.rule(for: property, form: .floating, zones: zones),
                RuleMapping.text(of: rule, form: .floating, zones: zones).map({ Property(name: "RRULE", value: $0) }) == property
            else { return nil }
            let said = ZoneLines.items(value)
            return .array(said + [rule])
        },
        lines: { json in
            guard case .array(let rules) = json else { return nil }
            let texts = rules.compactMap { RuleMapping.text(of: $0, form: .floating, zones: TimeZoneResolver(definitions: [:])) }
            return texts.count == rules.count ? texts.map { Property(name: "RRULE", value: $0) } : nil
        })

    /// An RDATE of one floating time, an empty patch keyed by it (-08's RDATE section).
    private static let recurrenceOverrides = ZoneLines(
        line: "RDATE", member: "recurrenceOverrides",
        add: { property, value in
            guard let read = DateForm.read(property), read.form == .floating, value?[read.time.isoFormat] == nil else { return nil }
            return .object((value?.members ?? []) + [JSONMember(key: read.time.isoFormat, value: .object([]))])
        },
        lines: { json in
            guard case .object(let overrides) = json else { return nil }
            let times = overrides.compactMap { $0.value.members.isEmpty ? DateForm.floating.time(.string($0.key)) : nil }
            return times.count == overrides.count ? times.map { DateForm.floating.property(named: "RDATE", at: $0) } : nil
        })
}
