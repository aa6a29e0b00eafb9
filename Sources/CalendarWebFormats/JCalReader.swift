import CalendarModel
import JSONReading

/// Reads jCal (RFC 7265) into the lossless model as a stream: the text is read in chunks and each
/// VCALENDAR property and top-level component is parsed and handed on on its own, so memory holds
/// one component however large the document. VALUE is restored where a property's type is not its
/// default and text is escaped again for iCalendar; numbers keep their literal.
package struct JCalReader {
    /// The largest property or top-level component as JSON text: a document may be of any size, but
    /// what is held at once is bounded.
    package var maximumComponentBytes: Int

    package init(maximumComponentBytes: Int = 64 << 20) {
        self.maximumComponentBytes = maximumComponentBytes
    }

    /// Reads a document (one calendar, or an array of them) that arrives in pieces: `nextChunk` is
    /// called until it returns nil, `handle` once per calendar, property and top-level component. A
    /// ``DocumentError`` says where the document is wrong; errors thrown by the closures are rethrown.
    package func read(chunks nextChunk: @escaping () throws -> [UInt8]?, _ handle: (CalendarDocumentEvent) throws -> Void) throws {
        try read(
            appendingChunks: { buffer in
                guard let chunk = try nextChunk() else { return false }
                buffer += chunk
                return true
            }, handle)
    }

    /// Reads a document as `read(chunks:_:)` does, with `appendChunk` appending each piece straight
    /// to the bytes it is given (a file's reads, with no chunk of their own to copy) and saying false
    /// once the text has ended.
    package func read(
        appendingChunks appendChunk: @escaping (_ buffer: inout [UInt8]) throws -> Bool,
        _ handle: (CalendarDocumentEvent) throws -> Void
    ) throws {
        var stream = JSONStream(chunks: appendChunk, maximumValueBytes: maximumComponentBytes)
        let notJCal = "not jCal: the document must be an array such as [\"vcalendar\", [...], [...]]"
        try stream.expect(UInt8(ascii: "["), notJCal)
        switch try stream.peek() {
        case UInt8(ascii: "\""):
            try calendar(&stream, path: "$", handle)
        case UInt8(ascii: "["):
            var index = 0
            repeat {
                try stream.expect(UInt8(ascii: "["), notJCal)
                try calendar(&stream, path: "$[\(index)]", handle)
                index += 1
            } while try stream.commaOrClose()
        default:
            throw stream.error(notJCal)
        }
        try stream.expectEnd()
    }

    /// The VCALENDAR components of a whole jCal document in memory.
    package func calendars(from bytes: [UInt8]) throws -> [Component] {
        var pending: [UInt8]? = bytes
        return try CalendarDocumentEvent.calendars { handle in
            try read(
                chunks: {
                    defer { pending = nil }; return pending
                }, handle)
        }
    }

    /// One calendar after its `[`: the name, the properties, the components, and its `]`.
    private func calendar(_ stream: inout JSONStream, path: String, _ handle: (CalendarDocumentEvent) throws -> Void) throws {
        let shape = "\(path): a component must be [name, [properties], [components]]"
        let (name, place) = try stream.value()
        guard case .string = name else { throw DocumentError(line: place.line, column: place.column, shape) }
        try handle(.calendar)
        try stream.expect(UInt8(ascii: ","), shape)
        try stream.expect(UInt8(ascii: "["), shape)
        try items(&stream) { index, text in
            let json = try text.parsed()
            do {
                try handle(.property(try Self.property(json, path: "\(path)[1][\(index)]")))
            } catch let error as DocumentError {
                throw error.placed(at: text.origin)
            }
        }
        try stream.expect(UInt8(ascii: ","), shape)
        try stream.expect(UInt8(ascii: "["), shape)
        try items(&stream) { index, text in
            try handle(.component(DocumentComponent(text, calendarPath: path, index: index)))
        }
        try stream.expect(UInt8(ascii: "]"), shape)
    }

    /// The values of an array whose `[` has been read, through its `]`, each as its text.
    private func items(_ stream: inout JSONStream, _ each: (Int, JSONCut) throws -> Void) throws {
        if try stream.peek() == UInt8(ascii: "]") {
            _ = try stream.commaOrClose()
            return
        }
        var index = 0
        repeat {
            try each(index, try stream.cut())
            index += 1
        } while try stream.commaOrClose()
    }

    package static func component(_ json: JSONValue, path: String) throws(DocumentError) -> Component {
        guard case .array(let parts) = json, parts.count == 3, case .string(let name) = parts[0],
            case .array(let properties) = parts[1], case .array(let children) = parts[2]
        else {
            throw DocumentError("\(path): a component must be [name, [properties], [components]]")
        }
        var result = Component(name: name.uppercased())
        for (index, item) in properties.enumerated() {
            result.properties.append(try property(item, path: "\(path)[1][\(index)]"))
        }
        for (index, item) in children.enumerated() {
            result.components.append(try component(item, path: "\(path)[2][\(index)]"))
        }
        return result
    }

    package static func property(_ json: JSONValue, path: String) throws(DocumentError) -> Property {
        guard case .array(let parts) = json, parts.count >= 4, case .string(let rawName) = parts[0],
            case .object(let parameterPairs) = parts[1], case .string(let typeName) = parts[2]
        else {
            throw DocumentError("\(path): a property must be [name, {parameters}, type, value, …]")
        }
        let name = rawName.uppercased()
        // Looked up once for the default type, the layout and VALUE: a lookup hashes the name.
        let design = PropertyDesignTable.design(for: name)
        // RFC 7265 names types in lower case; a writer's `TEXT` means the same type.
        let type = ValueType(name: typeName, likely: design?.type ?? .unknown)
        var parameters = try parameterPairs.map { pair throws(DocumentError) -> Parameter in
            switch pair.value {
            case .string(let value): return Parameter(pair.key, value)
            case .array(let values):
                return Parameter(name: pair.key, values: values.map { if case .string(let s) = $0 { s } else { "" } })
            default: throw DocumentError("\(path): parameter \(pair.key) must be a string or an array of strings")
            }
        }
        let values = parts[3...].map { typedValue($0, type: type) }
        let raw =
            type == .unknown
            ? values.map { if case .string(let s) = $0 { s } else if case .number(let n) = $0 { n } else { "" } }.joined(separator: ",")
            : ValueCodec.raw(values, type: type, layout: design?.layout(for: type) ?? .single)
        let read = ValueCodec.readType(type, raw: raw)
        if ValueCodec.needsValueParameter(read, design: design) && !parameters.contains(where: { $0.name == "VALUE" }) {
            parameters.append(Parameter("VALUE", read.icalendarName))
        }
        return Property(name: name, parameters: parameters, value: raw)
    }

    private static func typedValue(_ json: JSONValue, type: ValueType) -> TypedValue {
        switch json {
        case .string(let text):
            guard type == .period else { return .string(text) }
            let halves = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard halves.count == 2 else { return .string(text) }
            let isDuration = halves[1].hasPrefix("P") || halves[1].hasPrefix("-P") || halves[1].hasPrefix("+P")
            return .period(start: halves[0], end: isDuration ? nil : halves[1], duration: isDuration ? halves[1] : nil)
        case .number(let literal): return .number(literal)
        case .bool(let flag): return .boolean(flag)
        case .null: return .string("")
        case .array(let items):
            // Some writers (python icalendar) give a period as [start, end]; read it as the period it is.
            if type == .period, items.count == 2, case .string(let start) = items[0], case .string(let end) = items[1] {
                return typedValue(.string(start + "/" + end), type: type)
            }
            return .parts(items.map { typedValue($0, type: type) })
        case .object(let pairs):
            return ValueCodec.inRuleOrder(
                pairs.map { pair in
                    let values: [JSONValue]
                    if case .array(let items) = pair.value { values = items } else { values = [pair.value] }
                    return (
                        pair.key,
                        values.map { value in
                            switch value {
                            case .string(let s), .number(let s): return s
                            default: return ""
                            }
                        }
                    )
                })
        }
    }
}
