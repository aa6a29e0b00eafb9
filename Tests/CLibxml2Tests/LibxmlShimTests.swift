import CLibxml2
import Foundation
import XCTest

/// Pins that libxml2 and Foundation live in one module graph (the ICU clash the shim avoids) and
/// that a document parsed with XML_PARSE_NONET comes back whole.
final class LibxmlShimTests: XCTestCase {
    func testShimParsesADocumentBesideFoundation() throws {
        xmlInitParser()
        let xml = Array("<icalendar xmlns=\"urn:ietf:params:xml:ns:icalendar-2.0\"><vcalendar/></icalendar>".utf8)
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        let document = xml.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { xmlReadMemory($0.baseAddress, Int32($0.count), "inline.xml", "UTF-8", options) }
        }
        let parsed = try XCTUnwrap(document)
        defer { xmlFreeDoc(parsed) }
        let root = try XCTUnwrap(xmlDocGetRootElement(parsed))
        XCTAssertEqual(String(cString: root.pointee.name), "icalendar")
    }
}
