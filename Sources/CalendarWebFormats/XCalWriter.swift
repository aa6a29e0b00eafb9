import CLibxml2
import CalendarModel

/// Writes a calendar as xCal (RFC 6321) through libxml2's text writer: every property a child
/// element named after it, its type as the value element, VALUE dropped, text unescaped, list
/// values repeated, GEO and REQUEST-STATUS and RECUR as their structured forms.
public struct XCalWriter {
    public static let namespace = "urn:ietf:params:xml:ns:icalendar-2.0"

    public init() {}

    /// The xCal document for one calendar component (a VCALENDAR).
    public func document(for calendar: Component) -> [UInt8] {
        _ = SafeXML.initialised
        let buffer = xmlBufferCreate()!
        defer { xmlBufferFree(buffer) }
        let writer = xmlNewTextWriterMemory(buffer, 0)!
        xmlTextWriterSetIndent(writer, 1)
        xmlTextWriterSetIndentString(writer, "  ")
        xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil)
        start(writer, "icalendar")
        xmlTextWriterWriteAttribute(writer, "xmlns", XCalWriter.namespace)
        write(calendar, to: writer)
        xmlTextWriterEndElement(writer)
        xmlTextWriterEndDocument(writer)
        xmlFreeTextWriter(writer)
        let length = Int(xmlBufferLength(buffer))
        return Array(UnsafeBufferPointer(start: xmlBufferContent(buffer), count: length))
    }

    private func write(_ component: Component, to writer: xmlTextWriterPtr) {
        start(writer, component.name.lowercased())
        if !component.properties.isEmpty {
            start(writer, "properties")
            component.properties.forEach { write($0, to: writer) }
            xmlTextWriterEndElement(writer)
        }
        if !component.components.isEmpty {
            start(writer, "components")
            component.components.forEach { write($0, to: writer) }
            xmlTextWriterEndElement(writer)
        }
        xmlTextWriterEndElement(writer)
    }

    private func write(_ property: Property, to writer: xmlTextWriterPtr) {
        let type = ValueCodec.type(of: property)
        start(writer, property.name.lowercased())
        let parameters = property.parameters.filter { $0.name != "VALUE" }
        if !parameters.isEmpty {
            start(writer, "parameters")
            for parameter in parameters {
                start(writer, parameter.name.lowercased())
                let type = ValueTypeTable.parameterType(parameter.name)
                for value in parameter.values { element(writer, type, type == "boolean" ? value.lowercased() : value) }
                xmlTextWriterEndElement(writer)
            }
            xmlTextWriterEndElement(writer)
        }
        for value in ValueCodec.values(of: property, type: type) { write(value, named: property.name, type: type, to: writer) }
        xmlTextWriterEndElement(writer)
    }

    private func write(_ value: TypedValue, named name: String, type: String, to writer: xmlTextWriterPtr) {
        switch value {
        case .string(let text), .number(let text): element(writer, type, text)
        case .boolean(let flag): element(writer, type, flag ? "true" : "false")
        case .period(let startTime, let end, let duration):
            start(writer, "period")
            element(writer, "start", startTime)
            if let end { element(writer, "end", end) }
            if let duration { element(writer, "duration", duration) }
            xmlTextWriterEndElement(writer)
        case .recur(let parts):
            start(writer, "recur")
            for part in parts { for item in part.values { element(writer, part.name, item) } }
            xmlTextWriterEndElement(writer)
        case .parts(let parts):
            if name == "GEO", parts.count == 2 {
                element(writer, "latitude", Self.text(parts[0]))
                element(writer, "longitude", Self.text(parts[1]))
            } else if name == "REQUEST-STATUS" {
                for (part, label) in zip(parts, ["code", "description", "data"]) { element(writer, label, Self.text(part)) }
            } else {
                parts.forEach { write($0, named: name, type: type, to: writer) }
            }
        }
    }

    private static func text(_ value: TypedValue) -> String {
        switch value {
        case .string(let text), .number(let text): return text
        default: return ""
        }
    }

    private func start(_ writer: xmlTextWriterPtr, _ name: String) {
        xmlTextWriterStartElement(writer, name)
    }

    private func element(_ writer: xmlTextWriterPtr, _ name: String, _ text: String) {
        xmlTextWriterStartElement(writer, name)
        xmlTextWriterWriteString(writer, text)
        xmlTextWriterEndElement(writer)
    }
}
