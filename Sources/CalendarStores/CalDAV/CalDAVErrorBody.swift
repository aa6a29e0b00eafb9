import Foundation

/// What a refusal's body says: the precondition element of a `DAV:error` body (RFC 4918 §16) and
/// the human-readable text. Bodies are small and often not XML at all (Radicale answers plain
/// text), so a tag scanner is enough, and it never resolves entities or loads anything.
struct CalDAVErrorBody {
    /// The local name of the first child of a root `error` element, such as `no-uid-conflict`,
    /// leaving out a server's own elements in a namespace of its own: sabre/dav (Nextcloud, Baïkal)
    /// puts `<s:sabredav-version>`, `<s:exception>` and `<s:message>` first, in
    /// `http://sabredav.org/ns`, before any precondition (a bare If-None-Match failure has none).
    let precondition: String?
    /// The body's text without markup, white space collapsed, at most `maximumDetail` characters.
    let detail: String

    static let maximumDetail = 300

    init(_ body: [UInt8]) {
        let text = String(decoding: body.prefix(64 << 10), as: UTF8.self)
        let tags = Self.startTags(in: text)
        if let root = tags.first, root.localName == "error", root.depth == 0 {
            precondition =
                tags.dropFirst().first(where: {
                    $0.depth == 1 && $0.localName != "responsedescription" && Self.isStandard(namespace: root.namespace(of: $0))
                })?.localName
        } else {
            precondition = nil
        }
        if let root = tags.first, root.localName.lowercased() == "html" {
            detail = Self.shortened(Self.htmlSummary(text))
        } else {
            detail = Self.shortened(Self.textOutsideTags(text))
        }
    }

    /// An HTML error page's message: its first paragraph, else its title. The rest (navigation, a
    /// server's version banner) says nothing about the request.
    private static func htmlSummary(_ text: String) -> String {
        for (open, close) in [("<p>", "</p>"), ("<title>", "</title>")] {
            guard let start = text.range(of: open, options: .caseInsensitive),
                let end = text.range(of: close, options: .caseInsensitive, range: start.upperBound..<text.endIndex)
            else { continue }
            let inside = textOutsideTags(String(text[start.upperBound..<end.lowerBound]))
            if !inside.isEmpty { return inside }
        }
        return ""
    }

    /// WebDAV's and CalDAV's own namespaces, where preconditions are defined; an element whose
    /// prefix is declared nowhere the scanner looks is taken as one too.
    private static func isStandard(namespace: String?) -> Bool {
        guard let namespace else { return true }
        return ["DAV:", "urn:ietf:params:xml:ns:caldav", "urn:ietf:params:xml:ns:carddav"].contains(namespace)
    }

    private struct StartTag {
        var localName: String
        var prefix: String
        var depth: Int
        /// The namespaces the tag declares, by prefix ("" for the default namespace).
        var declared: [String: String]

        /// The namespace of `child` as this tag (its root) or the child itself declares it.
        func namespace(of child: StartTag) -> String? {
            child.declared[child.prefix] ?? declared[child.prefix]
        }
    }

    /// Start tags with their nesting depth; declarations, comments and processing instructions skipped.
    private static func startTags(in text: String) -> [StartTag] {
        var tags: [StartTag] = []
        var depth = 0
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { break }
            let inside = rest[rest.index(after: open)..<close]
            rest = rest[rest.index(after: close)...]
            guard let first = inside.first, first != "?", first != "!" else { continue }
            if first == "/" {
                depth = max(0, depth - 1)
                continue
            }
            let name = inside.prefix { !$0.isWhitespace && $0 != "/" }
            let parts = name.split(separator: ":", maxSplits: 1).map(String.init)
            tags.append(
                StartTag(
                    localName: parts.last ?? String(name), prefix: parts.count == 2 ? parts[0] : "", depth: depth,
                    declared: namespaceDeclarations(in: inside.dropFirst(name.count))))
            if inside.last != "/" { depth += 1 }
        }
        return tags
    }

    /// The `xmlns` and `xmlns:p` attributes of a start tag's attribute text, by prefix.
    private static func namespaceDeclarations(in attributes: Substring) -> [String: String] {
        var declared: [String: String] = [:]
        for match in attributes.matches(of: /xmlns(?::([A-Za-z0-9._-]+))?\s*=\s*(?:"([^"]*)"|'([^']*)')/) {
            declared[match.1.map(String.init) ?? ""] = String(match.2 ?? match.3 ?? "")
        }
        return declared
    }

    private static func textOutsideTags(_ text: String) -> String {
        var out = ""
        var inTag = false
        for character in text {
            if character == "<" {
                inTag = true
                out.append(" ")
            } else if character == ">" {
                inTag = false
            } else if !inTag {
                out.append(character)
            }
        }
        return out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private static func shortened(_ text: String) -> String {
        guard text.count > maximumDetail else { return text }
        return String(text.prefix(maximumDetail)) + "…"
    }
}
