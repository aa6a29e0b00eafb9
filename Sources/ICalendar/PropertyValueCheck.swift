import CalendarModel

/// The value checks libical 3.0.16 does not make (it reads `SEQUENCE:abc` as 0 and `20260230` as a
/// date): every date must exist, every number be a number, every rule and duration be well formed.
enum PropertyValueCheck {
    /// What a property's value must be, by name: one table, so a property costs one lookup.
    enum Kind {
        case rule, duration, trigger, dateList, dateTime, integer
        /// GEO's latitude and longitude.
        case coordinates
        /// `+hhmm` or `-hhmmss` (TZOFFSETFROM, TZOFFSETTO).
        case utcOffset
    }

    /// What is done with a value that does not read: it is kept as written (and travels through
    /// xCal and jCal as unknown text); what uses it (expand) does without it.
    static let repair = "keeps the value as written"

    /// The kind of each property of the design table that has a value to check, by name.
    static let kindsByName: [String: Kind] = Dictionary(
        uniqueKeysWithValues: PropertyDesignTable.entries.compactMap { design in
            kind(of: design).map { (design.name, $0) }
        })

    /// What a property's value is checked as, from its type in the design table.
    private static func kind(of design: PropertyDesign) -> Kind? {
        switch design.type {
        case .recur: return .rule
        case .duration: return design.allows(type: .dateTime) ? .trigger : .duration
        case .dateTime: return design.layout == .list ? .dateList : .dateTime
        case .integer: return .integer
        case .utcOffset: return .utcOffset
        case .float: return design.layout == .structured ? .coordinates : nil
        case .binary, .boolean, .calendarAddress, .date, .period, .text, .time, .uri, .uid, .xmlReference, .unknown, .other: return nil
        }
    }

    /// The kind of value a property name takes, `nil` for free text and names calbridge does not know.
    static func kind(of name: String) -> Kind? {
        kindsByName[name]
    }

    /// Property names whose values are not free text, so whitespace at their end is a mistake.
    static func isStructured(_ name: String) -> Bool {
        kind(of: name) != nil
    }

    /// What is wrong with the property's value, or `nil` when it reads.
    static func problem(in property: Property) -> String? {
        kind(of: property.name).flatMap { problem(in: property, kind: $0) }
    }

    /// `problem(in:)` for a property whose kind the caller has looked up already.
    static func problem(in property: Property, kind: Kind) -> String? {
        switch kind {
        case .rule:
            // Read as expand reads it, so each message says what expand does about it.
            let problems = RecurrenceRuleReading(property.value).problems
            return problems.isEmpty ? nil : "\(property.name): " + problems.map(\.description).joined(separator: ". ")
        case .trigger where property[parameter: "VALUE"].map(ValueType.init(name:)) == .dateTime:
            // An absolute trigger is libical's to judge, as it always was.
            return nil
        case .duration, .trigger:
            guard CalendarDuration(icalendar: property.value) == nil else { return nil }
            if let meant = CalendarDuration(reading: property.value) {
                return "\(property.name):\(property.value) is not written as RFC 5545 says; it is read as \(meant.icalendarText)"
            }
            return "\(property.name):\(property.value) is not a duration such as PT15M, -P1D or P1W"
        case .dateList:
            guard property[parameter: "VALUE"].map(ValueType.init(name:)) != .period else { return periodProblem(property) }
            let bad = property.value.split(separator: ",").first { DateValue(icalendar: String($0)) == nil }
            return bad.map { "\(property.name) value '\($0)' is not a date that exists (YYYYMMDD or YYYYMMDDThhmmss[Z])" }
        case .dateTime:
            return dateTimeProblem(property)
        case .integer:
            return Int(property.value) == nil ? "\(property.name):\(property.value) is not a whole number" : nil
        case .utcOffset:
            return isUTCOffset(property.value)
                ? nil
                : "\(property.name):\(property.value) is not a UTC offset such as +0100 or -053000 (RFC 5545 §3.3.14: hours up to 23, no -0000)"
        case .coordinates:
            let parts = property.value.split(separator: ";", omittingEmptySubsequences: false)
            return parts.count == 2 && parts.allSatisfy({ Double($0) != nil })
                ? nil
                : "\(property.name):\(property.value) is not a latitude and a longitude (two numbers separated by ';')"
        }
    }

    private static func isUTCOffset(_ value: String) -> Bool {
        let bytes = Array(value.utf8)
        guard bytes.count == 5 || bytes.count == 7, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"),
            bytes.dropFirst().allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return false }
        let numbers: [Int] = stride(from: 1, to: bytes.count, by: 2).map { (i: Int) -> Int in
            let tens = Int(bytes[i]) - 48, ones = Int(bytes[i + 1]) - 48
            return tens * 10 + ones
        }
        let inRange = numbers[0] <= 23 && numbers.dropFirst().allSatisfy { $0 <= 59 }
        return inRange && !(bytes[0] == UInt8(ascii: "-") && numbers.allSatisfy { $0 == 0 })
    }

    private static func dateTimeProblem(_ property: Property) -> String? {
        DateValue(icalendar: property.value) == nil
            ? "\(property.name):\(property.value) is not a date that exists (YYYYMMDD or YYYYMMDDThhmmss[Z])" : nil
    }

    private static func periodProblem(_ property: Property) -> String? {
        for period in property.value.split(separator: ",") {
            let ends = period.split(separator: "/", maxSplits: 1).map(String.init)
            guard ends.count == 2, DateValue(icalendar: ends[0]) != nil,
                DateValue(icalendar: ends[1]) != nil || CalendarDuration(icalendar: ends[1]) != nil
            else {
                return "\(property.name) period '\(period)' is not START/END or START/DURATION"
            }
        }
        return nil
    }
}
