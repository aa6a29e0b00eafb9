import CalendarModel
import ContentLines

/// Collects the properties of one card between BEGIN:VCARD and END:VCARD and makes the
/// `ContactCard` when the card ends. X-ABDATE labels can come before or after their date, so
/// dates are paired with labels only at the end.
struct CardBuilder {
    let location: SourceLocation
    private var uid: String?
    private var formattedName: String?
    private var structuredName: String?
    private var organization: String?
    private var email: String?
    private var dates: [(day: CardDay, source: DateSource, location: SourceLocation)] = []
    private var deathDate: ContactDate?
    /// X-ABLabel values by lower-cased group.
    private var labels: [String: String] = [:]

    /// Where a date came from, which decides its kind.
    private enum DateSource {
        case kind(ContactDate.Kind)
        /// An X-ABDATE: its kind is in the X-ABLabel of the same group, if any.
        case labelledBy(group: String?)
    }

    init(location: SourceLocation) {
        self.location = location
    }

    mutating func add(_ property: VCardProperty, of line: UnfoldedLine, problems: inout ProblemLog) {
        switch property.name {
        case "FN": Self.keepFirst(&formattedName, TextValue.meaningful(text(property, line, &problems)))
        case "N": Self.keepFirst(&structuredName, Self.name(fromN: text(property, line, &problems)))
        case "ORG":
            Self.keepFirst(
                &organization,
                TextValue.components(text(property, line, &problems), separator: ";")
                    .first.flatMap(TextValue.meaningful))
        case "EMAIL": Self.keepFirst(&email, TextValue.meaningful(text(property, line, &problems)))
        case "UID": Self.keepFirst(&uid, TextValue.meaningful(text(property, line, &problems)))
        case "X-ABLABEL":
            if let group = property.group, let label = TextValue.meaningful(text(property, line, &problems)) {
                labels[group] = label
            }
        case "BDAY": addDate(property, line, .kind(.birthday), &problems)
        case "ANNIVERSARY", "X-ANNIVERSARY", "X-MS-ANNIVERSARY", "X-EVOLUTION-ANNIVERSARY",
            "X-KADDRESSBOOK-X-ANNIVERSARY":
            addDate(property, line, .kind(.anniversary), &problems)
        case "X-ABDATE": addDate(property, line, .labelledBy(group: property.group), &problems)
        case "DEATHDATE":
            if deathDate == nil, let (day, location) = date(property, line, &problems) {
                deathDate = ContactDate(
                    kind: .labelled("Death"), year: day.year, month: day.month, day: day.day,
                    location: location)
            }
        default: break
        }
    }

    /// The card, named by FN, else N, else ORG, else its first email address.
    func finished() -> ContactCard {
        let contactDates = dates.map { date -> ContactDate in
            let kind: ContactDate.Kind
            switch date.source {
            case .kind(let fixed): kind = fixed
            case .labelledBy(let group): kind = DateLabel.kind(of: group.flatMap { labels[$0] })
            }
            return ContactDate(
                kind: kind, year: date.day.year, month: date.day.month, day: date.day.day,
                location: date.location)
        }
        let name = formattedName ?? structuredName ?? organization ?? email ?? "(no name)"
        return ContactCard(uid: uid, displayName: name, dates: contactDates, deathDate: deathDate, location: location)
    }

    private mutating func addDate(
        _ property: VCardProperty, _ line: UnfoldedLine, _ source: DateSource,
        _ problems: inout ProblemLog
    ) {
        if let (day, location) = date(property, line, &problems) {
            dates.append((day, source, location))
        }
    }

    /// The date of a date property, or `nil` after saying in `problems` why there is none.
    private func date(_ property: VCardProperty, _ line: UnfoldedLine, _ problems: inout ProblemLog)
        -> (CardDay, SourceLocation)?
    {
        let value = TextValue.trimmed(text(property, line, &problems))
        let place = line.location(ofOffset: property.valueOffset)
        func report(_ message: String) {
            problems.skipDate(line: place.line, column: place.column, "\(property.name) \(message)")
        }
        if value.isEmpty { return nil }  // An empty BDAY: a field the address book left blank.
        // vCard names its value types as iCalendar does (RFC 6350 §5.2).
        if property.parameter("VALUE").map(ValueType.init(name:)) == .text {
            report("is the text \"\(value.prefix(40))\", not a date")
            return nil
        }
        if let scale = property.parameter("CALSCALE"), scale.lowercased() != "gregorian" {
            report("is in the \(scale) calendar, which is not supported")
            return nil
        }
        let omittedYear = property.parameter("X-APPLE-OMIT-YEAR").flatMap { Int($0) }
        switch CardDateParser.parse(value, omittedYear: omittedYear) {
        case .success(let day):
            return (day, SourceLocation(line: line.line, column: 1))
        case .failure(let error):
            report(error.message)
            return nil
        }
    }

    /// The value decoded by its ENCODING and CHARSET parameters, escapes still in.
    private func text(_ property: VCardProperty, _ line: UnfoldedLine, _ problems: inout ProblemLog) -> String {
        var bytes = line.bytes[property.valueOffset...]
        var decoded: [UInt8]?
        switch property.parameter("ENCODING")?.uppercased() {
        case "QUOTED-PRINTABLE"?: decoded = QuotedPrintable.decode(bytes)
        default: break
        }
        if let decoded { bytes = decoded[...] }
        let charset = property.parameter("CHARSET")
        let (text, unknown) = ValueCharset.decode(Array(bytes), charset: charset)
        if unknown, let charset {
            let place = line.location(ofOffset: property.valueOffset)
            problems.add(
                line: place.line, column: place.column,
                "\(property.name) has the unknown charset \(charset)", repair: "reads it as UTF-8")
        }
        return text
    }

    /// "Given Family" from `N:Family;Given;Middle;Prefix;Suffix`; a component with several
    /// values (`,`-separated in vCard 3.0) gives them all.
    private static func name(fromN value: String) -> String? {
        let components = TextValue.components(value, separator: ";")
        let parts = [1, 0].compactMap { index -> String? in
            guard index < components.count else { return nil }
            let values = TextValue.components(components[index], separator: ",").compactMap(TextValue.meaningful)
            return values.isEmpty ? nil : values.joined(separator: " ")
        }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    private static func keepFirst(_ slot: inout String?, _ value: String?) {
        if slot == nil { slot = value }
    }
}
