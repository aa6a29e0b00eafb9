import CalendarModel

/// One element of an xCal property or component being read: its local name, where its start tag
/// begins, its element children and its own text (value elements hold nothing else).
struct XCalElement: Sendable {
    var name: String
    var line: Int
    var column: Int
    var children: [XCalElement] = []
    /// The text as it arrived; most of it is the indentation around child elements, never looked at.
    var textBytes: [UInt8] = []

    var text: String { String(decoding: textBytes, as: UTF8.self) }
}

/// Turns the SAX events of an xCal document into calendar events, one property or top-level
/// component at a time: only the element being read is held, and it is dropped once handed on.
/// Bounds what a hostile document can make it hold: nesting depth and the size of one item.
final class XCalBuilder {
    /// Why reading stopped, at the parser's current place.
    struct Refusal: Error {
        var line: Int?
        var column: Int?
        var message: String
    }

    /// The largest property or top-level component, counting names, text and a fixed cost per element.
    let maximumItemBytes: Int
    private static let elementCost = 64

    private(set) var ready: [CalendarDocumentEvent] = []
    private var depth = 0
    /// The depth below which elements are skipped (a root child other than `<vcalendar>`).
    private var skippingBelow: Int?
    private var section = ""
    private var open: [XCalElement] = []
    private var itemBytes = 0

    init(maximumItemBytes: Int) {
        self.maximumItemBytes = maximumItemBytes
    }

    func takeReady() -> [CalendarDocumentEvent] {
        defer { ready.removeAll(keepingCapacity: true) }
        return ready
    }

    func startElement(name: String, namespace: @autoclosure () -> String?, line: Int, column: Int) throws(Refusal) {
        depth += 1
        guard depth <= SafeXML.maximumDepth else {
            throw Refusal(message: "elements are nested deeper than \(SafeXML.maximumDepth) levels; this is not a calendar a person made")
        }
        if let skippingBelow, depth > skippingBelow { return }
        switch depth {
        case 1:
            guard name == "icalendar", namespace() == XCalWriter.namespace else {
                throw Refusal(line: line, column: column, message: "not xCal: the root element must be <icalendar xmlns=\"\(XCalWriter.namespace)\">")
            }
        case 2:
            if name == "vcalendar" { ready.append(.calendar) } else { skippingBelow = depth }
        case 3:
            guard name == "properties" || name == "components" else {
                throw Refusal(line: line, column: column, message: "<\(name)> inside <vcalendar>: only <properties> and <components> belong there")
            }
            section = name
        default:
            itemBytes += name.utf8.count + Self.elementCost
            try checkItemSize()
            open.append(XCalElement(name: name, line: line, column: column))
        }
    }

    func endElement() throws(Refusal) {
        defer { depth -= 1 }
        if let skippingBelow, depth >= skippingBelow {
            if depth == skippingBelow { self.skippingBelow = nil }
            return
        }
        guard depth >= 4, let element = open.popLast() else { return }
        guard open.isEmpty else {
            open[open.count - 1].children.append(element)
            return
        }
        itemBytes = 0
        ready.append(section == "properties" ? .property(XCalReader.property(element)) : .component(DocumentComponent(element)))
    }

    func characters(_ bytes: UnsafeBufferPointer<UInt8>) throws(Refusal) {
        guard !open.isEmpty else { return }
        itemBytes += bytes.count
        try checkItemSize()
        open[open.count - 1].textBytes += bytes
    }

    private func checkItemSize() throws(Refusal) {
        guard itemBytes > maximumItemBytes, let first = open.first else { return }
        throw Refusal(message: "the <\(first.name)> begun on line \(first.line) is larger than \(DocumentError.size(maximumItemBytes))")
    }
}
