import CalendarModel
import JSONReading
import TimeZones

/// The `participants` of an event or task as iCalendar: an entry that is an attendee or the
/// organizer is its ATTENDEE or ORGANIZER line (see `MemberMapping.participants`), any other a
/// PARTICIPANT or VRESOURCE component (see `ParticipantComponents`). Lines are read before
/// components, so an entry's place, which a JSID parameter or property says where it is not the
/// entry's id, counts the lines first and then the components.
enum ParticipantLines {
    /// The lines and components, or nil when an entry is neither (the member is then carried whole).
    static func written(_ participants: JSONValue, converted: JSONValue?, zones: TimeZoneResolver) -> (lines: [Property], components: [Component])? {
        var lines: [Property] = []
        var components: [(key: String, component: Component)] = []
        for entry in participants.members {
            if var line = MemberMapping.participants.property(exactlyFor: entry.value) {
                line.parameters += ParameterLeftovers.parameters(in: converted?["participants/" + ParameterLeftovers.step(entry.key)])
                if entry.key != String(lines.count + 1) { line.parameters.append(Parameter("JSID", entry.key)) }
                lines.append(line)
            } else if let component = ParticipantComponents.component(for: entry.value, zones: zones),
                      ParticipantComponents.entry(for: component, zones: zones)?.json.sameValue(as: entry.value) == true {
                components.append((entry.key, component))
            } else {
                return nil
            }
        }
        guard !lines.isEmpty || !components.isEmpty else { return nil }
        let placed = components.enumerated().map { index, item in
            var component = item.component
            if item.key != String(lines.count + index + 1) { component.properties.append(Property(name: "JSID", value: item.key)) }
            return component
        }
        return (lines, placed)
    }
}
