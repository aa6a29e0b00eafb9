import CalendarModel

/// Reads xCal (RFC 6321) into the lossless model as a stream: libxml2's push parser reads the
/// document in slices and each VCALENDAR property and top-level component is handed on as soon as
/// its element closes, so memory holds one component however large the document. Element names
/// become component and property names, value elements give the type (VALUE is restored where it
/// is not the property's default), text is escaped again for iCalendar, GEO, REQUEST-STATUS,
/// RECUR and PERIOD come back from their structured forms. A DOCTYPE, nesting deeper than
/// `SafeXML.maximumDepth` and a component larger than `maximumComponentBytes` are refused.
package struct XCalReader {
    /// The largest property or top-level component (names, text and a little per element): a
    /// document may be of any size, but what is held at once is bounded.
    package var maximumComponentBytes: Int

    package init(maximumComponentBytes: Int = 64 << 20) {
        self.maximumComponentBytes = maximumComponentBytes
    }

    /// Reads a document that arrives in pieces: `nextChunk` is called until it returns nil, `handle`
    /// once per calendar, property and top-level component. A ``DocumentError`` says where the
    /// document is wrong; errors thrown by the closures are rethrown as they are.
    package func read(chunks nextChunk: () throws -> [UInt8]?, _ handle: (CalendarDocumentEvent) throws -> Void) throws {
        let builder = XCalBuilder(maximumItemBytes: maximumComponentBytes)
        try XMLPushParser.withParser(handler: builder) { feed in
            // What completed before an error is handed on first, however the document was cut into chunks.
            try XMLPushParser.feedInSlices(of: nextChunk) { bytes, isLast in
                var failure: DocumentError?
                do throws(XMLReadingFailure) { try feed(bytes, isLast) } catch { failure = DocumentError(error) }
                try builder.takeReady().forEach(handle)
                if let failure { throw failure }
            }
        }
    }

    /// The VCALENDAR components of a whole xCal document in memory.
    package func calendars(from bytes: [UInt8]) throws -> [Component] {
        var pending: [UInt8]? = bytes
        return try CalendarDocumentEvent.calendars { handle in
            try read(
                chunks: {
                    defer { pending = nil }; return pending
                }, handle)
        }
    }

    static func component(_ element: XCalElement) throws(DocumentError) -> Component {
        var result = Component(name: element.name.uppercased(), location: SourceLocation(line: element.line))
        for child in element.children {
            switch child.name {
            case "properties": result.properties += child.children.map(property)
            case "components":
                for grandchild in child.children { result.components.append(try component(grandchild)) }
            default:
                throw DocumentError(
                    line: child.line, column: child.column,
                    "<\(child.name)> inside <\(element.name)>: only <properties> and <components> belong there")
            }
        }
        return result
    }

    /// A parameter's values, each read in the type its element names. A bare `<tzid>US/Eastern</tzid>`,
    /// as RFC 6321's own example B.2.2 writes it, is its text in the parameter's own type: a bare
    /// `<rsvp>w</rsvp>` is kept as `w`. Only a real boolean changes case: xCal writes it in lower case,
    /// iCalendar in upper case; anything else the writer writes as `<unknown>`, as it was read.
    static func parameter(_ element: XCalElement) -> Parameter {
        func value(_ text: String, as type: ValueType) -> String {
            type == .boolean && ValueType.boolean.reads(text) ? text.uppercased() : text
        }
        let name = element.name.uppercased()
        return Parameter(
            name: name,
            values: element.children.isEmpty
                ? [value(element.text, as: ParameterDesignTable.type(of: name))]
                : element.children.map { value($0.text, as: ValueType(name: $0.name)) })
    }

    static func property(_ element: XCalElement) -> Property {
        let name = element.name.uppercased()
        // Looked up once for the default type, the layout and VALUE: a lookup hashes the name.
        let design = PropertyDesignTable.design(for: name)
        var parameters: [Parameter] = []
        var valueElements: [XCalElement] = []
        for child in element.children {
            if child.name == "parameters" {
                parameters = child.children.map(Self.parameter)
            } else {
                valueElements.append(child)
            }
        }
        let (type, values) = typedValues(
            valueElements, design: design,
            bareText: valueElements.isEmpty ? element.text.surroundingWhitespaceRemoved : "")
        let raw =
            type == .unknown
            ? values.map { if case .string(let s) = $0 { s } else { "" } }.joined(separator: ",")
            : ValueCodec.raw(values, type: type, layout: design?.layout(for: type) ?? .single)
        let read = ValueCodec.readType(type, raw: raw)
        if ValueCodec.needsValueParameter(read, design: design) && !parameters.contains(where: { $0.name == "VALUE" }) {
            parameters.append(Parameter("VALUE", read.icalendarName))
        }
        return Property(name: name, parameters: parameters, value: raw, location: SourceLocation(line: element.line))
    }

    /// REQUEST-STATUS's parts as RFC 6321's `<request-status>` holds them, a code, a description and
    /// at most one `<data>`: every part after the description is the one extra data, joined by the
    /// `;` that stood between them, so that none is lost and the value reads back as itself. An
    /// iCalendar producer that leaves the `;` of its extra data unescaped
    /// (`3.7;Invalid user;ATTENDEE;CN=A:mailto:a@example.org`) gives more than three parts, and so
    /// does an xCal one that writes more elements than the three.
    static func requestStatusParts(_ texts: [String]) -> [String] {
        texts.count > 3 ? Array(texts.prefix(2)) + [texts.dropFirst(2).joined(separator: ";")] : texts
    }

    /// The type a property's value elements name, and their values.
    private static func typedValues(_ elements: [XCalElement], design: PropertyDesign?, bareText: String) -> (ValueType, [TypedValue]) {
        // No value element (`<tzid>US/Eastern</tzid>`, as RFC 6321's example B.2.2 writes it): the bare text,
        // read as the property's default type.
        guard let first = elements.first else {
            let type = design?.type ?? .unknown
            return (type, [ValueCodec.decode(ValueCodec.encode(.string(bareText), type: type == .text ? .text : .unknown), type: type)])
        }
        switch first.name {
        case "latitude", "longitude":
            return (.float, [.parts(elements.map { .number($0.text) })])
        case "code", "description", "data":
            return (.text, [.parts(requestStatusParts(elements.map(\.text)).map { .string($0) })])
        case ValueType.period.name:
            return (
                .period,
                elements.map { period in
                    let parts = Dictionary(period.children.map { ($0.name, $0.text) }, uniquingKeysWith: { a, _ in a })
                    return .period(start: parts["start"] ?? "", end: parts["end"], duration: parts["duration"])
                }
            )
        case ValueType.recur.name:
            var parts: [(name: String, values: [String])] = []
            for part in first.children {
                if let index = parts.firstIndex(where: { $0.name == part.name }) {
                    parts[index].values.append(part.text)
                } else {
                    parts.append((part.name, [part.text]))
                }
            }
            return (.recur, [ValueCodec.inRuleOrder(parts)])
        case let name:
            let type = ValueType(name: name, likely: design?.type ?? .unknown)
            return (
                type,
                elements.map { element in
                    switch type {
                    case .integer, .float: return .number(element.text)
                    case .boolean: return .boolean(element.text == "true")
                    default: return .string(element.text)
                    }
                }
            )
        }
    }
}

extension DocumentError {
    /// xCal's words for why the push parser stopped; a builder's refusal keeps the start tag it names.
    init(_ failure: XMLReadingFailure) {
        switch failure.reason {
        case .notWellFormed(let message): self.init(line: failure.line, column: failure.column, message)
        case .doctype: self.init(line: failure.line, column: failure.column, SafeXML.doctypeRefusal)
        case .nestingTooDeep:
            self.init(
                line: failure.line, column: failure.column,
                "elements are nested deeper than \(SafeXML.maximumDepth) levels; this is not a calendar a person made")
        case .refused(let error as XCalBuilder.Refusal) where error.line != nil:
            self.init(line: error.line, column: error.column, error.message)
        case .refused(let error as XCalBuilder.Refusal):
            self.init(line: failure.line, column: failure.column, error.message)
        case .refused(let error):
            self.init(line: failure.line, column: failure.column, "\(error)")
        }
    }
}
