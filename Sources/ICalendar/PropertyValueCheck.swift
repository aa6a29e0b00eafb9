import CalendarModel

/// The value checks libical 3.0.16 does not make (it reads `SEQUENCE:abc` as 0 and `20260230` as a
/// date): every date must exist, every number be a number, every rule and duration be well formed.
enum PropertyValueCheck {
    private static let dateLists: Set<String> = ["EXDATE", "RDATE"]
    private static let durations: Set<String> = ["DURATION", "REFRESH-INTERVAL"]
    private static let rules: Set<String> = ["RRULE", "EXRULE"]

    /// Property names whose values are not free text, so whitespace at their end is a mistake.
    static func isStructured(_ name: String) -> Bool {
        rules.contains(name) || durations.contains(name) || dateLists.contains(name) || name == "TRIGGER"
            || [.dateTime, .integer].contains(PropertyTable.byName[name]?.shape)
    }

    /// What is wrong with the property's value, or `nil` when it reads.
    static func problem(in property: Property) -> String? {
        let valueType = property[parameter: "VALUE"]?.uppercased()
        if rules.contains(property.name) {
            do { _ = try RecurrenceRule(parsing: property.value) } catch { return "\(property.name) is not a valid rule: \(error.description)" }
            return nil
        }
        if durations.contains(property.name) || (property.name == "TRIGGER" && valueType != "DATE-TIME") {
            return CalendarDuration(icalendar: property.value) == nil
                ? "\(property.name):\(property.value) is not a duration such as PT15M, -P1D or P1W" : nil
        }
        if dateLists.contains(property.name) {
            guard valueType != "PERIOD" else { return periodProblem(property) }
            let bad = property.value.split(separator: ",").first { DateValue(icalendar: String($0)) == nil }
            return bad.map { "\(property.name) value '\($0)' is not a date that exists (YYYYMMDD or YYYYMMDDThhmmss[Z])" }
        }
        guard let definition = PropertyTable.byName[property.name] else { return nil }
        switch definition.shape {
        case .dateTime:
            return DateValue(icalendar: property.value) == nil
                ? "\(property.name):\(property.value) is not a date that exists (YYYYMMDD or YYYYMMDDThhmmss[Z])" : nil
        case .integer:
            return Int(property.value) == nil ? "\(property.name):\(property.value) is not a whole number" : nil
        case .text, .textList, .verbatim, .calendarAddress:
            return nil
        }
    }

    private static func periodProblem(_ property: Property) -> String? {
        for period in property.value.split(separator: ",") {
            let ends = period.split(separator: "/", maxSplits: 1).map(String.init)
            guard ends.count == 2, DateValue(icalendar: ends[0]) != nil,
                  DateValue(icalendar: ends[1]) != nil || CalendarDuration(icalendar: ends[1]) != nil else {
                return "\(property.name) period '\(period)' is not START/END or START/DURATION"
            }
        }
        return nil
    }
}
