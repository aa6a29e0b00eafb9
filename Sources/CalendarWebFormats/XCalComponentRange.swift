import JSONReading

/// Whole top-level components of an xCal document's `<components>`, cut out by the byte scan for a
/// parser of their own, and where they begin in the document. The parser reads them wrapped in the
/// document's own opening, so they mean there what they mean in the document; whether the cut was
/// right is known only once they are parsed.
package struct XCalComponentRange: Sendable {
    package var bytes: [UInt8]
    /// Where the first byte stands in the document, as libxml2 counts lines and columns.
    package var origin: JSONPosition

    /// What the document's opening declares around its components, and closes after them: the scan
    /// cuts ranges only where the opening is exactly this.
    private static let opening = Array("<icalendar xmlns=\"\(XCalWriter.namespace)\"><vcalendar><components>".utf8)
    private static let closing = Array("</components></vcalendar></icalendar>".utf8)

    /// The components, placed where they stand in the document; nil when the range is not whole
    /// components (libxml2 or the reader found something wrong in it, or it was cut where the
    /// scan was misled): the document's own parser then reads it, as it would have anyway.
    package func components(maximumComponentBytes: Int) -> [DocumentComponent]? {
        // The opening is one line of ASCII: the range's first byte is at its column plus one.
        let builder = XCalBuilder(
            maximumItemBytes: maximumComponentBytes,
            origin: JSONPosition(line: origin.line, column: origin.column - Self.opening.count))
        do {
            try XMLPushParser.withParser(handler: builder) { feed in
                try Self.opening.withUnsafeBufferPointer { try feed($0, false) }
                try bytes.withUnsafeBufferPointer { try feed($0, false) }
                try Self.closing.withUnsafeBufferPointer { try feed($0, true) }
            }
        } catch {
            return nil
        }
        var components: [DocumentComponent] = []
        for event in builder.takeReady() {
            switch event {
            case .calendar: continue
            case .component(let component): components.append(component)
            case .property: return nil
            }
        }
        return components
    }
}
