import Foundation

/// The state machine behind ``MultistatusReader``: turns element starts, text and element ends into
/// ``DAVResponse`` values, one `<response>` at a time. It knows nothing of libxml2, so what it holds
/// is only the current response and the path of open elements.
final class MultistatusBuilder: XMLElementHandler {
    /// A failure the builder found; the libxml2 side adds the line and column.
    struct Failure: Error {
        var kind: MultistatusError.Kind
        var message: String
    }

    /// What an open element is to a multistatus, found from its parent's role and its own name;
    /// elements in any order and in any prefix land on the same roles.
    private enum Role {
        case multistatus, syncToken, response, responseHref, responseStatus
        case propstat, propstatStatus, prop, property, propertyHref, propertyChild, ignored
    }

    /// One property inside the open `<prop>`, until its propstat's status is known.
    private struct CapturedProperty {
        var key: String
        var text: String = ""
        var members: [String] = []
        var hrefs: [String] = []
        var hasChildren = false
    }

    /// One `<propstat>`: Radicale puts the status after the properties, Xandikos before, so the
    /// properties wait here until the propstat ends.
    private struct OpenPropstat {
        var properties: [CapturedProperty] = []
        var status: Int?
    }

    /// One `<response>`; a bare response may name several hrefs sharing one status.
    private struct OpenResponse {
        var hrefs: [String] = []
        var status: Int?
        var value = DAVResponse(href: "")
        var propertyCount = 0
        /// Text bytes this response keeps, so many large properties cannot add up without bound.
        var keptBytes = 0
    }

    private let limits: MultistatusLimits
    private var roles: [Role] = []
    private var text: [UInt8] = []
    private var textLimit = 0
    private var textElement = ""
    private var response = OpenResponse()
    private var propstat = OpenPropstat()
    private var property = CapturedProperty(key: "")
    private var completed: [DAVResponse] = []
    private(set) var summary = MultistatusSummary()

    init(limits: MultistatusLimits) {
        self.limits = limits
    }

    /// The responses finished since the last call, handed over so they are not held twice.
    func takeCompleted() -> [DAVResponse] {
        defer { completed.removeAll(keepingCapacity: true) }
        return completed
    }

    func startElement(_ tag: XMLStartTag) throws(Failure) {
        let (namespace, name) = (tag.namespace ?? "", tag.name)
        let role: Role
        switch roles.last {
        case nil:
            guard namespace == DAVNamespace.dav && name == "multistatus" else {
                throw Failure(kind: .notMultistatus, message: "the root element is {\(namespace)}\(name), not {DAV:}multistatus")
            }
            role = .multistatus
        case .multistatus?, .response?, .propstat?:
            role = Self.structuralRole(of: roles[roles.count - 1], namespace: namespace, name: name)
            if role == .response { response = OpenResponse() }
            if role == .propstat { propstat = OpenPropstat() }
        case .prop?:
            role = .property
            property = CapturedProperty(key: "{\(namespace)}\(name)")
            response.propertyCount += 1
            guard response.propertyCount <= limits.propertiesPerResponse else {
                throw Failure(
                    kind: .tooManyProperties,
                    message: "a response names more than \(limits.propertiesPerResponse) properties")
            }
        case .property?:
            property.hasChildren = true
            if namespace == DAVNamespace.dav && name == "href" {
                role = .propertyHref
            } else {
                role = .propertyChild
                // comp name="VEVENT" says more than {caldav}comp; resourcetype's children have no name.
                let member = tag.attribute("name") ?? "{\(namespace)}\(name)"
                try keep(member.utf8.count)
                property.members.append(member)
            }
        default:
            role = .ignored
        }
        roles.append(role)
        beginText(for: role, element: name)
    }

    func characters(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) {
        guard textLimit > 0 else { return }
        guard text.count + bytes.count <= textLimit else {
            text = []
            throw Failure(kind: .textTooLarge, message: "the text of <\(textElement)> is larger than \(textLimit) bytes")
        }
        try keep(bytes.count)
        text.append(contentsOf: bytes)
    }

    /// Counts text the current response will keep against its budget: one calendar-data at its
    /// limit plus one other text at its limit, never a thousand of them.
    private func keep(_ count: Int) throws(Failure) {
        let budget = limits.calendarDataBytes + limits.textBytes
        response.keptBytes += count
        guard response.keptBytes <= budget else {
            text = []
            throw Failure(kind: .textTooLarge, message: "one response holds more than \(budget) bytes of text")
        }
    }

    func endElement() {
        guard let role = roles.popLast() else { return }
        switch role {
        case .syncToken:
            summary.syncToken = takeText().trimmedXMLSpace
        case .responseHref:
            response.hrefs.append(DAVHref.decodedPath(takeText().trimmedXMLSpace))
        case .responseStatus:
            response.status = Self.statusCode(takeText())
        case .propstatStatus:
            propstat.status = Self.statusCode(takeText())
        case .propertyHref:
            property.hrefs.append(DAVHref.decodedPath(takeText().trimmedXMLSpace))
        case .property:
            if property.hasChildren {
                text = []
            } else if property.key == DAVPropertyName.calendarData.key {
                property.text = String(decoding: Self.withCRLF(takeBytes()), as: UTF8.self)
            } else {
                property.text = takeText().trimmedXMLSpace
            }
            propstat.properties.append(property)
        case .propstat:
            closePropstat()
        case .response:
            closeResponse()
        default:
            break
        }
        // Whatever follows in the parent is whitespace between elements (or mixed content, which no
        // DAV value has), so nothing more is kept until the next element starts.
        beginText(for: .ignored, element: "")
    }

