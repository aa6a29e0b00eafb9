import CalendarModel
import JSONReading
import TimeZones

/// The `participants` of an event or task as iCalendar: an entry that is an attendee or the
/// organizer is its ATTENDEE or ORGANIZER line (see `MemberMapping.participants`), one merged from
/// several the lines and PARTICIPANT it was merged from (see `ParticipantMerging`), any other a
/// PARTICIPANT or VRESOURCE component (see `ParticipantComponents`). Lines are read before
/// components, so an entry's place, which a JSID parameter or property says where it is not the
/// entry's id, counts the lines first and then the components.
enum ParticipantLines {
    /// The lines and components, or nil when an entry is neither (the member is then carried whole).
    static func written(_ participants: JSONValue, converted: JSONValue?, zones: TimeZoneResolver) -> (
        lines: [Property], components: [Component]
    )? {
        var lines: [Property] = [], merged: [Component] = []
        var lineEntries = 0
        var components: [(key: String, component: Component)] = []
        for entry in participants.members {
            let leftovers = ParameterLeftovers.parameters(in: converted?["participants/" + ParameterLeftovers.step(entry.key)])
            if var line = MemberMapping.participants.property(exactlyFor: entry.value) {
                line.parameters += leftovers
                lineEntries += 1
                if entry.key != String(lineEntries) { line.parameters.append(Parameter("JSID", entry.key)) }
                lines.append(line)
            } else if let parts = written(merged: entry, converted: converted, zones: zones) {
                lineEntries += 1
                var said = parts.lines.map { line in
                    line.name == "ATTENDEE" ? Property(name: line.name, parameters: line.parameters + leftovers, value: line.value) : line
                }
                // The first line names the entry; the merge keeps the first line's key.
                if entry.key != String(lineEntries) { said[0].parameters.append(Parameter("JSID", entry.key)) }
                lines += said
                merged += parts.component.map { [$0] } ?? []
            } else if let component = ParticipantComponents.component(for: entry.value, zones: zones),
                ParticipantComponents.entry(for: component, zones: zones)?.json.sameValue(as: entry.value) == true
            {
                components.append((entry.key, component))
            } else {
                return nil
            }
        }
        guard !lines.isEmpty || !components.isEmpty else { return nil }
        let placed = components.enumerated().map { index, item in
            var component = item.component
            if item.key != String(lineEntries + index + 1) { component.properties.append(Property(name: "JSID", value: item.key)) }
            return component
        }
        return (lines, merged + placed)
    }

    /// The ORGANIZER, ATTENDEE and PARTICIPANT an entry merged from them is (see `ParticipantMerging`).
    private static func written(merged entry: JSONMember, converted: JSONValue?, zones: TimeZoneResolver) -> (
        lines: [Property], component: Component?
    )? {
        guard let parts = ParticipantMerging.split(entry.value, converted: converted) else { return nil }
        var lines = parts.organizer.map { [$0] } ?? []
        if let attendee = parts.attendee {
            guard let line = MemberMapping.participants.property(exactlyFor: attendee), line.name == "ATTENDEE" else { return nil }
            lines.append(line)
        }
        guard !lines.isEmpty else { return nil }
        guard let participant = parts.participant else { return (lines, nil) }
        guard let component = ParticipantComponents.component(for: participant, zones: zones),
            ParticipantComponents.entry(for: component, zones: zones)?.json.sameValue(as: participant) == true
        else { return nil }
        return (lines, component)
    }
}
