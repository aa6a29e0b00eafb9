import CalendarModel
import JSONReading

/// RDATE and EXDATE as recurrence overrides (draft-ietf-calext-jscalendar-icalendar): each date is a
/// key, an added one with an empty patch, an excluded one with `excluded`. A line of several dates
/// is kept whole in `convertedProperties` under its first key's pointer, so it comes back one line.
enum OccurrenceLines {
    static let excluded = JSONValue.object([JSONMember(key: "excluded", value: .bool(true))])

    /// The patch a date of the line makes.
    static func patch(for name: String) -> JSONValue {
        name == "RDATE" ? .object([]) : excluded
    }

    /// The override keys of a line whose every date is in the start's form, else nil.
    static func keys(of line: Property, form: DateForm) -> [String]? {
        var keys: [String] = []
        for value in line.value.split(separator: ",", omittingEmptySubsequences: false) {
            guard let read = DateForm.read(Property(name: line.name, parameters: line.parameters, value: String(value))),
                read.form == form
            else { return nil }
            keys.append(read.time.isoFormat)
        }
        return Set(keys).count == keys.count ? keys : nil
    }

    static func pointer(_ key: String) -> String {
        "recurrenceOverrides/" + ParameterLeftovers.step(key)
    }

    /// The lines of several dates an object's `convertedProperties` keeps, by their first key, when
    /// every date of each is still an override of the line's kind.
    static func kept(in converted: JSONValue?, overrides: JSONValue, form: DateForm) -> [String: (line: Property, keys: [String])] {
        var lines: [String: (line: Property, keys: [String])] = [:]
        for entry in overrides.members {
            guard let record = converted?[pointer(entry.key)], let line = try? ICalendarSpecifics.property(from: record, path: "$"),
                ["RDATE", "EXDATE"].contains(line.name), let keys = keys(of: line, form: form), keys.first == entry.key,
                keys.allSatisfy({ overrides[$0]?.sameValue(as: patch(for: line.name)) == true })
            else { continue }
            lines[entry.key] = (line, keys)
        }
        return lines
    }
}