    /// The role of a child of multistatus, response or propstat. Other namespaces' elements, and
    /// DAV elements calbridge has no use for (responsedescription, error, location), are skipped
    /// with everything inside them.
    private static func structuralRole(of parent: Role, namespace: String, name: String) -> Role {
        guard namespace == DAVNamespace.dav else { return .ignored }
        switch (parent, name) {
        case (.multistatus, "response"): return .response
        case (.multistatus, "sync-token"): return .syncToken
        case (.response, "href"): return .responseHref
        case (.response, "status"): return .responseStatus
        case (.response, "propstat"): return .propstat
        case (.propstat, "prop"): return .prop
        case (.propstat, "status"): return .propstatStatus
        default: return .ignored
        }
    }

    private func beginText(for role: Role, element: String) {
        text.removeAll(keepingCapacity: false)
        textElement = element
        switch role {
        case .syncToken, .responseHref, .responseStatus, .propstatStatus, .propertyHref:
            textLimit = limits.textBytes
        case .property:
            textLimit = property.key == DAVPropertyName.calendarData.key ? limits.calendarDataBytes : limits.textBytes
        default:
            textLimit = 0
        }
    }

    private func closePropstat() {
        // A propstat without a status is broken; reading its properties as found is the kinder guess.
        let status = propstat.status ?? 200
        let found = (200..<300).contains(status)
        for captured in propstat.properties {
            response.value.propertyStatus[captured.key] = status
            guard found else { continue }
            switch captured.key {
            case DAVPropertyName.etag.key:
                response.value.etag = captured.text
            case DAVPropertyName.calendarData.key:
                response.value.calendarData = captured.text
            default:
                if !captured.hrefs.isEmpty {
                    response.value.propertyHrefs[captured.key] = captured.hrefs
                    response.value.properties[captured.key] = captured.hrefs[0]
                } else if captured.hasChildren {
                    response.value.properties[captured.key] = captured.members.joined(separator: " ")
                } else {
                    response.value.properties[captured.key] = captured.text
                }
            }
        }
        propstat = OpenPropstat()
    }

    private func closeResponse() {
        // A response without an href names no resource; there is nothing a client could do with it.
        for href in response.hrefs {
            var value = response.value
            value.href = href
            value.status = response.status
            completed.append(value)
            summary.responseCount += 1
        }
        response = OpenResponse()
    }

    private func takeBytes() -> [UInt8] {
        defer { text = [] }
        return text
    }

    private func takeText() -> String {
        String(decoding: takeBytes(), as: UTF8.self)
    }

    /// `HTTP/1.1 404 Not Found` → 404.
    static func statusCode(_ line: String) -> Int? {
        // An ASCII line's bytes split as its characters do (CR LF, one character, is blank as its
        // bytes are), without walking graphemes twice for each response.
        if line.utf8.allSatisfy({ $0 < 0x80 }) {
            let words = line.utf8.split { $0 == UInt8(ascii: " ") || (0x09...0x0D).contains($0) }
            guard words.count >= 2, words[0].starts(with: "HTTP/".utf8), words[1].count == 3 else { return nil }
            return Int(Substring(words[1]))
        }
        let words = line.split(whereSeparator: \.isWhitespace)
        guard words.count >= 2, words[0].hasPrefix("HTTP/"), words[1].count == 3 else { return nil }
        return Int(words[1])
    }

    /// Gives every LF without a CR before it a CR, undoing XML's line-end normalisation. memchr
    /// finds the line ends, so a 64 MiB calendar costs one copy, not a Swift loop over every byte.
    static func withCRLF(_ bytes: [UInt8]) -> [UInt8] {
        let lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
        return bytes.withUnsafeBufferPointer { source -> [UInt8] in
            guard let base = source.baseAddress else { return bytes }
            var result: [UInt8] = []
            var copied = 0
            var searchFrom = 0
            while searchFrom < source.count, let found = memchr(base + searchFrom, Int32(lf), source.count - searchFrom) {
                let newline = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                searchFrom = newline + 1
                guard newline == 0 || base[newline - 1] != cr else { continue }
                if result.isEmpty { result.reserveCapacity(source.count + source.count / 32) }
                result.append(contentsOf: UnsafeBufferPointer(rebasing: source[copied..<newline]))
                result.append(cr)
                // The LF itself goes out with the next piece.
                copied = newline
            }
            guard copied > 0 || !result.isEmpty else { return bytes }
            result.append(contentsOf: UnsafeBufferPointer(rebasing: source[copied...]))
            return result
        }
    }
}

extension String {
    /// Without the XML whitespace (space, tab, CR, LF) that pretty-printing servers put around values.
    fileprivate var trimmedXMLSpace: String {
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
            let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}
