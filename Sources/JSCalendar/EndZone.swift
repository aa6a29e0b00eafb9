import CalendarModel
import JSONReading
import TimeZones

/// A DTEND in another zone than its DTSTART (a flight from Berlin to Bangkok), as
/// draft-ietf-calext-jscalendar-icalendar-08 §2.3.14 converts it: the event's `duration` is the time
/// between the two instants, and a Location with `relativeTo: "end"`, the end's `timeZone` and an
/// `iCalProperty` named `dtend` says where it ends. The duration is exact hours, minutes and seconds
/// (RFC 8984 §1.4.6 counts only days nominally), and the line converts only when it comes back from
/// the two members exactly; the Location is the object's last, so the others keep their places.
enum EndZone {
    /// The duration and Location for a DTEND zoned otherwise than the start; nil when it is not one,
    /// or would not come back as written.
    static func members(
        for property: Property, start: LocalDateTime, form: DateForm,
        zones: TimeZoneResolver
    ) -> (duration: JSONValue, location: JSONValue)? {
        guard property.name == "DTEND", case .zoned(let startZone) = form, let read = DateForm.read(property),
            case .zoned(let endZone) = read.form, endZone != startZone,
            let from = zones.zone(for: startZone), let to = zones.zone(for: endZone)
        else { return nil }
        let seconds = to.utcSecond(forLocal: read.time) - from.utcSecond(forLocal: start)
        guard seconds >= 0 else { return nil }
        let duration = JSONValue.string(
            CalendarDuration(hours: seconds / 3600, minutes: seconds % 3600 / 60, seconds: seconds % 60).icalendarText)
        let object = JSONValue.object([
            JSONMember(key: "start", value: .string(start.isoFormat)), JSONMember(key: "duration", value: duration),
            JSONMember(key: "locations", value: .object([JSONMember(key: "1", value: location(endZone))])),
        ])
        return line(in: object, form: form, zones: zones) == property ? (duration, location(endZone)) : nil
    }

    /// The DTEND an object's last Location says with its duration, if it is such a Location.
    static func line(in object: JSONValue, form: DateForm, zones: TimeZoneResolver) -> Property? {
        guard case .zoned(let startZone) = form, let start = form.time(object["start"]),
            let last = object["locations"]?.members.last?.value, let endZone = last["timeZone"]?.string, endZone != startZone,
            isEndLocation(last, zone: endZone), let text = object["duration"]?.string,
            let duration = CalendarDuration(icalendar: text), !duration.isNegative, duration.weeks == 0, duration.days == 0,
            let from = zones.zone(for: startZone), let to = zones.zone(for: endZone)
        else { return nil }
        let end = to.local(atUTC: from.utcSecond(forLocal: start) + duration.totalSeconds)
        return DateValue.zoned(end, tzid: endZone).property(named: "DTEND")
    }

    /// The locations with the end's last, under the first id from its place on that no other has.
    static func appending(_ location: JSONValue, to locations: JSONValue?) -> JSONValue {
        var entries = locations?.members ?? []
        var place = entries.count + 1
        while entries.contains(where: { $0.key == String(place) }) { place += 1 }
        entries.append(JSONMember(key: String(place), value: location))
        return .object(entries)
    }

    /// The Location `location` makes, its `@type` optional (-08's figure leaves it out).
    private static func isEndLocation(_ json: JSONValue, zone: String) -> Bool {
        guard json["@type"] == nil || json["@type"]?.string == "Location" else { return false }
        let said = json.members.filter { $0.key != "@type" }
        return JSONValue.object(said).sameValue(as: .object(location(zone).members.filter { $0.key != "@type" }))
    }

    private static func location(_ zone: String) -> JSONValue {
        .object([
            JSONMember(key: "@type", value: .string("Location")), JSONMember(key: "timeZone", value: .string(zone)),
            JSONMember(key: "relativeTo", value: .string("end")),
            JSONMember(
                key: "iCalProperty",
                value: .object([
                    JSONMember(key: "@type", value: .string("ICalProperty")),
                    JSONMember(key: "name", value: .string("dtend")),
                ])),
        ])
    }
}
