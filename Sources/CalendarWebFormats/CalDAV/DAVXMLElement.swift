import CLibxml2

/// An element of a request body, described as a value before it is written: the bodies are small,
/// and building them as values keeps the libxml2 writer inside one function.
struct DAVXMLElement {
    var name: DAVPropertyName
    var attributes: [(name: String, value: String)] = []
    var text: String?
    var children: [DAVXMLElement] = []

    init(
        _ name: DAVPropertyName, attributes: [(name: String, value: String)] = [], text: String? = nil,
        children: [DAVXMLElement] = []
    ) {
        self.name = name
        self.attributes = attributes
        self.text = text
        self.children = children
    }

    init(dav name: String, text: String? = nil, children: [DAVXMLElement] = []) {
        self.init(DAVPropertyName(namespace: DAVNamespace.dav, name: name), text: text, children: children)
    }

    init(calDAV name: String, attributes: [(name: String, value: String)] = [], children: [DAVXMLElement] = []) {
        self.init(DAVPropertyName(namespace: DAVNamespace.calDAV, name: name), attributes: attributes, children: children)
    }

    /// The document as UTF-8, written by libxml2's xmlTextWriter so that `<`, `&`, quotes and CR
    /// are escaped as XML needs; every namespace is declared once, on this root element.
    func document() -> [UInt8] {
        let prefixes = namespacePrefixes()
        guard let buffer = xmlBufferCreate() else { return [] }
        defer { xmlBufferFree(buffer) }
        guard let writer = xmlNewTextWriterMemory(buffer, 0) else { return [] }
        xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil)
        write(to: writer, prefixes: prefixes, declaring: true)
        xmlTextWriterEndDocument(writer)
        // Freeing the writer flushes what it still holds into the buffer.
        xmlFreeTextWriter(writer)
        guard let content = xmlBufferContent(buffer) else { return [] }
        return Array(UnsafeBufferPointer(start: content, count: Int(xmlBufferLength(buffer))))
    }

    private func write(to writer: xmlTextWriterPtr, prefixes: [String: String], declaring: Bool) {
        let prefix = prefixes[name.namespace] ?? "D"
        xmlTextWriterStartElement(writer, "\(prefix):\(name.name)")
        if declaring {
            for (namespace, prefix) in prefixes.sorted(by: { $0.value < $1.value }) {
                xmlTextWriterWriteAttribute(writer, "xmlns:\(prefix)", namespace)
            }
        }
        for attribute in attributes {
            xmlTextWriterWriteAttribute(writer, attribute.name, Self.xmlCharacters(attribute.value))
        }
        if let text {
            xmlTextWriterWriteString(writer, Self.xmlCharacters(text))
        }
        for child in children {
            child.write(to: writer, prefixes: prefixes, declaring: false)
        }
        // Full end tags for text elements keep `<D:sync-token></D:sync-token>` visibly empty.
        if text != nil {
            xmlTextWriterFullEndElement(writer)
        } else {
            xmlTextWriterEndElement(writer)
        }
    }

    /// Conventional prefixes for the namespaces calbridge knows, `X0`, `X1`… for others.
    private func namespacePrefixes() -> [String: String] {
        var prefixes: [String: String] = [:]
        var others = 0
        func visit(_ element: DAVXMLElement) {
            if prefixes[element.name.namespace] == nil {
                if let known = DAVNamespace.preferredPrefix(for: element.name.namespace) {
                    prefixes[element.name.namespace] = known
                } else {
                    prefixes[element.name.namespace] = "X\(others)"
                    others += 1
                }
            }
            element.children.forEach(visit)
        }
        visit(self)
        return prefixes
    }

    /// The text without the characters XML 1.0 cannot carry at all (C0 controls other than tab,
    /// LF and CR, U+FFFE, U+FFFF): no escape exists for them, and writing them would make the
    /// body ill-formed.
    static func xmlCharacters(_ text: String) -> String {
        let allowed: (Unicode.Scalar) -> Bool = { scalar in
            switch scalar.value {
            case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
            default: return false
            }
        }
        guard !text.unicodeScalars.allSatisfy(allowed) else { return text }
        var cleaned = String.UnicodeScalarView()
        cleaned.append(contentsOf: text.unicodeScalars.filter(allowed))
        return String(cleaned)
    }
}
