import CalendarModel

/// One value of a property as xCal and jCal carry it: typed, with iCalendar's escapes and compact
/// date forms undone (`2026-03-29T02:30:00`, `+01:00`), so both forms share one conversion.
enum TypedValue: Equatable {
    /// Text, dates, times, durations, URIs, addresses, offsets, binary and unknown values.
    case string(String)
    /// An integer or float, kept as its literal so `1.500000` comes back as written.
    case number(String)
    case boolean(Bool)
    case period(start: String, end: String?, duration: String?)
    /// RRULE parts in order, each with its values (`byday` → `MO`, `WE`), UNTIL in ISO form.
    case recur([(name: String, values: [String])])
    /// GEO's latitude and longitude, or REQUEST-STATUS's code, description and data.
    case parts([TypedValue])

    static func == (lhs: TypedValue, rhs: TypedValue) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)), (.number(let a), .number(let b)): return a == b
        case (.boolean(let a), .boolean(let b)): return a == b
        case (.period(let a, let b, let c), .period(let d, let e, let f)): return a == d && b == e && c == f
        case (.recur(let a), .recur(let b)): return a.map(\.name) == b.map(\.name) && a.map(\.values) == b.map(\.values)
        case (.parts(let a), .parts(let b)): return a == b
        default: return false
        }
    }
}

/// Converts between a property's raw iCalendar value and its typed values, for a given type.
enum ValueCodec {
    /// The type of a property: its VALUE parameter, else the table's default — except that a bare
    /// `20081006` where a DATE-TIME is the default is a DATE written without its VALUE (as RFC 6321's
    /// own example B.1.1 does), and is typed by what it is.
    ///
    /// A value that is not one of its type is `unknown` (see `ValueTypeCheck`).
    static func type(of property: Property) -> ValueType {
        type(of: property, design: PropertyDesignTable.design(for: property.name))
    }

    /// The same with the property's entry (`nil` without one) already looked up: the writers look it
    /// up once per property and use it for the type, the layout and the values.
    static func type(of property: Property, design: PropertyDesign?) -> ValueType {
        let type = declaredType(of: property, design: design)
        return type == .unknown || ValueTypeCheck.reads(property.value, as: type, layout: design?.layout(for: type) ?? .single)
            ? type : .unknown
    }

    private static func declaredType(of property: Property, design: PropertyDesign?) -> ValueType {
        if let value = property[parameter: "VALUE"] { return ValueType(name: value) }
        return readType(design?.type ?? .unknown, raw: property.value)
    }

    /// A raw value whose first item is `20081006`: a date, whatever type was declared for it.
    private static func isBareDate(_ raw: String) -> Bool {
        // Eight digits and then the end or a comma; asked of every date-time read, so a date-time
        // is told by its ninth byte rather than by walking the view.
        let bytes = raw.utf8
        guard bytes.count >= 8 else { return false }
        let ninth = bytes.index(bytes.startIndex, offsetBy: 8)
        return (ninth == bytes.endIndex || bytes[ninth] == UInt8(ascii: ",")) && isDigits(bytes[..<ninth])
    }

    /// The type a reader gives a value declared `type`: a date declared a date-time is the date the
    /// writers take it for (see `type(of:)`), and is read so, with its VALUE.
    static func readType(_ type: ValueType, raw: String) -> ValueType {
        type == .dateTime && isBareDate(raw) ? .date : type
    }

    /// Whether a writer leaves a parameter out: VALUE is said by the type, except for a value that
    /// travels as `unknown`, whose VALUE parameter comes back with it, and a VALUE not in the upper
    /// case a reader restores it in (`US/Eastern` would come back `US/EASTERN`), kept as written.
    static func omits(_ parameter: Parameter, type: ValueType) -> Bool {
        parameter.name == "VALUE" && type != .unknown && parameter.values == [type.icalendarName]
    }

    /// Whether a reader puts VALUE back: for a type other than the default (never for `unknown`,
    /// RFC 6321 §5), and always where the property's definition requires it.
    ///
    /// `design` is the property's entry (`nil` without one), which the readers look up once per
    /// property for this, its layout and its default type.
    static func needsValueParameter(_ type: ValueType, design: PropertyDesign?) -> Bool {
        guard type != .unknown else { return false }
        return type != (design?.type ?? .unknown) || design?.requiresValueParameter == true
    }

    /// The typed values of a property's raw value.
    static func values(of property: Property, type: ValueType) -> [TypedValue] {
        values(of: property, type: type, layout: PropertyDesignTable.layout(of: property.name, type: type))
    }

