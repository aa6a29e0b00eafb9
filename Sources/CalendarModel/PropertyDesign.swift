/// Everything calbridge knows of one iCalendar property, in one entry of ``PropertyDesignTable``: its
/// value types and layout, where it may stand, how often, and what each part of calbridge does with it.
/// The parser's value checks, libical's judgement, the repair of floating times, xCal, jCal, the model's
/// JSON and `expand` all read these entries; none keeps a list of names of its own.
///
/// A class, so that looking an entry up (several times for every property written to xCal or jCal)
/// hands over one reference instead of copying its names, sets and lists.
package final class PropertyDesign: Sendable {
    /// How a property's value is laid out besides its type.
    package enum Layout: Sendable {
        case single
        /// Comma-separated values (CATEGORIES, EXDATE, FREEBUSY…).
        case list
        /// Semicolon-separated parts (GEO, REQUEST-STATUS).
        case structured
    }

    /// What `expand` reads the property for.
    package enum ExpansionRole: Sendable {
        /// When an occurrence happens and how long it lasts (DTSTART, DTEND, DURATION, DUE, RECURRENCE-ID).
        case time
        /// Which instances a series has (RRULE, RDATE, EXDATE, EXRULE).
        case rule
        /// What an occurrence says of itself (UID, SUMMARY, STATUS).
        case text
    }

    /// How often a component may hold it (RFC 5545 §3.6: "REQUIRED, MUST NOT occur more than once").
    package enum Cardinality: Sendable {
        /// Exactly once.
        case required
        case atMostOnce
        case anyNumber
    }

    /// The name in upper case.
    package let name: String
    /// The default value type.
    package let type: ValueType
    /// The other types a VALUE parameter may give it.
    package let otherTypes: [ValueType]
    package let layout: Layout
    /// The components the RFCs let hold it.
    package let components: Set<String>
    /// How often each of `components` may hold it.
    package let cardinality: [String: Cardinality]
    /// Whether some component may hold it more than once: the model's JSON gives it a list.
    package let isRepeatable: Bool
    /// A DATE-TIME that must be in UTC (RFC 5545 §3.8.7, RFC 7808, RFC 9074).
    package let isUTCOnly: Bool
    /// Its definition requires VALUE even for the default type (RFC 7986's REFRESH-INTERVAL, IMAGE,
    /// CONFERENCE), so xCal and jCal readers put it back.
    package let requiresValueParameter: Bool
    package let expansionRole: ExpansionRole?
    /// The field of the model's JSON that holds it typed, if any.
    package let modelField: ModelField?
    /// The values RFC 5545 allows it in each component, where it names them (STATUS, §3.8.1.11).
    package let allowedValues: [String: [String]]

    init(
        name: String, type: ValueType, otherTypes: [ValueType], layout: Layout, cardinality: [String: Cardinality],
        isUTCOnly: Bool, requiresValueParameter: Bool, expansionRole: ExpansionRole?, modelField: ModelField?,
        allowedValues: [String: [String]]
    ) {
        self.name = name
        self.type = type
        self.otherTypes = otherTypes
        self.layout = layout
        self.components = Set(cardinality.keys)
        self.cardinality = cardinality
        self.isRepeatable = cardinality.values.contains(.anyNumber)
        self.isUTCOnly = isUTCOnly
        self.requiresValueParameter = requiresValueParameter
        self.expansionRole = expansionRole
        self.modelField = modelField
        self.allowedValues = allowedValues
    }

    /// A floating DATE or DATE-TIME of it is a time of day that a calendar's zone can anchor
    /// (`validate --repair` gives Google's floating times their X-WR-TIMEZONE).
    package var isTimeAnchored: Bool {
        type == .dateTime && !isUTCOnly && (expansionRole == .time || expansionRole == .rule)
    }

    /// How a value of `type` is laid out. Parts belong to the property's own types (GEO's two floats,
    /// REQUEST-STATUS's code and texts): a VALUE naming another type makes the value one value of that
    /// type, its ';' kept as written. Split into parts, a GEO;VALUE=PERIOD of two parts would read back
    /// as a period's start and end (found by fuzzing the jCal round trip). A list stays a list of
    /// whatever type the values have.
    package func layout(for type: ValueType) -> Layout {
        layout == .structured && !allows(type: type) ? .single : layout
    }

    /// Whether `type` is one the property may have.
    package func allows(type other: ValueType) -> Bool {
        other == type || otherTypes.contains(other)
    }
}

/// How the model's JSON holds a property typed: its key and the shape of its value.
package struct ModelField: Sendable {
    package let key: String
    package let shape: ValueShape
}

/// How a property's value is shaped in the model's JSON.
package enum ValueShape: Sendable {
    /// TEXT: escaped in iCalendar, plain in JSON.
    case text
    /// Comma-separated TEXT (CATEGORIES, RESOURCES).
    case textList
    case integer
    /// DATE or DATE-TIME, with TZID and VALUE=DATE taken into the typed value.
    case dateTime
    /// A value written as is: URI, RECUR, DURATION, UTC-OFFSET and the like.
    case verbatim
    /// CAL-ADDRESS with all its parameters (ATTENDEE, ORGANIZER).
    case calendarAddress
}
