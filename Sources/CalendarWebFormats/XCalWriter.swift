import CalendarModel

/// Writes a calendar as xCal (RFC 6321), laid out as libxml2's indenting writer does: every
/// property a child element named after it, its type as the value element, VALUE dropped, text
/// unescaped, list values repeated, GEO and REQUEST-STATUS and RECUR as their structured forms.
/// Written as a stream (see ``CalendarDocumentWriter``): no document tree is ever built.
package struct XCalWriter: CalendarDocumentWriter {
    package static let namespace = "urn:ietf:params:xml:ns:icalendar-2.0"

    /// Below `<icalendar>`; the `<vcalendar>` start tag stays open until its content is known.
    private var markup = XMLMarkup(depth: 1)
    private var hasComponents = false

    package init() {}

    package mutating func opening(properties: [Property]) -> [UInt8] {
        var out = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<icalendar xmlns=\"\(Self.namespace)\">\n".utf8)
        markup.start("vcalendar")
        if !properties.isEmpty {
            markup.start("properties")
            for property in properties { markup.write(property) }
            markup.end("properties")
        }
        out += markup.takeBytes()
        return out
    }

    package mutating func adding(_ encoded: [UInt8]) -> [UInt8] {
        if !hasComponents {
            markup.start("components")
            hasComponents = true
        }
        markup.append(encoded)
        return markup.takeBytes()
    }

    package mutating func closing() -> [UInt8] {
        if hasComponents { markup.end("components") }
        markup.end("vcalendar")
        return markup.takeBytes() + Array("</icalendar>\n".utf8)
    }

    /// A top-level component at its place in the document: `<icalendar><vcalendar><components>`.
    package static func encode(_ component: Component) -> [UInt8] {
        var markup = XMLMarkup(depth: 3)
        markup.write(component)
        return markup.bytes
    }
}

extension XMLMarkup {
    fileprivate mutating func write(_ component: Component) {
        let name = component.name.lowercased()
        start(name)
        if !component.properties.isEmpty {
            start("properties")
            for property in component.properties { write(property) }
            end("properties")
        }
        if !component.components.isEmpty {
            start("components")
            for child in component.components { write(child) }
            end("components")
        }
        end(name)
    }

    fileprivate mutating func write(_ property: Property) {
        let design = PropertyDesignTable.design(for: property.name)
        let type = ValueCodec.type(of: property, design: design)
        let name = property.name.lowercased()
        start(name)
        if property.parameters.contains(where: { !ValueCodec.omits($0, type: type) }) {
            start("parameters")
            for parameter in property.parameters where !ValueCodec.omits(parameter, type: type) {
                let parameterName = parameter.name.lowercased()
                start(parameterName)
                let type = ParameterDesignTable.type(of: parameter.name)
                for value in parameter.values {
                    // A value that is no boolean (`RSVP=maybe`) goes as `unknown`, as written, as a
                    // property value that does not read in its type does.
                    if type != .boolean {
                        element(type.name, value)
                    } else if ValueType.boolean.reads(value) {
                        element(type.name, value.lowercased())
                    } else {
                        element(ValueType.unknown.name, value)
                    }
                }
                end(parameterName)
            }
            end("parameters")
        }
        for value in ValueCodec.values(of: property, type: type, layout: design?.layout(for: type) ?? .single) {
            write(value, named: property.name, type: type)
        }
        end(name)
    }

    private mutating func write(_ value: TypedValue, named name: String, type: ValueType) {
        switch value {
        case .string(let text), .number(let text): element(type.name, text)
        case .boolean(let flag): element(type.name, flag ? "true" : "false")
        case .period(let startTime, let end, let duration):
            start(ValueType.period.name)
            element("start", startTime)
            if let end { element("end", end) }
            if let duration { element("duration", duration) }
            self.end(ValueType.period.name)
        case .recur(let parts):
            start(ValueType.recur.name)
            for part in parts { for item in part.values { element(part.name, item) } }
            end(ValueType.recur.name)
        case .parts(let parts):
            if name == "GEO", parts.count == 2 {
                element("latitude", Self.text(parts[0]))
                element("longitude", Self.text(parts[1]))
            } else if name == "REQUEST-STATUS" {
                let texts = XCalReader.requestStatusParts(parts.map(Self.text))
                for (text, label) in zip(texts, ["code", "description", "data"]) { element(label, text) }
            } else {
                parts.forEach { write($0, named: name, type: type) }
            }
        }
    }

    private static func text(_ value: TypedValue) -> String {
        switch value {
        case .string(let text), .number(let text): return text
        default: return ""
        }
    }
}
