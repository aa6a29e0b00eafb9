import CalendarModel
import JSONReading

/// Parameters JSCalendar has no member for (`LANGUAGE` on a SUMMARY, Google's `X-NUM-GUESTS` on an
/// ATTENDEE) at the end of a line that otherwise converts: the member is made from the rest, and
/// the object's `convertedProperties` keeps them under the member's JSON pointer as an ICalProperty
/// with the line's name and those parameters (draft-ietf-calext-jscalendar-icalendar), so the
/// line comes back whole.
enum ParameterLeftovers {
    /// The line without the parameters it ends with that `known` does not list, and those parameters.
    static func split(_ property: Property, known: Set<String>) -> (converted: Property, leftover: [Parameter]) {
        var converted = property
        let kept = property.parameters.lastIndex { known.contains($0.name) }.map { $0 + 1 } ?? 0
        converted.parameters = Array(property.parameters[..<kept])
        return (converted, Array(property.parameters[kept...]))
    }

    /// The `convertedProperties` entry for a line's leftover parameters and, where the member says
    /// its value in another form than it was written (a GEO's `+`), the value as written, as
    /// calbridge's ICalProperty objects in `iCalComponent` keep values.
    static func record(name: String, _ leftover: [Parameter], value: String? = nil) -> JSONValue {
        var object = JSONObject(type: "ICalProperty")
        object["name"] = .string(name.lowercased())
        if !leftover.isEmpty { object["parameters"] = ICalendarSpecifics.parameters(leftover) }
        if let value { object["value"] = .string(value) }
        return object.value
    }

    /// The value a record keeps for a GEO line, when it is that line's value but for its `+`.
    static func value(in record: JSONValue?, for property: Property) -> String? {
        guard let written = record?["value"]?.string,
            MemberMapping.geoWithoutPlus(Property(name: property.name, value: written))?.value == property.value
        else { return nil }
        return written
    }

    /// The parameters a `convertedProperties` entry gives back to its line.
    static func parameters(in record: JSONValue?) -> [Parameter] {
        (try? ICalendarSpecifics.parameters(from: record?["parameters"], path: "")) ?? []
    }

    /// A JSON pointer step (RFC 6901): `~` and `/` escaped.
    static func step(_ key: String) -> String {
        key.replacing("~", with: "~0").replacing("/", with: "~1")
    }
}
