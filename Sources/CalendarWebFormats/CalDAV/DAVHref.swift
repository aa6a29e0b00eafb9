/// Conversions between the percent-encoded hrefs on the wire and the decoded paths calbridge keeps.
/// A multistatus may name a resource as `https://host/cal/a%20b.ics` or `/cal/a%20b.ics`; both are
/// the same resource, so the reader keeps only the decoded path `/cal/a b.ics`, and request bodies
/// encode it again.
enum DAVHref {
    /// The decoded path of an href: scheme and authority dropped, query and fragment dropped,
    /// percent-escapes decoded. An href whose escapes do not decode to UTF-8 is kept as sent
    /// (minus scheme and authority) rather than guessed at.
    static func decodedPath(_ href: String) -> String {
        let path = pathPart(of: href)
        return percentDecoded(path) ?? path
    }

    /// The path with every byte outside RFC 3986's unreserved set and `/` percent-encoded, so a
    /// server sees one unambiguous spelling whatever characters the file name has.
    static func encodedPath(_ path: String) -> String {
        var encoded = ""
        encoded.reserveCapacity(path.utf8.count)
        for byte in path.utf8 {
            if isUnreserved(byte) || byte == UInt8(ascii: "/") {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + hexDigit(byte >> 4) + hexDigit(byte & 0x0F)
            }
        }
        return encoded
    }

    private static func pathPart(of href: String) -> String {
        var rest = Substring(href)
        // A path from the root, as servers write nearly every href, has no scheme: a `/` before
        // `://` is no scheme character.
        if rest.utf8.first != UInt8(ascii: "/"), let schemeEnd = rest.range(of: "://"),
            rest[..<schemeEnd.lowerBound].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) })
        {
            let afterScheme = rest[schemeEnd.upperBound...]
            if let slash = afterScheme.firstIndex(of: "/") {
                rest = afterScheme[slash...]
            } else {
                rest = "/"
            }
        }
        // In ASCII each byte is a character of its own, so the bytes find the cut without walking
        // graphemes; elsewhere a `?` may join the mark after it and stay in the path.
        let isCut = { (byte: UInt8) in byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") }
        if rest.utf8.allSatisfy({ $0 < 0x80 }) {
            if let cut = rest.utf8.firstIndex(where: isCut) { rest = rest[..<cut] }
        } else if let cut = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            rest = rest[..<cut]
        }
        return String(rest)
    }

    private static func percentDecoded(_ text: String) -> String? {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        let decoded = String(decoding: bytes, as: UTF8.self)
        // String(decoding:) repairs bad UTF-8 with U+FFFD; a repaired string is not the server's name.
        return decoded.utf8.elementsEqual(bytes) ? decoded : nil
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> String {
        String(UnicodeScalar(nibble < 10 ? nibble + UInt8(ascii: "0") : nibble - 10 + UInt8(ascii: "A")))
    }
}
