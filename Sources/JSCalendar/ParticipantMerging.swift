import CalendarModel
import JSONReading
import TimeZones

/// One person, one Participant: the ORGANIZER, an ATTENDEE and a PARTICIPANT component of the same
/// calendar address are one entry of `participants` (draft-ietf-calext-jscalendar-icalendar-08
/// §2.3.4, §2.3.29), its roles the union of theirs. The organizer gives it the `owner` role, its
/// line's parameters travel in `convertedProperties` under `replyTo` as -08 §2.3.29 says; an
/// attendee gives it what its line says; the component the rest. Entries are merged only when the
/// merged participants give back the very lines and components they were made from.
enum ParticipantMerging {
    /// The members an ATTENDEE line says (see `MemberMapping.participants`).
    private static let lineMembers: Set<String> = [
        "@type", "sendTo", "calendarAddress", "name", "email", "language", "kind",
        "participationStatus", "expectReply", "roles",
    ]
    /// The roles an ATTENDEE's ROLE says, the likeliest first.
    private static let attendeeRoles: [Set<String>] = [["attendee", "chair"], ["attendee", "optional"], ["informational"], ["attendee"]]

    /// An entry as merged: its key and place before, and the keys of the lines merged into it.
    private struct Kept {
        var key: String
        var index: Int
        var value: JSONValue
        var organizerKey: String?
        var attendeeKey: String?
    }

    /// The object with the entries of one address merged, or as it was when that would lose anything.
    static func merged(_ object: JSONValue, from component: Component, zones: TimeZoneResolver) -> JSONValue {
        let entries = object["participants"]?.members ?? []
        guard component.isEntry, entries.count > 1 else { return object }
        var converted = object["iCalComponent"]?["convertedProperties"]?.members ?? []
        var kept: [Kept] = []
        var taken: Set<Int> = []
        // The places of each address, so that a long list of attendees is not compared pairwise.
        let places = Dictionary(grouping: entries.indices) { entries[$0].value["calendarAddress"]?.string?.lowercased() ?? "" }
        for (index, entry) in entries.enumerated() where !taken.contains(index) {
            var one = Kept(key: entry.key, index: index, value: entry.value)
            let address = entry.value["calendarAddress"]?.string?.lowercased()
            let group = [index] + (address.flatMap { places[$0] } ?? []).filter { $0 > index && !taken.contains($0) }
            if group.count > 1, let parts = parts(of: group.map { entries[$0] }, zones: zones),
                let value = merge(organizer: parts.organizer?.value, attendee: parts.attendee?.value, participant: parts.participant)
            {
                if let organizer = parts.organizer {
                    let lines = component.all("ORGANIZER").filter { $0.value == organizer.value["calendarAddress"]?.string }
                    // One ORGANIZER line of the address and one record under replyTo, else nothing is merged.
                    guard lines.count == 1, !converted.contains(where: { $0.key == "replyTo" }) else { return object }
                    // A JSID the line ends with names the entry, not the organizer.
                    var parameters = lines[0].parameters
                    if parameters.last?.name == "JSID" { parameters.removeLast() }
                    if !parameters.isEmpty {
                        converted.append(JSONMember(key: "replyTo", value: ParameterLeftovers.record(name: "ORGANIZER", parameters)))
                    }
                }
                (one.value, one.organizerKey, one.attendeeKey) = (value, parts.organizer?.key, parts.attendee?.key)
                taken.formUnion(group)
            }
            kept.append(one)
        }
        guard !taken.isEmpty, let result = renumbered(object, kept, converted: converted, of: component),
            let written = ParticipantLines.written(
                result["participants"] ?? .null, converted: result["iCalComponent"]?["convertedProperties"],
                zones: zones)
        else { return object }
        let before = Component(
            name: component.name, properties: component.properties.filter { ["ATTENDEE", "ORGANIZER"].contains($0.name) },
            components: component.components.filter { ParticipantComponents.names.contains($0.name) })
        let after = Component(name: component.name, properties: written.lines, components: written.components)
        return before.losslessForm == after.losslessForm ? result : object
    }

    /// The object with the kept entries, those keyed by their place keyed by their new place, and the
    /// records of leftover parameters following their lines: the merged attendee's to its entry, the
    /// organizer's dropped (its parameters are under `replyTo`); nil when two entries would share a key.
    private static func renumbered(_ object: JSONValue, _ kept: [Kept], converted: [JSONMember], of component: Component) -> JSONValue? {
        var participants: [JSONMember] = []
        var records: [String: String?] = [:]
        for (place, entry) in kept.enumerated() {
            let key = entry.key == String(entry.index + 1) ? String(place + 1) : entry.key
            participants.append(JSONMember(key: key, value: entry.value))
            records[entry.key] = .some(key)
            if let organizer = entry.organizerKey { records[organizer] = .some(nil) }
            if let attendee = entry.attendeeKey { records[attendee] = .some(key) }
        }
        guard Set(participants.map(\.key)).count == participants.count else { return nil }
        let moved = converted.compactMap { record -> JSONMember? in
            guard let old = records.first(where: { "participants/" + ParameterLeftovers.step($0.key) == record.key }) else { return record }
            return old.value.map { JSONMember(key: "participants/" + ParameterLeftovers.step($0), value: record.value) }
        }
        let result = object.setting("participants", .object(participants))
        guard var specifics = object["iCalComponent"] else {
            if moved.isEmpty { return result }
            let made = JSONObject(type: "ICalComponent").value.setting("name", .string(component.name.lowercased()))
            return result.setting("iCalComponent", made.setting("convertedProperties", .object(moved)))
        }
        specifics = moved.isEmpty ? specifics.removing("convertedProperties") : specifics.setting("convertedProperties", .object(moved))
        return result.setting("iCalComponent", specifics)
    }

