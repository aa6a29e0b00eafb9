import CLibxml2
import JSONReading

/// The one bridge to libxml2's push parser, for xCal and multistatus alike: SAX2 callbacks drive an
/// `XMLElementHandler`, the document is fed in slices and never becomes a tree. It reads with
/// `SafeXML`'s options, refuses a DOCTYPE and nesting deeper than `SafeXML.maximumDepth`, and says
/// where reading stopped. The parser context lives only inside `withParser`; the callbacks reach the
/// Swift state through its `_private` slot, so no libxml2 pointer leaves this file and `XMLStartTag`.
enum XMLPushParser {
    /// Feeds bytes; `isLast` says the document has ended, so a cut-short one is reported rather
    /// than waited for.
    typealias Feed = (_ bytes: UnsafeBufferPointer<UInt8>, _ isLast: Bool) throws(XMLReadingFailure) -> Void

    /// The most bytes handed to libxml2 at once: slices keep its input buffer, and what a reader
    /// holds between slices (finished responses, components), small however large a chunk is.
    static let sliceSize = 64 << 10

    /// Calls `step` with each chunk `nextChunk` gives, cut into slices of at most `sliceSize`, until
    /// it returns nil, and then once more with no bytes and `isLast` set.
    static func feedInSlices(
        of nextChunk: () throws -> [UInt8]?,
        _ step: (_ bytes: UnsafeBufferPointer<UInt8>, _ isLast: Bool) throws -> Void
    ) throws {
        while let chunk = try nextChunk() {
            try chunk.withUnsafeBufferPointer { bytes in
                var start = 0
                while start < bytes.count {
                    let end = min(start + sliceSize, bytes.count)
                    try step(UnsafeBufferPointer(rebasing: bytes[start..<end]), false)
                    start = end
                }
            }
        }
        try step(UnsafeBufferPointer(start: nil, count: 0), true)
    }

    static func withParser<Result>(handler: some XMLElementHandler, _ body: (Feed) throws -> Result) throws -> Result {
        try withSession(handler: handler) { session in try body(session.feed) }
    }

    /// A parser being fed, which can also be moved on over text it is not given: whole top-level
    /// components read by parsers of their own.
    struct Session {
        let feed: Feed
        /// Whether libxml2 has read every byte fed so far: only then does moving its place on
        /// misplace nothing it still holds.
        let isCaughtUp: () -> Bool
        /// Moves the parser's place on from `from` to `to` (line and column as libxml2 counts them:
        /// a line feed begins a line, a column is a character), as if it had read the text between.
        let skip: (_ from: JSONPosition, _ to: JSONPosition) -> Void
    }

    static func withSession<Result>(handler: some XMLElementHandler, _ body: (Session) throws -> Result) throws -> Result {
        _ = SafeXML.initialised
        var callbacks = makeCallbacks()
        guard let context = xmlCreatePushParserCtxt(&callbacks, nil, nil, 0, nil) else {
            throw XMLReadingFailure(reason: .notWellFormed("libxml2 could not start a parser"), line: 0, column: 0)
        }
        defer { xmlFreeParserCtxt(context) }
        xmlCtxtUseOptions(context, SafeXML.parserOptions)
        let state = ParseState(handler: handler)
        return try withExtendedLifetime(state) {
            context.pointee._private = Unmanaged.passUnretained(state).toOpaque()
            defer { context.pointee._private = nil }
            let feed: Feed = { bytes, isLast throws(XMLReadingFailure) in
                let result = bytes.withMemoryRebound(to: CChar.self) {
                    xmlParseChunk(context, $0.baseAddress, Int32($0.count), isLast ? 1 : 0)
                }
                if let failure = state.failure { throw failure }
                guard result != 0 || context.pointee.wellFormed == 0 else { return }
                guard var failure = state.libxmlFailure else {
                    throw XMLReadingFailure(
                        reason: .notWellFormed("not well-formed XML"), line: Int(xmlSAX2GetLineNumber(context)),
                        column: Int(xmlSAX2GetColumnNumber(context)))
                }
                failure.endedInsideElement = isLast && state.libxmlCode == Int32(XML_ERR_DOCUMENT_END.rawValue) && state.depth > 0
                throw failure
            }
            return try body(
                Session(
                    feed: feed,
                    isCaughtUp: {
                        guard let input = context.pointee.input else { return false }
                        return state.failure == nil && context.pointee.wellFormed != 0 && input.pointee.cur == input.pointee.end
                    },
                    skip: { from, to in
                        guard let input = context.pointee.input else { return }
                        if to.line > from.line {
                            input.pointee.line += Int32(to.line - from.line)
                            input.pointee.col = Int32(to.column)
                        } else {
                            input.pointee.col += Int32(to.column - from.column)
                        }
                    }))
        }
    }

