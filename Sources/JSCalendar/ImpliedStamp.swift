import CalendarModel
import JSONReading

/// RFC 8984 has no DTSTAMP, and RFC 5545 requires one of every event and task. An event or task read
/// from JSCalendar is given the DTSTAMP calbridge's iCalendar reader gives one that has none (its
/// LAST-MODIFIED, else its CREATED, else the earliest time); converting to JSCalendar leaves exactly
/// that DTSTAMP unsaid and carries any other, so the round trip keeps every DTSTAMP as it was.
enum ImpliedStamp {
    static func property(for component: Component) -> Property {
        let source = [component["LAST-MODIFIED"], component["CREATED"]].compactMap { $0 }.first {
            if case .utc? = DateValue(icalendar: $0.value), $0.parameters.isEmpty { return true }
            return false
        }
        return Property(name: "DTSTAMP", value: source?.value ?? "19700101T000000Z")
    }

    /// The `updated` an event's or task's one DTSTAMP says where it has no LAST-MODIFIED
    /// (draft-ietf-calext-jscalendar-icalendar-08 §2.3.15, which gives DTSTAMP precedence and lets the
    /// LAST-MODIFIED travel otherwise: calbridge keeps LAST-MODIFIED `updated` where there is one, so
    /// that both lines come back). `record` marks it in `convertedProperties`, to come back a DTSTAMP.
    static func updated(for property: Property, in component: Component) -> JSONValue? {
        guard property.name == "DTSTAMP", component.isEntry, !component.has("LAST-MODIFIED"), component.all("DTSTAMP").count == 1
        else { return nil }
        return stamp.json(exactlyFor: property)
    }

    static let record = JSONMember(
        key: "updated",
        value: .object([
            JSONMember(key: "@type", value: .string("ICalProperty")),
            JSONMember(key: "name", value: .string("dtstamp")),
        ]))

    /// The DTSTAMP an `updated` marked by `record` comes back as.
    static func line(for updated: JSONValue, converted: JSONValue?) -> Property? {
        guard converted?["updated"]?["name"]?.string == "dtstamp" else { return nil }
        return stamp.property(exactlyFor: updated)
    }

    private static let stamp = MemberMapping.utcDateTime("DTSTAMP", "updated")
}