    /// Which of a group is the organizer, the attendee and the component; nil unless each is one.
    private static func parts(of group: [JSONMember], zones: TimeZoneResolver)
        -> (organizer: JSONMember?, attendee: JSONMember?, participant: JSONValue?)?
    {
        var organizer: JSONMember?, attendee: JSONMember?, participant: JSONValue?
        for entry in group {
            switch MemberMapping.participants.property(exactlyFor: entry.value)?.name {
            case "ORGANIZER" where organizer == nil: organizer = entry
            case "ATTENDEE" where attendee == nil: attendee = entry
            case nil where participant == nil && ParticipantComponents.component(for: entry.value, zones: zones)?.name == "PARTICIPANT":
                participant = entry.value
            default: return nil
            }
        }
        return (organizer, attendee, participant)
    }

    /// The entry the parts make: the attendee's (else the component's) members, the component's
    /// added, the roles of all; nil where two say the same member, which could not be told apart.
    static func merge(organizer: JSONValue?, attendee: JSONValue?, participant: JSONValue?) -> JSONValue? {
        guard [organizer, attendee, participant].compactMap({ $0 }).count > 1, let base = attendee ?? participant,
            let address = base["calendarAddress"]?.string
        else { return nil }
        var result = JSONObject(base.members)
        var roles = base["roles"]?.members ?? []
        if let organizer {
            guard organizer["calendarAddress"]?.string == address else { return nil }
            roles.append(JSONMember(key: "owner", value: .bool(true)))
        }
        if attendee != nil, let participant {
            guard participant["calendarAddress"]?.string == address else { return nil }
            for member in participant.members where !["@type", "calendarAddress"].contains(member.key) {
                if member.key == "roles" {
                    roles += member.value.members
                } else if result[member.key] == nil {
                    result[member.key] = member.value
                } else {
                    return nil
                }
            }
        }
        guard Set(roles.map(\.key)).count == roles.count, roles.allSatisfy({ $0.value == .bool(true) }) else { return nil }
        result["roles"] = .object(roles)
        return result.value
    }

    /// The ORGANIZER line, ATTENDEE entry and PARTICIPANT entry a merged entry is made of (see
    /// `merge`); nil for an entry no merge makes.
    static func split(_ entry: JSONValue, converted: JSONValue?) -> (organizer: Property?, attendee: JSONValue?, participant: JSONValue?)? {
        guard let address = entry["calendarAddress"]?.string else { return nil }
        let roles = entry["roles"]?.members ?? []
        let owner = roles.contains { $0.key == "owner" && $0.value == .bool(true) }
        let rest = roles.filter { $0.key != "owner" }
        var attendee: JSONValue?
        var participant = JSONObject(entry.members)
        participant["roles"] = rest.isEmpty ? nil : .object(rest)
        if entry["sendTo"] != nil {
            guard let chosen = attendeeRoles.first(where: { $0.isSubset(of: Set(rest.map(\.key))) }) else { return nil }
            attendee = .object(
                entry.members.filter { lineMembers.contains($0.key) }.map { member in
                    member.key == "roles" ? JSONMember(key: "roles", value: .object(rest.filter { chosen.contains($0.key) })) : member
                })
            let others = rest.filter { !chosen.contains($0.key) }
            participant = JSONObject(type: "Participant")
            participant["calendarAddress"] = .string(address)
            if !others.isEmpty { participant["roles"] = .object(others) }
            for member in entry.members where !lineMembers.contains(member.key) { participant[member.key] = member.value }
        }
        let component = participant.members.count > 2 ? participant.value : nil
        let organizer =
            owner ? Property(name: "ORGANIZER", parameters: ParameterLeftovers.parameters(in: converted?["replyTo"]), value: address) : nil
        let stub = JSONValue.object([
            JSONMember(key: "@type", value: .string("Participant")), JSONMember(key: "calendarAddress", value: .string(address)),
            JSONMember(key: "roles", value: .object([JSONMember(key: "owner", value: .bool(true))])),
        ])
        guard merge(organizer: owner ? stub : nil, attendee: attendee, participant: component)?.sameValue(as: entry) == true else {
            return nil
        }
        return (organizer, attendee, component)
    }
}
