import CLibxml2
import Foundation

/// Checks an xCal document against the RELAX NG schema of RFC 6321 Appendix A (kept in the package
/// as `Schema/xcal.rng`, converted from the RFC's compact syntax with the fixes listed in `xcal.rnc`).
package struct XCalSchema {
    /// What the schema says is wrong, one message a line; empty when the document is valid.
    package static func problems(in document: [UInt8]) throws(DocumentError) -> [String] {
        _ = SafeXML.initialised
        guard let url = Bundle.module.url(forResource: "xcal", withExtension: "rng"),
            let schemaBytes = try? [UInt8](Data(contentsOf: url))
        else {
            throw DocumentError("the xCal schema is missing from the package")
        }
        let schema: xmlRelaxNGPtr? = schemaBytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { pointer in
                guard let parser = xmlRelaxNGNewMemParserCtxt(pointer.baseAddress, Int32(pointer.count)) else { return nil }
                defer { xmlRelaxNGFreeParserCtxt(parser) }
                return xmlRelaxNGParse(parser)
            }
        }
        guard let schema else { throw DocumentError("libxml2 could not compile the xCal schema") }
        defer { xmlRelaxNGFree(schema) }
        try SafeXML.refuseDoctype(document)
        let parsed = document.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                xmlReadMemory($0.baseAddress, Int32($0.count), "xcal.xml", "UTF-8", SafeXML.parserOptions)
            }
        }
        guard let parsed else { throw DocumentError("not well-formed XML") }
        defer { xmlFreeDoc(parsed) }
        guard let validation = xmlRelaxNGNewValidCtxt(schema) else { throw DocumentError("libxml2 could not start validating") }
        defer { xmlRelaxNGFreeValidCtxt(validation) }
        let collector = ErrorCollector()
        let context = Unmanaged.passUnretained(collector).toOpaque()
        // A per-validation handler: nothing process-wide is touched.
        xmlRelaxNGSetValidStructuredErrors(
            validation,
            { context, error in
                guard let context, let error else { return }
                let collector = Unmanaged<ErrorCollector>.fromOpaque(context).takeUnretainedValue()
                let message = error.pointee.message.map { String(cString: $0) } ?? "invalid"
                collector.messages.append("line \(error.pointee.line): " + message.trimmingCharacters(in: .whitespacesAndNewlines))
            }, context)
        let result = xmlRelaxNGValidateDoc(validation, parsed)
        if result != 0 && collector.messages.isEmpty { collector.messages.append("the document does not match the schema") }
        return result == 0 ? [] : collector.messages
    }

    /// Gathers libxml2's messages during one validation.
    private final class ErrorCollector {
        var messages: [String] = []
    }
}
