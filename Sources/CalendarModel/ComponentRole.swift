/// What a calendar's top-level component is to a reader that expands it: a zone definition, a
/// series with occurrences, or something carried as written. Readers and `expand` ask here rather
/// than each deciding by name.
package enum ComponentRole: Sendable, Equatable {
    /// A VTIMEZONE: it defines a TZID for the zone rules.
    case zoneDefinition
    /// An event or to-do: its series is expanded into occurrences.
    case series
    /// Anything else (a journal, a free/busy, an X- component): carried as it is.
    case carried
}

extension Component {
    /// What this component is to an expansion, by its name.
    package var role: ComponentRole {
        switch name {
        case "VTIMEZONE": .zoneDefinition
        case "VEVENT", "VTODO": .series
        default: .carried
        }
    }
}
