import CLibxml2

/// libxml2's push parser with SAX2 callbacks that drive an `XCalBuilder`: the document is fed in
/// slices and never becomes a tree. The parser context lives only inside `withParser`; the
/// callbacks reach the Swift state through its `_private` slot.
enum XCalPushParser {
    /// Feeds bytes; `isLast` says the document has ended, so a cut-short one is reported.
    typealias Feed = (_ bytes: UnsafeBufferPointer<UInt8>, _ isLast: Bool) throws(DocumentError) -> Void

    static func withParser<Result>(builder: XCalBuilder, _ body: (Feed) throws -> Result) throws -> Result {
        _ = SafeXML.initialised
        var handler = makeHandler()
        guard let context = xmlCreatePushParserCtxt(&handler, nil, nil, 0, "xcal.xml") else {
            throw DocumentError("libxml2 could not start a parser")
        }
        defer { xmlFreeParserCtxt(context) }
        xmlCtxtUseOptions(context, SafeXML.parserOptions)
        let state = ParseState(builder: builder)
        return try withExtendedLifetime(state) {
            context.pointee._private = Unmanaged.passUnretained(state).toOpaque()
            defer { context.pointee._private = nil }
            return try body { bytes, isLast throws(DocumentError) in
                let result = bytes.withMemoryRebound(to: CChar.self) {
                    xmlParseChunk(context, $0.baseAddress, Int32($0.count), isLast ? 1 : 0)
                }
                if let failure = state.failure { throw failure }
                guard result != 0 || context.pointee.wellFormed == 0 else { return }
                throw state.libxmlError ?? DocumentError(line: Int(xmlSAX2GetLineNumber(context)),
                                                         column: Int(xmlSAX2GetColumnNumber(context)), "not well-formed XML")
            }
        }
    }

    /// What the callbacks reach: the builder and the first failure.
    private final class ParseState {
        let builder: XCalBuilder
        var failure: DocumentError?
        var libxmlError: DocumentError?
        /// Element names as Swift strings, by the parser's interned name: a calendar uses a few dozen,
        /// and a hostile document's millions of names are not kept.
        private var names: [UnsafePointer<xmlChar>: String] = [:]

        init(builder: XCalBuilder) {
            self.builder = builder
        }

        /// The state behind a callback's context, or nil once reading has failed.
        static func of(_ context: UnsafeMutableRawPointer?) -> (ParseState, xmlParserCtxtPtr)? {
            guard let context else { return nil }
            let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
            guard let raw = parser.pointee._private else { return nil }
            let state = Unmanaged<ParseState>.fromOpaque(raw).takeUnretainedValue()
            return state.failure == nil ? (state, parser) : nil
        }

        func name(_ interned: UnsafePointer<xmlChar>) -> String {
            if let known = names[interned] { return known }
            let name = String(cString: interned)
            if names.count < 1_000 { names[interned] = name }
            return name
        }

        /// Runs one builder step; a refusal is recorded at the parser's place and stops libxml2.
        func run(_ parser: xmlParserCtxtPtr, _ step: () throws(XCalBuilder.Refusal) -> Void) {
            do throws(XCalBuilder.Refusal) {
                try step()
            } catch {
                if let line = error.line {
                    failure = DocumentError(line: line, column: error.column, error.message)
                    xmlStopParser(parser)
                } else {
                    refuse(error.message, at: parser)
                }
            }
        }

        /// Records a refusal at the parser's current place and stops libxml2 reading further.
        func refuse(_ message: String, at parser: xmlParserCtxtPtr) {
            failure = DocumentError(line: Int(xmlSAX2GetLineNumber(parser)), column: Int(xmlSAX2GetColumnNumber(parser)), message)
            xmlStopParser(parser)
        }
    }

    /// The column where the start tag just read begins: libxml2 stands after its `>`, and the tag's
    /// `<` is the last one before (attribute values cannot hold a raw `<`).
    private static func startTagColumn(_ parser: xmlParserCtxtPtr) -> Int {
        let column = Int(xmlSAX2GetColumnNumber(parser))
        guard let input = parser.pointee.input, let base = input.pointee.base, var cursor = input.pointee.cur else { return column }
        var back = 0
        while cursor > base {
            cursor -= 1
            back += 1
            if cursor.pointee == UInt8(ascii: "<") { return max(1, column - back) }
        }
        return column
    }

    private static func makeHandler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { context, localName, _, namespace, _, _, _, _, _ in
            guard let (state, parser) = ParseState.of(context), let localName else { return }
            let line = Int(xmlSAX2GetLineNumber(parser)), column = XCalPushParser.startTagColumn(parser)
            state.run(parser) { () throws(XCalBuilder.Refusal) in
                try state.builder.startElement(name: state.name(localName), namespace: namespace.map { String(cString: $0) },
                                               line: line, column: column)
            }
        }
        handler.endElementNs = { context, _, _, _ in
            guard let (state, parser) = ParseState.of(context) else { return }
            state.run(parser) { () throws(XCalBuilder.Refusal) in try state.builder.endElement() }
        }
        let characters: charactersSAXFunc = { context, bytes, length in
            guard let (state, parser) = ParseState.of(context), let bytes, length > 0 else { return }
            state.run(parser) { () throws(XCalBuilder.Refusal) in
                try state.builder.characters(UnsafeBufferPointer(start: bytes, count: Int(length)))
            }
        }
        handler.characters = characters
        handler.ignorableWhitespace = characters
        handler.cdataBlock = characters
        // A DOCTYPE may declare entities that grow a few bytes into gigabytes, or pull in files; libxml2
        // reports it before reading any declaration of the internal subset, so refusing here is in time.
        handler.internalSubset = { context, _, _, _ in
            guard let (state, parser) = ParseState.of(context) else { return }
            state.refuse(SafeXML.doctypeRefusal, at: parser)
        }
        handler.externalSubset = handler.internalSubset
        handler.entityDecl = { context, _, _, _, _, _ in
            guard let (state, parser) = ParseState.of(context) else { return }
            state.refuse(SafeXML.doctypeRefusal, at: parser)
        }
        // Per-parser structured errors: nothing reaches stderr and no process-wide handler is set.
        handler.serror = { context, error in
            guard let (state, _) = ParseState.of(context), let error, state.libxmlError == nil,
                  error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            let message = error.pointee.message.map { String(cString: $0).surroundingWhitespaceRemoved } ?? "not well-formed XML"
            state.libxmlError = DocumentError(line: Int(error.pointee.line), column: Int(error.pointee.int2), message)
        }
        return handler
    }
}
