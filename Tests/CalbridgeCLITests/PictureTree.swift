import CLibxml2
import Foundation

/// An SVG or HTML document read by libxml2 into plain values, for tests to walk: libxml2 says
/// whether it is well-formed (XML) and how it nests; the tests then check the structure.
struct PictureElement {
    var name: String
    /// Attributes by qualified name (`cb:uid`, `class`).
    var attributes: [String: String]
    var children: [PictureElement]
    /// The text directly inside, joined.
    var text: String

    /// Reads an XML document, nil when libxml2 finds it not well-formed; no network, no entities.
    static func xml(_ text: String) -> PictureElement? {
        read(text) { pointer, count in
            xmlReadMemory(
                pointer, count, "picture.svg", "UTF-8",
                Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue))
        }
    }

    /// Reads an HTML page as a browser's parser would (libxml2's HTML parser).
    static func html(_ text: String) -> PictureElement? {
        read(text) { pointer, count in
            htmlReadMemory(
                pointer, count, "picture.html", "UTF-8",
                Int32(HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue))
        }
    }

    private static func read(_ text: String, _ parse: (UnsafePointer<CChar>?, Int32) -> xmlDocPtr?) -> PictureElement? {
        xmlInitParser()
        let bytes = Array(text.utf8)
        guard
            let document = bytes.withUnsafeBufferPointer({ buffer in
                buffer.withMemoryRebound(to: CChar.self) { parse($0.baseAddress, Int32($0.count)) }
            })
        else { return nil }
        defer { xmlFreeDoc(document) }
        return xmlDocGetRootElement(document).map(element)
    }

    private static func element(_ node: xmlNodePtr) -> PictureElement {
        var attributes: [String: String] = [:]
        var attribute = node.pointee.properties
        while let current = attribute {
            let local = String(cString: current.pointee.name)
            let name = current.pointee.ns.flatMap { $0.pointee.prefix }.map { String(cString: $0) + ":" + local } ?? local
            // An attribute's value is the text node under it (entities are not substituted).
            attributes[name] = current.pointee.children?.pointee.content.map { String(cString: $0) } ?? ""
            attribute = current.pointee.next
        }
        var children: [PictureElement] = []
        var text = ""
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE {
                children.append(element(current))
            } else if current.pointee.type == XML_TEXT_NODE, let content = current.pointee.content {
                text += String(cString: content)
            }
            child = current.pointee.next
        }
        return PictureElement(name: String(cString: node.pointee.name), attributes: attributes, children: children, text: text)
    }

    /// This element and every one inside it, in document order.
    var all: [PictureElement] { [self] + children.flatMap(\.all) }

    var classes: [String] { (attributes["class"] ?? "").split(separator: " ").map(String.init) }

    func number(_ name: String) -> Double { Double(attributes[name] ?? "") ?? .nan }
}
