import CalendarModel

/// The content lines libical 3.0.16 reads without a value error, known from running its parser over
/// each form (LibicalAcceptanceTests holds every kind of line vouched for against libical itself).
/// The libical check hands libical only the lines this cannot vouch for, instead of every component
/// whole: in files real exporters write that is a handful of lines, and libical stays the judge of those.
enum LibicalAcceptance {
    typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>

    /// How libical reads a property's value, by name.
    enum Form {
        /// Any text: TEXT, CAL-ADDRESS, URI, INTEGER, UTC-OFFSET and libical's enumerations
        /// (it reads `STATUS:FOO` as an extension value and `SEQUENCE:abc` as 0). An empty value is
        /// refused ("No value for"), which the check ignores because RFC 5545 allows empty TEXT.
        case anything
        /// A DATE-TIME, or a DATE when VALUE=DATE says so; `isList` for comma-separated lists.
        case dateOrDateTime(isList: Bool)
        /// A DATE-TIME that libical refuses to take as VALUE=DATE (DTSTAMP, CREATED …).
        case dateTimeOnly
        /// A DURATION.
        case duration
        /// A DURATION, or a DATE-TIME when VALUE=DATE-TIME says so (TRIGGER).
        case durationOrDateTime
    }

    /// The form of each property of the design table whose type libical reads as calbridge expects.
    static let formsByName: [String: Form] = Dictionary(
        uniqueKeysWithValues: PropertyDesignTable.entries.compactMap { design in
            form(of: design).map { (design.name, $0) }
        })

    /// How libical reads a property, from its type in the design table; `nil` leaves its lines to
    /// libical (rules, GEO, periods, REQUEST-STATUS, unknown types).
    private static func form(of design: PropertyDesign) -> Form? {
        switch design.type {
        case .text, .calendarAddress, .uri, .integer, .utcOffset:
            return design.layout == .structured ? nil : .anything
        case .dateTime:
            if design.layout == .list { return .dateOrDateTime(isList: true) }
            return design.allows(type: .date) ? .dateOrDateTime(isList: false) : .dateTimeOnly
        case .duration:
            return design.allows(type: .dateTime) ? .durationOrDateTime : .duration
        case .binary, .boolean, .date, .float, .period, .recur, .time, .uid, .xmlReference, .unknown, .other:
            return nil
        }
    }

    /// Whether libical is known to read `property` without a value error. `false` means "ask libical",
    /// not "wrong": rules, GEO, periods, unknown names and unusual VALUE parameters all go to libical.
    static func vouches(for property: Property) -> Bool {
        vouches(for: property, form: PropertyChecks.of(property.name).libicalForm)
    }

    /// `vouches(for:)` with the form of the property's name already looked up.
    static func vouches(for property: Property, form: Form?) -> Bool {
        let valueType = explicitValueType(of: property)
        if valueType == .other, allowsItsValueType(property) { return true }
        // A value calbridge read is a native string with its bytes in one piece.
        return property.value.utf8.withContiguousStorageIfAvailable { vouches(for: $0[...], form: form, valueType: valueType) } ?? false
    }

    private static func vouches(for value: Bytes, form: Form?, valueType: ExplicitType) -> Bool {
        switch (form, valueType) {
        case (.anything, .none):
            return true
        case (.dateOrDateTime(let isList), .none), (.dateOrDateTime(let isList), .dateTime):
            return isList ? items(of: value).allSatisfy(isDateTime) : isDateTime(value)
        case (.dateOrDateTime(let isList), .date):
            return isList ? items(of: value).allSatisfy(isDate) : isDate(value)
        case (.dateTimeOnly, .none):
            return isDateTime(value)
        case (.duration, .none), (.durationOrDateTime, .none):
            return isDuration(value)
        case (.durationOrDateTime, .dateTime):
            return isDateTime(value)
        default:
            return false
        }
    }

