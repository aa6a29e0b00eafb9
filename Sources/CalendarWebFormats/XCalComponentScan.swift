#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The byte scan that finds where an xCal document's top-level components begin and end without
/// parsing them: it follows tags, comments, CDATA sections and processing instructions far enough
/// to count the depth, and nothing more. It is only a guess that libxml2 then checks (the
/// opening by the document's own parser, each range by the parser that reads it), so markup it
/// does not follow (a DOCTYPE, a root in another namespace or with attributes of its own, an
/// XML declaration naming another encoding) makes it give up rather than guess.
struct XCalComponentScan {
    /// What the scan found next.
    enum Step: Equatable {
        /// The bytes end inside markup: more are needed (or the document ends there).
        case needsMore
        /// A VCALENDAR's `<components>` has just opened: its content begins at the offset.
        case componentsOpen(at: Int)
        /// A top-level component has just closed: it ends at the offset.
        case componentEnds(at: Int)
        /// `</components>` begins at the offset.
        case componentsClose(at: Int)
        /// Markup the scan does not follow: the document is read as it comes from here on.
        case givesUp
    }

    /// The next byte to look at.
    private(set) var index = 0
    private var depth = 0
    /// Whether the open root is `<icalendar>` with xCal's namespace as its only attribute, and the
    /// open element below it a `<vcalendar>` without attributes.
    private var rootIsPlain = false
    private var calendarIsPlain = false
    private var inComponents = false

    /// The offsets in the bytes scanned shift by `removed` when the caller drops bytes before them.
    mutating func dropped(_ removed: Int) {
        index -= removed
    }

    /// Scans `bytes` from `index` to the next step; `ended` says no byte follows them.
    mutating func step(in bytes: UnsafeBufferPointer<UInt8>, ended: Bool) -> Step {
        while true {
            guard let open = Self.find(UInt8(ascii: "<"), in: bytes, from: index) else {
                index = bytes.count
                return .needsMore
            }
            index = open
            guard open + 1 < bytes.count else { return .needsMore }
            switch bytes[open + 1] {
            case UInt8(ascii: "/"):
                guard let close = Self.find(UInt8(ascii: ">"), in: bytes, from: open + 2) else { return .needsMore }
                index = close + 1
                if let step = endTag(startingAt: open, endingAt: close + 1) { return step }
            case UInt8(ascii: "?"):
                guard let end = Self.find("?>", in: bytes, from: open + 2) else { return .needsMore }
                // An XML declaration naming an encoding other than UTF-8 is read as it comes: the
                // ranges' own parsers read UTF-8.
                let declaration = String(decoding: UnsafeBufferPointer(rebasing: bytes[open..<end]), as: UTF8.self).lowercased()
                if depth == 0, declaration.contains("encoding"), !declaration.contains("utf-8") { return .givesUp }
                index = end + 2
            case UInt8(ascii: "!"):
                switch Self.declarationEnd(in: bytes, at: open, ended: ended) {
                case .at(let after): index = after
                case .beyondTheBytes: return .needsMore
                case .unknown: return .givesUp
                }
            default:
                guard let close = Self.tagEnd(in: bytes, from: open + 1) else { return .needsMore }
                index = close + 1
                if let step = startTag(UnsafeBufferPointer(rebasing: bytes[open + 1..<close]), endingAt: close + 1) { return step }
            }
        }
    }

    private mutating func startTag(_ tag: UnsafeBufferPointer<UInt8>, endingAt end: Int) -> Step? {
        let selfClosing = tag.last == UInt8(ascii: "/")
        if inComponents {
            if selfClosing { return depth == 3 ? .componentEnds(at: end) : nil }
            depth += 1
            return nil
        }
        let nameEnd = tag.firstIndex { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == UInt8(ascii: "/") } ?? tag.count
        let name = String(decoding: UnsafeBufferPointer(rebasing: tag[..<nameEnd]), as: UTF8.self)
        let rest = String(decoding: UnsafeBufferPointer(rebasing: tag[nameEnd...]), as: UTF8.self).surroundingWhitespaceRemoved
        switch depth {
        case 0:
            guard name == "icalendar", rest == "xmlns=\"\(XCalWriter.namespace)\"" || rest == "xmlns='\(XCalWriter.namespace)'" else {
                return .givesUp
            }
            rootIsPlain = true
        case 1:
            guard name == "vcalendar", rest.isEmpty || rest == "/" else { return .givesUp }
            calendarIsPlain = rootIsPlain
        case 2 where name == "components" && rest.isEmpty && calendarIsPlain:
            depth += 1
            inComponents = true
            return .componentsOpen(at: end)
        default: break
        }
        if !selfClosing { depth += 1 }
        return nil
    }

    private mutating func endTag(startingAt start: Int, endingAt end: Int) -> Step? {
        depth -= 1
        guard depth >= 0 else { return .givesUp }
        if inComponents {
            switch depth {
            case 2:
                inComponents = false
                return .componentsClose(at: start)
            case 3: return .componentEnds(at: end)
            default: return nil
            }
        }
        if depth == 1 { calendarIsPlain = false }
        if depth == 0 { rootIsPlain = false }
        return nil
    }

    /// Where markup begun with `<!` ends.
    private enum DeclarationEnd {
        case at(Int)
        case beyondTheBytes
        /// Neither a comment nor a CDATA section.
        case unknown
    }

    /// After `<!`: the end of a comment or CDATA section.
    private static func declarationEnd(in bytes: UnsafeBufferPointer<UInt8>, at open: Int, ended: Bool) -> DeclarationEnd {
        for (opening, closing) in [("<!--", "-->"), ("<![CDATA[", "]]>")] {
            let prefix = Array(opening.utf8)
            let available = min(prefix.count, bytes.count - open)
            guard bytes[open..<open + available].elementsEqual(prefix[..<available]) else { continue }
            guard available == prefix.count else { return ended ? .unknown : .beyondTheBytes }
            guard let end = find(closing, in: bytes, from: open + prefix.count) else { return ended ? .unknown : .beyondTheBytes }
            return .at(end + closing.utf8.count)
        }
        return .unknown
    }

    /// The `>` that ends a start tag begun before `from`, past any quoted attribute value.
    private static func tagEnd(in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        var i = from
        var quote: UInt8?
        while i < bytes.count {
            let byte = bytes[i]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: ">") {
                return i
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            }
            i += 1
        }
        return nil
    }

    private static func find(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard from < bytes.count, let base = bytes.baseAddress,
            let found = memchr(base + from, Int32(byte), bytes.count - from)
        else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Where `text` begins at or after `from`.
    private static func find(_ text: String, in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        let needle = Array(text.utf8)
        var at = from
        while let first = find(needle[0], in: bytes, from: at) {
            guard first + needle.count <= bytes.count else { return nil }
            if bytes[first..<first + needle.count].elementsEqual(needle) { return first }
            at = first + 1
        }
        return nil
    }
}
