import CLibxml2

/// A start tag as `XMLPushParser` hands it to an `XMLElementHandler`: its local name and where its
/// `<` stands. The namespace and attributes are read from libxml2's buffers only when asked for,
/// since most elements never need them; the tag is valid only during the `startElement` call.
struct XMLStartTag {
    let name: String
    let line: Int
    let column: Int
    private let namespaceURI: UnsafePointer<xmlChar>?
    private let attributeCount: Int
    /// libxml2's attributes: (local name, prefix, URI, value start, value end) per attribute.
    private let attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?

    init(
        name: String, line: Int, column: Int, namespaceURI: UnsafePointer<xmlChar>?,
        attributeCount: Int, attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    ) {
        (self.name, self.line, self.column) = (name, line, column)
        (self.namespaceURI, self.attributeCount, self.attributes) = (namespaceURI, attributeCount, attributes)
    }

    /// The element's namespace URI, nil when it is in no namespace.
    var namespace: String? { namespaceURI.map { String(cString: $0) } }

    /// The value of the attribute `name` in no namespace.
    func attribute(_ name: String) -> String? {
        guard let attributes else { return nil }
        for index in 0..<attributeCount {
            let base = index * 5
            guard let localName = attributes[base], attributes[base + 2] == nil,
                xmlStrEqual(localName, name) != 0,
                let start = attributes[base + 3], let end = attributes[base + 4]
            else { continue }
            return String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
        }
        return nil
    }
}