    /// A VALUE of free form (text, a URI, a UID, binary) that the design table allows the property,
    /// which calbridge accepts without asking libical: later RFCs gave properties such types, which
    /// libical 3.0 refuses (`RELATED-TO;VALUE=UID`, RFC 9253 §9.1). Dates and periods stay libical's to judge.
    static func allowsItsValueType(_ property: Property) -> Bool {
        guard let design = PropertyDesignTable.design(for: property.name),
            let parameter = property.parameters.first(where: { $0.name == "VALUE" }), parameter.values.count == 1
        else { return false }
        let type = ValueType(name: parameter.values[0])
        return isFreeForm(type) && design.allows(type: type)
    }

    /// Whether libical leaves a value of the type unread, whatever it holds.
    private static func isFreeForm(_ type: ValueType) -> Bool {
        switch type {
        case .text, .uri, .uid, .binary, .xmlReference, .calendarAddress: true
        case .boolean, .date, .dateTime, .duration, .float, .integer, .period, .recur, .time, .utcOffset, .unknown, .other: false
        }
    }

    /// What the VALUE parameter says: nothing, DATE, DATE-TIME, or something only libical can judge
    /// (another type, a list of types, several VALUE parameters).
    private enum ExplicitType {
        case none, date, dateTime, other
    }

    private static func explicitValueType(of property: Property) -> ExplicitType {
        var found = ExplicitType.none
        for parameter in property.parameters where parameter.name == "VALUE" {
            guard found == .none, parameter.values.count == 1 else { return .other }
            switch ValueType(name: parameter.value) {
            case .date: found = .date
            case .dateTime: found = .dateTime
            default: return .other
            }
        }
        return found
    }

    private static func items(of value: Bytes) -> [Bytes] {
        value.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
    }

    /// `YYYYMMDD`: eight ASCII digits (libical leaves it to calbridge to say whether the date exists).
    static func isDate(_ bytes: Bytes) -> Bool {
        bytes.count == 8 && bytes.allSatisfy(isDigit)
    }

    /// `YYYYMMDDThhmmss` with an optional `Z`, upper case.
    static func isDateTime(_ bytes: Bytes) -> Bool {
        guard bytes.count == 15 || (bytes.count == 16 && bytes.last == UInt8(ascii: "Z")) else { return false }
        let start = bytes.startIndex
        for offset in 0..<15 {
            let byte = bytes[start + offset]
            guard offset == 8 ? byte == UInt8(ascii: "T") : isDigit(byte) else { return false }
        }
        return true
    }

    /// `[+-]P` then `nW`, or `nD` and/or `T` with `nH`, `nM`, `nS` in that order: RFC 5545's
    /// dur-value with at least one number, the forms libical reads.
    static func isDuration(_ bytes: Bytes) -> Bool {
        var rest = bytes
        if let sign = rest.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { rest = rest.dropFirst() }
        guard rest.first == UInt8(ascii: "P") else { return false }
        rest = rest.dropFirst()
        if rest.last == UInt8(ascii: "W") { return isNumber(rest.dropLast()) }
        var numbers = 0
        if let day = rest.firstIndex(of: UInt8(ascii: "D")) {
            guard isNumber(rest[..<day]) else { return false }
            numbers += 1
            rest = rest[rest.index(after: day)...]
        }
        guard !rest.isEmpty else { return numbers > 0 }
        guard rest.first == UInt8(ascii: "T") else { return false }
        rest = rest.dropFirst()
        for unit in [UInt8(ascii: "H"), UInt8(ascii: "M"), UInt8(ascii: "S")] {
            guard let end = rest.firstIndex(of: unit) else { continue }
            guard isNumber(rest[..<end]) else { return false }
            numbers += 1
            rest = rest[rest.index(after: end)...]
        }
        return rest.isEmpty && numbers > 0
    }

    private static func isNumber(_ bytes: Bytes) -> Bool {
        (1...9).contains(bytes.count) && bytes.allSatisfy(isDigit)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
