import CalendarModel
import JSONReading

extension MemberMapping {
    /// CONCEPT (RFC 9253 §8.1) as the set `categories` (RFC 8984 §4.2.10): every CONCEPT line of a
    /// component is one key, in order (draft-ietf-calext-jscalendar-icalendar-08 §2.3.10), so the
    /// lines come back one a key as they were written.
    static let categories = MemberMapping(
        properties: ["CONCEPT"], member: "categories", isEntry: true, isKeyedByValue: true,
        toJSON: { property in
            property.parameters.isEmpty && property.value.isEmpty ? .bool(true) : nil
        },
        toProperty: { json in
            json == .bool(true) ? Property(name: "CONCEPT", value: "") : nil
        })

    /// LINK (RFC 9253 §8.2) as a Link: LINKREL its `rel`, LABEL its `title`, FMTTYPE its
    /// `contentType`, its VALUE=URI last as RFC 9253's examples and -08's ical-prop-link write it. A
    /// LINK of another value type (a UID, an XML-REFERENCE) has no href and is carried.
    static func linkLine(_ property: Property) -> JSONValue? {
        guard property.parameters.last == .value(.uri) else { return nil }
        return linkShape.entry(for: Property(name: "LINK", parameters: property.parameters.dropLast(), value: property.value))
    }

    static func linkLine(for json: JSONValue) -> Property? {
        guard var property = linkShape.property(named: "LINK", for: json) else { return nil }
        property.parameters.append(.value(.uri))
        return property
    }

    private static let linkShape = EntryShape(
        type: "Link", valueMember: "href",
        parameters: [
            .text("LINKREL", "rel"), .text("LABEL", "title"), .text("FMTTYPE", "contentType"),
        ])
}

/// STYLED-DESCRIPTION (RFC 9073 §6.5) as `description` and `descriptionContentType` (RFC 8984
/// §4.2.2; -08 §2.3.42): text said with VALUE=TEXT and an FMTTYPE in that order, as the draft's
/// figure writes it. Another form (a URI value, other parameters) is carried.
enum StyledDescription {
    static let name = "STYLED-DESCRIPTION"

    /// Events and tasks: the objects whose `description` a STYLED-DESCRIPTION says (-08 §2.3.42).
    static func applies(to component: String) -> Bool {
        component == "VEVENT" || component == "VTODO"
    }

    /// The two members, when the line comes back from them exactly.
    static func members(of property: Property) -> (description: String, contentType: String)? {
        guard property.name == name, property.parameters.count == 2, property.parameters[0] == .value(.text),
            property.parameters[1].name == "FMTTYPE", property.parameters[1].values.count == 1
        else { return nil }
        let said = (description: property.text, contentType: property.parameters[1].value)
        return line(description: said.description, contentType: said.contentType) == property ? said : nil
    }

    /// The line for a description of a content type other than RFC 8984's default, `text/plain`.
    static func line(description: String, contentType: String) -> Property? {
        guard contentType != "text/plain" else { return nil }
        return Property(
            name: name, parameters: [.value(.text), Parameter("FMTTYPE", contentType)],
            value: TextEscaping.escape(description))
    }

    /// The line an object's `description` and `descriptionContentType` say together, if they do.
    static func line(in object: JSONValue) -> Property? {
        guard let description = object["description"]?.string, let contentType = object["descriptionContentType"]?.string else {
            return nil
        }
        return line(description: description, contentType: contentType)
    }
}
