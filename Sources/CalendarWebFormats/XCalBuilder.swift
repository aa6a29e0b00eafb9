import CalendarModel
import JSONReading

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

/// A property or top-level component as it was read: its elements' starts and ends and its text, in
/// document order. Kept flat, so that the thread reading the document makes no arrays per element;
/// the tree is grown where the item is built.
struct XCalRecord: Sendable {
    /// One step of the item, in document order.
    enum Mark: Sendable {
        case start(name: String, line: Int, column: Int)
        /// Text of the element open here: a range of `text`.
        case text(Range<Int>)
        case end
    }

    var marks: [Mark] = []
    var text: [UInt8] = []

    /// The item's outermost element, with everything in it.
    func element() -> XCalElement {
        var open: [XCalElement] = []
        for mark in marks {
            switch mark {
            case .start(let name, let line, let column):
                open.append(XCalElement(name: name, line: line, column: column))
            case .text(let range):
                open[open.count - 1].textBytes += text[range]
            case .end:
                let element = open.removeLast()
                guard !open.isEmpty else { return element }
                open[open.count - 1].children.append(element)
            }
        }
        preconditionFailure("an xCal record ends with its outermost element's end")
    }
}

/// Turns the SAX events of an xCal document into calendar events, one property or top-level
/// component at a time: only the element being read is held, and it is dropped once handed on.
/// Bounds what a hostile document can make it hold: the size of one item (`XMLPushParser` bounds the nesting).
final class XCalBuilder: XMLElementHandler {
    /// Why reading stopped: at the start tag named, or else at the parser's current place.
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
    /// The property or component being read, how many of its elements are open, and its first
    /// element's name and line for a refusal.
    private var record = XCalRecord()
    private var openElements = 0
    private var itemName = ""
    private var itemLine = 0
    private var itemBytes = 0

    /// Where libxml2's line 1, column 1 stands in the document: elsewhere when the parser reads a
    /// range of the document's components wrapped in an opening of its own.
    private let origin: JSONPosition

    init(maximumItemBytes: Int, origin: JSONPosition = .start) {
        self.maximumItemBytes = maximumItemBytes
        self.origin = origin
    }

    /// Whether the reading stands inside a VCALENDAR's `<components>`, between two of them: what
    /// follows may then be read apart as whole components.
    var isBetweenComponents: Bool {
        depth == 3 && section == "components" && skippingBelow == nil && openElements == 0
    }

    func takeReady() -> [CalendarDocumentEvent] {
        defer { ready.removeAll(keepingCapacity: true) }
        return ready
    }

    func startElement(_ tag: XMLStartTag) throws(Refusal) {
        // Read field by field: taking them as one tuple copied the whole tag for every element.
        let name = tag.name
        let line = tag.line == 1 ? origin.line : origin.line + tag.line - 1
        let column = tag.line == 1 ? origin.column + tag.column - 1 : tag.column
        depth += 1
        if let skippingBelow, depth > skippingBelow { return }
        switch depth {
        case 1:
            guard name == "icalendar", tag.namespace == XCalWriter.namespace else {
                throw Refusal(
                    line: line, column: column, message: "not xCal: the root element must be <icalendar xmlns=\"\(XCalWriter.namespace)\">")
            }
        case 2:
            if name == "vcalendar" { ready.append(.calendar) } else { skippingBelow = depth }
        case 3:
            guard name == "properties" || name == "components" else {
                throw Refusal(
                    line: line, column: column, message: "<\(name)> inside <vcalendar>: only <properties> and <components> belong there")
            }
            section = name
        default:
            itemBytes += name.utf8.count + Self.elementCost
            try checkItemSize()
            if openElements == 0 { (itemName, itemLine) = (name, line) }
            openElements += 1
            record.marks.append(.start(name: name, line: line, column: column))
        }
    }

    func endElement() throws(Refusal) {
        defer { depth -= 1 }
        if let skippingBelow, depth >= skippingBelow {
            if depth == skippingBelow { self.skippingBelow = nil }
            return
        }
        guard depth >= 4, openElements > 0 else { return }
        openElements -= 1
        record.marks.append(.end)
        guard openElements == 0 else { return }
        itemBytes = 0
        let item = record
        // The next item is about as large: room for it is made once, not grown element by element.
        record = XCalRecord()
        record.marks.reserveCapacity(item.marks.count)
        record.text.reserveCapacity(item.text.count)
        ready.append(section == "properties" ? .property(XCalReader.property(item.element())) : .component(DocumentComponent(item)))
    }

    func characters(_ bytes: UnsafeBufferPointer<UInt8>) throws(Refusal) {
        guard openElements > 0 else { return }
        itemBytes += bytes.count
        try checkItemSize()
        let start = record.text.count
        record.text += bytes
        record.marks.append(.text(start..<record.text.count))
    }

    private func checkItemSize() throws(Refusal) {
        guard itemBytes > maximumItemBytes, openElements > 0 else { return }
        throw Refusal(message: "the <\(itemName)> begun on line \(itemLine) is larger than \(DocumentError.size(maximumItemBytes))")
    }
}