    /// The same with the property's layout already looked up.
    static func values(of property: Property, type: ValueType, layout: PropertyDesign.Layout) -> [TypedValue] {
        if type == .unknown { return [.string(property.value)] }
        switch layout {
        case .structured:
            // Values a reader was given several of (jCal's `["request-status",{},"text",[…],[…]]`)
            // stand apart at unescaped commas, as `raw` joins them.
            return split(property.value, at: ",").map { value in .parts(split(value, at: ";").map { decode($0, type: type) }) }
        case .list:
            return split(property.value, at: ",").map { decode($0, type: type) }
        case .single:
            return [decode(property.value, type: type)]
        }
    }

    /// The raw iCalendar value for typed values of a property laid out as `layout`. Values the layout
    /// has no place for (several for a single-valued property, parts for an unstructured one) become
    /// one text with the separators escaped, so what `values(of:type:)` reads back is what was given.
    static func raw(_ values: [TypedValue], type: ValueType, layout: PropertyDesign.Layout) -> String {
        switch layout {
        case .structured:
            // A part that is itself parts or a rule is one text, its separators escaped, as in a list.
            return values.map { value in
                let parts: [TypedValue] = if case .parts(let parts) = value { parts } else { [value] }
                return parts.map { encode(flattened($0, type: type), type: type) }.joined(separator: ";")
            }.joined(separator: ",")
        case .list:
            return values.map { encode(flattened($0, type: type), type: type) }.joined(separator: ",")
        case .single:
            guard values.count == 1, let value = values.first else {
                return encode(.string(values.map { plain(flattened($0, type: type), type: type) }.joined(separator: ",")), type: type)
            }
            let text = encode(flattened(value, type: type), type: type)
            return type == .recur && !isPlainRule(value) ? canonicalRule(text) : text
        }
    }

