/// What `XMLPushParser` hands its reader, one call per SAX event in document order. The handler
/// knows no libxml2: names and text arrive as Swift values and bytes, and a thrown error stops the
/// parser and comes back as the `refused` reason of an `XMLReadingFailure`.
protocol XMLElementHandler: AnyObject {
    func startElement(_ tag: XMLStartTag) throws
    func endElement() throws
    /// Text of the element open now, in pieces as libxml2 reads them; valid only during the call.
    func characters(_ text: UnsafeBufferPointer<UInt8>) throws
}

/// Why `XMLPushParser` stopped reading, at the place in the document where it stopped; each reader
/// words it for its own error type.
struct XMLReadingFailure: Error {
    enum Reason {
        /// libxml2 found the document not well-formed (its own message), or cut short.
        case notWellFormed(String)
        /// The document has a DOCTYPE, which could declare entities or pull in files.
        case doctype
        /// Elements nested deeper than `SafeXML.maximumDepth`.
        case nestingTooDeep
        /// The handler threw this.
        case refused(any Error)
    }

    var reason: Reason
    var line: Int
    var column: Int
    /// The document ended while an element was still open: libxml2 words that as "Extra content at
    /// the end of the document", which a reader may want to say better.
    var endedInsideElement = false
}
