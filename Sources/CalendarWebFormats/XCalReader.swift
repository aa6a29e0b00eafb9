import CLibxml2
import CalendarModel

/// Reads xCal (RFC 6321) into the lossless model: element names become component and property
/// names, value elements give the type (VALUE is restored where it is not the property's default),
/// text is escaped again for iCalendar, GEO, REQUEST-STATUS, RECUR and PERIOD come back from their
/// structured forms.
public struct XCalReader {
    public init() {}

    /// The VCALENDAR components of an xCal document.
    public func calendars(from bytes: [UInt8]) throws(DocumentError) -> [Component] {
        _ = SafeXML.initialised
        try SafeXML.refuseDoctype(bytes)
        guard let context = xmlNewParserCtxt() else { throw DocumentError("libxml2 could not start a parser") }
        defer { xmlFreeParserCtxt(context) }
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                xmlCtxtReadMemory(context, $0.baseAddress, Int32($0.count), "xcal.xml", "UTF-8", SafeXML.parserOptions)
            }
        }
        guard let document else {
            let error = context.pointee.lastError
            let message = error.message.map { String(cString: $0).surroundingWhitespaceRemoved } ?? "not well-formed XML"
            throw DocumentError(line: Int(error.line), column: Int(error.int2), message)
        }
        defer { xmlFreeDoc(document) }
        guard let root = xmlDocGetRootElement(document), Self.name(root) == "icalendar",
              Self.namespace(root) == XCalWriter.namespace else {
            throw DocumentError(line: 1, "not xCal: the root element must be <icalendar xmlns=\"\(XCalWriter.namespace)\">")
        }
        return try Self.elements(root).filter { Self.name($0) == "vcalendar" }.map { element throws(DocumentError) in
            try component(element, depth: 1)
        }
    }

    private func component(_ element: xmlNodePtr, depth: Int) throws(DocumentError) -> Component {
        guard depth < SafeXML.maximumDepth else {
            throw DocumentError(line: Int(xmlGetLineNo(element)), "components are nested deeper than \(SafeXML.maximumDepth) levels")
        }
        var result = Component(name: Self.name(element).uppercased(), location: SourceLocation(line: Int(xmlGetLineNo(element))))
        for child in Self.elements(element) {
            switch Self.name(child) {
            case "properties": result.properties += Self.elements(child).map(property)
            case "components":
                for grandchild in Self.elements(child) { result.components.append(try component(grandchild, depth: depth + 1)) }
            default:
                throw DocumentError(line: Int(xmlGetLineNo(child)), "<\(Self.name(child))> inside <\(Self.name(element))>: only <properties> and <components> belong there")
            }
        }
        return result
    }

    private func property(_ element: xmlNodePtr) -> Property {
        let name = Self.name(element).uppercased()
        var parameters: [Parameter] = []
        var valueElements: [xmlNodePtr] = []
        for child in Self.elements(element) {
            if Self.name(child) == "parameters" {
                parameters = Self.elements(child).map { parameter in
                    let values = Self.elements(parameter)
                    // A bare `<tzid>US/Eastern</tzid>`, as RFC 6321's own example B.2.2 writes it, is read as its text.
                    guard !values.isEmpty else { return Parameter(Self.name(parameter).uppercased(), Self.text(parameter)) }
                    return Parameter(name: Self.name(parameter).uppercased(), values: values.map { value in
                        Self.name(value) == "boolean" ? Self.text(value).uppercased() : Self.text(value)
                    })
                }
            } else {
                valueElements.append(child)
            }
        }
        let (type, values) = typedValues(valueElements, property: name, bareText: valueElements.isEmpty ? Self.text(element).surroundingWhitespaceRemoved : "")
        if ValueCodec.needsValueParameter(type, property: name) && !parameters.contains(where: { $0.name == "VALUE" }) {
            parameters.append(Parameter("VALUE", type.uppercased()))
        }
        let raw = type == ValueTypeTable.unknown ? values.map { if case .string(let s) = $0 { s } else { "" } }.joined(separator: ",")
                                                 : ValueCodec.raw(values, type: type)
        return Property(name: name, parameters: parameters, value: raw, location: SourceLocation(line: Int(xmlGetLineNo(element))))
    }

    /// The type a property's value elements name, and their values.
    private func typedValues(_ elements: [xmlNodePtr], property: String, bareText: String) -> (String, [TypedValue]) {
        // No value element (`<tzid>US/Eastern</tzid>`, as RFC 6321's example B.2.2 writes it): the bare text,
        // read as the property's default type.
        guard let first = elements.first else {
            let type = ValueTypeTable.entry(for: property).type
            return (type, [ValueCodec.decode(ValueCodec.encode(.string(bareText), type: type == "text" ? "text" : "unknown"), type: type)])
        }
        switch Self.name(first) {
        case "latitude", "longitude":
            return ("float", [.parts(elements.map { .number(Self.text($0)) })])
        case "code", "description", "data":
            return ("text", [.parts(elements.map { .string(Self.text($0)) })])
        case "period":
            return ("period", elements.map { period in
                let parts = Dictionary(Self.elements(period).map { (Self.name($0), Self.text($0)) }, uniquingKeysWith: { a, _ in a })
                return .period(start: parts["start"] ?? "", end: parts["end"], duration: parts["duration"])
            })
        case "recur":
            var parts: [(name: String, values: [String])] = []
            for part in Self.elements(first) {
                let name = Self.name(part)
                if let index = parts.firstIndex(where: { $0.name == name }) { parts[index].values.append(Self.text(part)) }
                else { parts.append((name, [Self.text(part)])) }
            }
            return ("recur", [.recur(parts)])
        case let type:
            return (type, elements.map { element in
                let text = Self.text(element)
                switch type {
                case "integer", "float": return .number(text)
                case "boolean": return .boolean(text == "true")
                default: return .string(text)
                }
            })
        }
    }

    // MARK: libxml2 access, each result copied out at once

    static func elements(_ node: xmlNodePtr) -> [xmlNodePtr] {
        var found: [xmlNodePtr] = []
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE { found.append(current) }
            child = current.pointee.next
        }
        return found
    }

    static func name(_ node: xmlNodePtr) -> String {
        node.pointee.name.map { String(cString: $0) } ?? ""
    }

    static func namespace(_ node: xmlNodePtr) -> String? {
        node.pointee.ns?.pointee.href.map { String(cString: $0) }
    }

    /// The text of an element's text and CDATA children (value elements hold nothing else).
    static func text(_ node: xmlNodePtr) -> String {
        var text = ""
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_TEXT_NODE || current.pointee.type == XML_CDATA_SECTION_NODE,
               let content = current.pointee.content {
                text += String(cString: content)
            }
            child = current.pointee.next
        }
        return text
    }
}