    /// Rule parts a reader put in order whose names and values hold no separator: their text is the
    /// one the writers give back, with no need to read it again (most rules: reading one costs more
    /// than the rest of its property).
    private static func isPlainRule(_ value: TypedValue) -> Bool {
        guard case .recur(let parts) = value else { return false }
        let separator = { (byte: UInt8) in byte == UInt8(ascii: ";") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "=") }
        return parts.allSatisfy { part in
            !part.name.isEmpty && !part.name.utf8.contains(where: separator) && !part.values.isEmpty
                && part.values.allSatisfy { !$0.isEmpty && !$0.utf8.contains(where: separator) }
        }
    }

    /// A rule as the writers will give it back: its parts in RFC 6321's order, cut where iCalendar
    /// cuts them (a rule given as a string, or a part whose value holds a ';', is read as its text
    /// says). Text that is no rule stays as it is: it travels as `unknown`.
    private static func canonicalRule(_ text: String) -> String {
        guard ValueType.recur.reads(text) else { return text }
        return encode(decode(text, type: .recur), type: .recur)
    }

    /// Parts where the layout holds none, as one value of their texts joined by ';'; a rule or a
    /// period given where the type is another, as the text iCalendar writes for it.
    private static func flattened(_ value: TypedValue, type: ValueType) -> TypedValue {
        switch value {
        case .parts(let parts): return .string(parts.map { plain($0, type: type) }.joined(separator: ";"))
        case .recur where type != .recur, .period where type != .period: return .string(encode(value, type: type))
        default: return value
        }
    }

    /// A value as the text it stands for: text unescaped, anything else as iCalendar writes it.
    private static func plain(_ value: TypedValue, type: ValueType) -> String {
        if case .string(let text) = value, type == .text { return text }
        return encode(value, type: type)
    }

    static func decode(_ raw: String, type: ValueType) -> TypedValue {
        switch type {
        case .text: return .string(TextEscaping.unescape(raw))
        case .integer, .float: return .number(raw)
        case .boolean: return .boolean(raw.uppercased() == "TRUE")
        case .date: return .string(isoDate(raw.trailingBlanksRemoved))
        case .dateTime: return .string(isoDateTime(raw.trailingBlanksRemoved))
        case .time: return .string(isoTime(raw.trailingBlanksRemoved))
        case .utcOffset: return .string(isoOffset(raw))
        case .period: return period(raw)
        case .recur: return recur(raw)
        case .binary, .calendarAddress, .duration, .uri, .uid, .xmlReference, .unknown, .other: return .string(raw)
        }
    }

    static func encode(_ value: TypedValue, type: ValueType) -> String {
        switch value {
        case .string(let text):
            switch type {
            case .text: return TextEscaping.escape(text)
            // Blanks after a date are dropped as `decode` drops them, so both directions agree.
            case .date, .dateTime, .time: return basic(text.trailingBlanksRemoved)
            case .utcOffset: return basic(text)
            case .binary, .boolean, .calendarAddress, .duration, .float, .integer, .period, .recur, .uri, .uid, .xmlReference, .unknown,
                .other:
                return text
            }
        case .number(let literal): return literal
        case .boolean(let flag): return flag ? "TRUE" : "FALSE"
        case .period(let start, let end, let duration): return basic(start) + "/" + (end.map(basic) ?? duration ?? "")
        case .recur(let parts):
            return parts.map { part in
                part.name.uppercased() + "=" + part.values.map { part.name == "until" ? basic($0) : $0 }.joined(separator: ",")
            }.joined(separator: ";")
        case .parts(let parts): return parts.map { encode($0, type: type) }.joined(separator: ";")
        }
    }

    // MARK: Forms
    // Dates, times and offsets are ASCII (RFC 5545 §3.3), so the forms work on UTF-8 bytes; anything
    // else is left alone.

    /// `20260329` → `2026-03-29`; text that is not a date is left alone.
    static func isoDate(_ raw: String) -> String {
        var out: [UInt8] = []
        appendISODate(Array(raw.utf8)[...], to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func isoDateTime(_ raw: String) -> String {
        if let iso = isoDateTimeOfUsualForm(raw) { return iso }
        let bytes = Array(raw.utf8)
        guard bytes.count >= 15, let t = bytes.firstIndex(of: UInt8(ascii: "T")) else { return isoDate(raw) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 4)
        appendISODate(bytes[..<t], to: &out)
        out.append(UInt8(ascii: "T"))
        appendISOTime(bytes[(t + 1)...], to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `20260329T023000` or `20260329T023000Z` (nearly every date-time written) straight into its ISO
    /// string, as `isoDateTime` makes it from pieces; `nil` for any other text, which goes that way.
    private static func isoDateTimeOfUsualForm(_ raw: String) -> String? {
        var raw = raw
        return raw.withUTF8 { bytes -> String? in
            guard bytes.count == 15 || bytes.count == 16, bytes[8] == UInt8(ascii: "T"),
                isDigits(bytes[0..<8]), isDigits(bytes[9..<15])
            else { return nil }
            return String(unsafeUninitializedCapacity: bytes.count + 4) { out in
                var at = 0
                func put(_ range: Range<Int>) {
                    for index in range { out[at] = bytes[index]; at += 1 }
                }
                func put(_ byte: UInt8) { out[at] = byte; at += 1 }
                put(0..<4); put(UInt8(ascii: "-")); put(4..<6); put(UInt8(ascii: "-")); put(6..<9)
                put(9..<11); put(UInt8(ascii: ":")); put(11..<13); put(UInt8(ascii: ":")); put(13..<bytes.count)
                return at
            }
        }
    }

    static func isoTime(_ raw: String) -> String {
        var out: [UInt8] = []
        appendISOTime(Array(raw.utf8)[...], to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func appendISODate(_ bytes: ArraySlice<UInt8>, to out: inout [UInt8]) {
        guard bytes.count == 8, isDigits(bytes) else { out += bytes; return }
        let s = bytes.startIndex
        out += bytes[s..<s + 4]
        out.append(UInt8(ascii: "-"))
        out += bytes[s + 4..<s + 6]
        out.append(UInt8(ascii: "-"))
        out += bytes[s + 6..<s + 8]
    }

    private static func appendISOTime(_ bytes: ArraySlice<UInt8>, to out: inout [UInt8]) {
        let s = bytes.startIndex
        guard bytes.count >= 6, isDigits(bytes[s..<s + 6]) else { out += bytes; return }
        out += bytes[s..<s + 2]
        out.append(UInt8(ascii: ":"))
        out += bytes[s + 2..<s + 4]
        out.append(UInt8(ascii: ":"))
        out += bytes[(s + 4)...]
    }

    static func isoOffset(_ raw: String) -> String {
        // Only a sign and digits get colons: `basic` takes out just the punctuation between digits.
        let bytes = Array(raw.utf8)
        guard bytes.count == 5 || bytes.count == 7, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"),
            isDigits(bytes.dropFirst())
        else { return raw }
        let colon = [UInt8(ascii: ":")]
        return String(decoding: bytes[0..<3] + colon + bytes[3..<5] + (bytes.count == 7 ? colon + bytes[5..<7] : []), as: UTF8.self)
    }

    private static func isDigits(_ bytes: some Sequence<UInt8>) -> Bool {
        bytes.allSatisfy(ASCII.isDigit)
    }

    /// Undoes the ISO punctuation: `2026-03-29T02:30:00Z` → `20260329T023000Z`, `+01:00` → `+0100`.
    /// A '-' or ':' is punctuation only between two digits (a leading '-' is an offset's sign): one
    /// anywhere else is part of a value that is no date, kept for the type check to report, where
    /// dropping it made `…T14:00:00 -` the date-time `…T140000 ` with a blank that writers trim.
    static func basic(_ iso: String) -> String {
        let bytes = Array(iso.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for (index, byte) in bytes.enumerated() {
            let punctuation = byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-")
            if punctuation && index > 0 && index + 1 < bytes.count && ASCII.isDigit(bytes[index - 1]) && ASCII.isDigit(bytes[index + 1]) {
                continue
            }
            out.append(byte)
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func period(_ raw: String) -> TypedValue {
        guard let (start, rest) = ValueType.periodHalves(raw) else { return .string(raw) }
        if ValueType.isPeriodDuration(rest) { return .period(start: isoDateTime(start), end: nil, duration: rest) }
        return .period(start: isoDateTime(start), end: isoDateTime(rest), duration: nil)
    }

    private static func recur(_ raw: String) -> TypedValue {
        // ASCII text (every rule that reads as one) is cut as bytes, where it cuts as its characters:
        // cutting characters (grapheme by grapheme) was most of a rule's conversion.
        guard raw.utf8.allSatisfy({ $0 < 0x80 }) else { return recurOfAnyText(raw) }
        let parts: [(name: String, values: [String])] = raw.utf8.split(separator: UInt8(ascii: ";")).compactMap { part in
            let pair = part.split(separator: UInt8(ascii: "="), maxSplits: 1)
            guard pair.count == 2 else { return nil }
            let name = String(Substring(pair[0])).lowercased()
            let values = pair[1].split(separator: UInt8(ascii: ",")).map { value in
                name == "until" ? isoDateTime(String(Substring(value))) : String(Substring(value))
            }
            return (name, values)
        }
        return inRuleOrder(parts)
    }

    private static func recurOfAnyText(_ raw: String) -> TypedValue {
        let parts: [(name: String, values: [String])] = raw.split(separator: ";").compactMap { part in
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2 else { return nil }
            let name = pair[0].lowercased()
            let values = pair[1].split(separator: ",").map { name == "until" ? isoDateTime(String($0)) : String($0) }
            return (name, values)
        }
        return inRuleOrder(parts)
    }

    /// A rule's parts in RFC 6321's order. The order of parts carries no meaning in a rule (RFC 5545
    /// §3.3.10), so every rule, read from any form, is kept in this one.
    static func inRuleOrder(_ given: [(name: String, values: [String])]) -> TypedValue {
        // Part names are case-insensitive (`fReq`); iCalendar writes them in upper case, the web formats in lower.
        let parts = given.map { (name: $0.name.lowercasedName, values: $0.values) }
        // Each part's rank found once, not at every comparison of the sort; parts RFC 6321 does not
        // name follow those it does, as they came.
        let ranks = parts.map { RecurrenceRulePart(webName: $0.name)?.webOrder ?? RecurrenceRulePart.allCases.count }
        return .recur(parts.indices.sorted { (ranks[$0], $0) < (ranks[$1], $1) }.map { parts[$0] })
    }

    /// Splits at separators (ASCII, as every iCalendar separator is) not escaped with a backslash.
    static func split(_ raw: String, at separator: Unicode.Scalar) -> [String] {
        let mark = UInt8(ascii: separator)
        guard raw.utf8.contains(mark) else { return [raw] }
        var parts: [String] = []
        var current: [UInt8] = []
        var escaping = false
        for byte in raw.utf8 {
            if escaping { current.append(byte); escaping = false; continue }
            if byte == UInt8(ascii: "\\") { current.append(byte); escaping = true; continue }
            if byte == mark { parts.append(String(decoding: current, as: UTF8.self)); current.removeAll(keepingCapacity: true); continue }
            current.append(byte)
        }
        parts.append(String(decoding: current, as: UTF8.self))
        return parts
    }
}
