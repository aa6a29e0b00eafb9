import CalendarModel
import JSONReading

/// STRUCTURED-DATA (RFC 9073 §6.6) of type URI or BINARY as a Link, as
/// draft-ietf-calext-jscalendar-icalendar-08 §2.3.41 says: the URI, or the inline data as a data:
/// URL (RFC 2397) of the FMTTYPE, is its `href`, FMTTYPE its `contentType`, and its `iCalProperty`
/// names the line, keeps the other parameters (SCHEMA) and says `binary` for inline data, as the
/// draft's figure writes it. The line converts only in the form written back: FMTTYPE first, the
/// kept parameters, then `ENCODING=BASE64;VALUE=BINARY` or `VALUE=URI` (RFC 9073's and the draft's
/// figures' order); TEXT, the type RFC 9073 gives by default, is carried.
enum StructuredData {
    static let name = "STRUCTURED-DATA"
    private static let binary = [Parameter("ENCODING", "BASE64"), .value(.binary)]
    private static let said: Set<String> = ["FMTTYPE", "ENCODING", "VALUE"]

    /// The Link for a STRUCTURED-DATA line; nil for one of another form.
    static func link(for property: Property) -> JSONValue? {
        var parameters = property.parameters[...]
        let isBinary = parameters.suffix(2).elementsEqual(binary)
        guard isBinary || parameters.last == .value(.uri) else { return nil }
        parameters = parameters.dropLast(isBinary ? 2 : 1)
        var contentType: String?
        if let first = parameters.first, first.name == "FMTTYPE" {
            guard first.values.count == 1, !first.value.contains(where: { ";,".contains($0) }) else { return nil }
            contentType = first.value
            parameters = parameters.dropFirst()
        }
        guard !parameters.contains(where: { said.contains($0.name) }) else { return nil }
        var link = JSONObject(type: "Link")
        if let contentType { link["contentType"] = .string(contentType) }
        link["href"] = .string(isBinary ? "data:\(contentType ?? "");base64,\(property.value)" : property.value)
        var origin = JSONObject(type: "ICalProperty")
        origin["name"] = .string(name.lowercased())
        if !parameters.isEmpty { origin["parameters"] = ICalendarSpecifics.parameters(Array(parameters)) }
        if isBinary { origin["valueType"] = .string(ValueType.binary.name) }
        link["iCalProperty"] = origin.value
        return link.value
    }

    /// The STRUCTURED-DATA line a Link made from one says; nil for any other Link.
    static func line(for link: JSONValue) -> Property? {
        guard let origin = link["iCalProperty"], origin["name"]?.string == name.lowercased(),
            link.members.allSatisfy({ ["@type", "contentType", "href", "iCalProperty"].contains($0.key) }),
            origin.members.allSatisfy({ ["@type", "name", "parameters", "valueType"].contains($0.key) }),
            let href = link["href"]?.string,
            let kept = try? ICalendarSpecifics.parameters(from: origin["parameters"], path: "")
        else { return nil }
        let contentType = link["contentType"]?.string
        var parameters = contentType.map { [Parameter("FMTTYPE", $0)] } ?? []
        parameters += kept
        switch origin["valueType"]?.string {
        case nil:
            return Property(name: name, parameters: parameters + [.value(.uri)], value: href)
        case ValueType.binary.name?:
            let prefix = "data:\(contentType ?? "");base64,"
            guard href.hasPrefix(prefix) else { return nil }
            return Property(name: name, parameters: parameters + binary, value: String(href.dropFirst(prefix.count)))
        default:
            return nil
        }
    }
}
