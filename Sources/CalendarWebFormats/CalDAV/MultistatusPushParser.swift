import CLibxml2

/// libxml2's push parser with namespace-aware SAX2 callbacks that drive a `MultistatusBuilder`.
/// No tree is built: libxml2 hands over each piece of text as it reads it, and the builder keeps
/// only what the current response needs. The parser context lives inside `withParser` and is
/// freed when it returns; libxml2 reaches the Swift state through the context's `_private` slot.
enum MultistatusPushParser {
    /// Feeds bytes to the parser; `isLast` tells libxml2 the body has ended, so a cut-short body
    /// is reported rather than waited for.
    typealias Feed = (_ bytes: UnsafeBufferPointer<UInt8>, _ isLast: Bool) throws -> Void

    static func withParser<Result>(builder: MultistatusBuilder, _ body: (Feed) throws -> Result) throws -> Result {
        _ = SafeXML.initialised
        var handler = makeHandler()
        guard let context = xmlCreatePushParserCtxt(&handler, nil, nil, 0, nil) else {
            throw MultistatusError(kind: .malformedXML, message: "libxml2 could not create a parser", line: 0, column: 0)
        }
        defer { xmlFreeParserCtxt(context) }
        xmlCtxtUseOptions(context, SafeXML.parserOptions)
        let state = ParseState(builder: builder)
        return try withExtendedLifetime(state) {
            context.pointee._private = Unmanaged.passUnretained(state).toOpaque()
            defer { context.pointee._private = nil }
            return try body { bytes, isLast in
                let result = bytes.withMemoryRebound(to: CChar.self) {
                    xmlParseChunk(context, $0.baseAddress, Int32($0.count), isLast ? 1 : 0)
                }
                if let failure = state.failure { throw failure }
                if result != 0 || context.pointee.wellFormed == 0 {
                    if var error = state.libxmlError {
                        // libxml2 words a body cut short inside the root element as "Extra content
                        // at the end of the document"; say what happened instead.
                        if isLast && state.libxmlErrorCode == Int32(XML_ERR_DOCUMENT_END.rawValue) && builder.hasOpenElements {
                            error.message = "the body ended before every element was closed"
                        }
                        throw error
                    }
                    throw MultistatusError(
                        kind: .malformedXML, message: "libxml2 error \(result)",
                        line: Int(xmlSAX2GetLineNumber(context)), column: Int(xmlSAX2GetColumnNumber(context)))
                }
            }
        }
    }

    /// What the C callbacks reach: the builder and the first failure, whoever found it.
    private final class ParseState {
        let builder: MultistatusBuilder
        var failure: MultistatusError?
        var libxmlError: MultistatusError?
        var libxmlErrorCode: Int32 = 0

        init(builder: MultistatusBuilder) {
            self.builder = builder
        }

        /// The state behind a callback's context, or nil once reading has failed, so nothing
        /// more is built from a body already refused.
        static func of(_ context: UnsafeMutableRawPointer?) -> (ParseState, xmlParserCtxtPtr)? {
            guard let context else { return nil }
            let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
            guard let raw = parser.pointee._private else { return nil }
            let state = Unmanaged<ParseState>.fromOpaque(raw).takeUnretainedValue()
            return state.failure == nil ? (state, parser) : nil
        }

        /// Records a refusal at the parser's current place and stops libxml2 reading further.
        func refuse(_ kind: MultistatusError.Kind, _ message: String, at parser: xmlParserCtxtPtr) {
            failure = MultistatusError(kind: kind, message: message,
                                       line: Int(xmlSAX2GetLineNumber(parser)), column: Int(xmlSAX2GetColumnNumber(parser)))
            xmlStopParser(parser)
        }
    }

    private static func makeHandler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { context, localName, _, namespace, _, _, attributeCount, _, attributes in
            guard let (state, parser) = ParseState.of(context), let localName else { return }
            do throws(MultistatusBuilder.Failure) {
                try state.builder.startElement(
                    namespace: namespace.map { String(cString: $0) } ?? "",
                    name: String(cString: localName),
                    nameAttribute: { MultistatusPushParser.nameAttribute(count: Int(attributeCount), attributes) })
            } catch {
                state.refuse(error.kind, error.message, at: parser)
            }
        }
        handler.endElementNs = { context, _, _, _ in
            ParseState.of(context)?.0.builder.endElement()
        }
        let characters: charactersSAXFunc = { context, bytes, length in
            guard let (state, parser) = ParseState.of(context), let bytes, length > 0 else { return }
            do throws(MultistatusBuilder.Failure) {
                try state.builder.characters(UnsafeBufferPointer(start: bytes, count: Int(length)))
            } catch {
                state.refuse(error.kind, error.message, at: parser)
            }
        }
        handler.characters = characters
        handler.ignorableWhitespace = characters
        handler.cdataBlock = characters
        // A DOCTYPE may declare entities that expand a few bytes into gigabytes, or pull in files;
        // libxml2 reports the DOCTYPE before it reads the internal subset, so refusing here stops
        // before any declaration is looked at.
        handler.internalSubset = { context, _, _, _ in
            guard let (state, parser) = ParseState.of(context) else { return }
            state.refuse(.doctypeRefused, MultistatusError.doctypeMessage, at: parser)
        }
        handler.externalSubset = handler.internalSubset
        handler.entityDecl = { context, _, _, _, _, _ in
            guard let (state, parser) = ParseState.of(context) else { return }
            state.refuse(.doctypeRefused, MultistatusError.doctypeMessage, at: parser)
        }
        // Per-parser structured errors: nothing reaches stderr and no process-wide handler is set.
        handler.serror = { context, error in
            guard let (state, _) = ParseState.of(context), let error, state.libxmlError == nil,
                  error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            var message = "not well-formed XML"
            if let text = error.pointee.message {
                message = String(String(cString: text).reversed().drop(while: \.isNewline).reversed())
            }
            state.libxmlErrorCode = error.pointee.code
            state.libxmlError = MultistatusError(
                kind: .malformedXML, message: message,
                line: Int(error.pointee.line), column: Int(error.pointee.int2))
        }
        return handler
    }

    /// The value of an attribute `name` without a namespace; libxml2 passes attributes as
    /// (localname, prefix, URI, value start, value end) quintuples.
    private static func nameAttribute(count: Int, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) -> String? {
        guard let attributes else { return nil }
        for index in 0..<count {
            let base = index * 5
            guard let localName = attributes[base], attributes[base + 2] == nil,
                  xmlStrEqual(localName, "name") != 0,
                  let start = attributes[base + 3], let end = attributes[base + 4] else { continue }
            let value = UnsafeBufferPointer(start: start, count: end - start)
            return String(decoding: value, as: UTF8.self)
        }
        return nil
    }
}