    /// What the callbacks reach: the handler, the open depth and the first failure.
    private final class ParseState {
        let handler: any XMLElementHandler
        var depth = 0
        var failure: XMLReadingFailure?
        var libxmlFailure: XMLReadingFailure?
        var libxmlCode: Int32 = 0
        /// Element names as Swift strings, by the parser's interned name: a document uses a few
        /// dozen, and a hostile document's millions of names are not kept.
        private var names: [UnsafePointer<xmlChar>: String] = [:]

        init(handler: any XMLElementHandler) {
            self.handler = handler
        }

        /// The state behind a callback's context, or nil once reading has failed, so nothing more
        /// is built from a document already refused.
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

        /// Runs one handler step; what it throws is recorded as a refusal and stops libxml2.
        func run(_ parser: xmlParserCtxtPtr, _ step: () throws -> Void) {
            do {
                try step()
            } catch {
                stop(.refused(error), at: parser)
            }
        }

        /// Records why reading stopped, at the parser's current place, and stops libxml2 reading further.
        func stop(_ reason: XMLReadingFailure.Reason, at parser: xmlParserCtxtPtr) {
            failure = XMLReadingFailure(
                reason: reason, line: Int(xmlSAX2GetLineNumber(parser)), column: Int(xmlSAX2GetColumnNumber(parser)))
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

    private static func makeCallbacks() -> xmlSAXHandler {
        var callbacks = xmlSAXHandler()
        callbacks.initialized = UInt32(XML_SAX2_MAGIC)
        callbacks.startElementNs = { context, localName, _, namespace, _, _, attributeCount, _, attributes in
            guard let (state, parser) = ParseState.of(context), let localName else { return }
            state.depth += 1
            guard state.depth <= SafeXML.maximumDepth else { return state.stop(.nestingTooDeep, at: parser) }
            let tag = XMLStartTag(
                name: state.name(localName), line: Int(xmlSAX2GetLineNumber(parser)),
                column: XMLPushParser.startTagColumn(parser), namespaceURI: namespace,
                attributeCount: Int(attributeCount), attributes: attributes)
            state.run(parser) { try state.handler.startElement(tag) }
        }
        callbacks.endElementNs = { context, _, _, _ in
            guard let (state, parser) = ParseState.of(context) else { return }
            state.depth -= 1
            state.run(parser) { try state.handler.endElement() }
        }
        let characters: charactersSAXFunc = { context, bytes, length in
            guard let (state, parser) = ParseState.of(context), let bytes, length > 0 else { return }
            state.run(parser) { try state.handler.characters(UnsafeBufferPointer(start: bytes, count: Int(length))) }
        }
        callbacks.characters = characters
        callbacks.ignorableWhitespace = characters
        callbacks.cdataBlock = characters
        // A DOCTYPE may declare entities that grow a few bytes into gigabytes, or pull in files; libxml2
        // reports it before reading any declaration of the internal subset, so refusing here is in time.
        callbacks.internalSubset = { context, _, _, _ in
            guard let (state, parser) = ParseState.of(context) else { return }
            state.stop(.doctype, at: parser)
        }
        callbacks.externalSubset = callbacks.internalSubset
        callbacks.entityDecl = { context, _, _, _, _, _ in
            guard let (state, parser) = ParseState.of(context) else { return }
            state.stop(.doctype, at: parser)
        }
        // Per-parser structured errors: nothing reaches stderr and no process-wide handler is set.
        callbacks.serror = { context, error in
            guard let (state, _) = ParseState.of(context), let error, state.libxmlFailure == nil,
                error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue
            else { return }
            let message = error.pointee.message.map { String(cString: $0).surroundingWhitespaceRemoved } ?? "not well-formed XML"
            state.libxmlCode = error.pointee.code
            state.libxmlFailure = XMLReadingFailure(
                reason: .notWellFormed(message), line: Int(error.pointee.line), column: Int(error.pointee.int2))
        }
        return callbacks
    }
}
