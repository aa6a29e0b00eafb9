import Foundation

/// Paths of a CalDAV collection and its resources, always handled decoded (as `DAVResponse.href`
/// gives them) and percent-encoded only when put on the wire.
///
/// A resource is named `<UID>.ics` when the UID's bytes are letters, digits, `.`, `_`, `@` and `-`
/// (nearly every UID producers write) and it fits a name. Any other UID gets a name of those bytes
/// alone: the UID with each other byte as `-`, then `~` and a hash of the whole UID (`a/b c` becomes
/// `a-b-c~<16 hex digits>.ics`). A name holding `%` would depend on how often a server decodes the
/// path: DAViCal decodes it once more than Apache has, so `a%2Fb.ics` (sent as `a%252Fb.ics`)
/// reached it as two segments and was refused with 405. Which UID such a resource holds, its
/// calendar data tells the listing, as for a name another client chose.
enum CalDAVPath {
    /// The resource name calbridge gives a UID.
    static func resourceName(for uid: String) -> String {
        // The first candidate is the plain name, or a hashed one for UIDs too long for a name;
        // a server has no other file in the way, so the alternatives are never needed.
        let name = VdirFileName.candidates(for: uid)[0]
        guard name.utf8.contains(UInt8(ascii: "%")) else { return name }
        // The vdir encoding with each escape as '-': a leading '.' is escaped there too, so no name
        // becomes a hidden file on a server that stores files.
        let stem = VdirFileName.encode(uid).replacing(/%[0-9A-F]{2}/, with: "-")
        return VdirFileName.hashed(uid, stem: stem)
    }

    /// The UID a resource name stands for, or nil for a name another client chose, whose UID
    /// only its calendar data tells.
    static func uid(forName name: String) -> String? {
        VdirFileName.decode(name)
    }

    /// The path segment of a new collection named `name`: letters, digits, `.`, `_` and `-` kept,
    /// any other run of characters one `-`, so the URL stays readable.
    static func resourceSegment(for name: String) -> String {
        var segment = ""
        for scalar in name.unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) || "._-".unicodeScalars.contains(scalar) {
                segment.unicodeScalars.append(scalar)
            } else if !segment.hasSuffix("-") {
                segment += "-"
            }
        }
        let trimmed = segment.trimmingCharacters(in: CharacterSet(charactersIn: "-."))
        return trimmed.isEmpty ? "calendar" : trimmed
    }

    /// The last segment of a decoded path, ignoring a trailing slash.
    static func lastSegment(_ path: String) -> String {
        let bytes = path.utf8
        let slash = UInt8(ascii: "/")
        // In an ASCII path each slash byte is a character of its own, so the bytes tell the segment
        // without walking the characters (once per resource of an export); any other path goes by
        // characters, where a slash may join the mark after it.
        guard bytes.allSatisfy({ $0 < 0x80 }) else {
            let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
            return trimmed.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? trimmed
        }
        let end = bytes.last == slash ? bytes.index(before: bytes.endIndex) : bytes.endIndex
        let start = bytes[..<end].lastIndex(of: slash).map { bytes.index(after: $0) } ?? bytes.startIndex
        return String(path[start..<end])
    }

    /// The path with a trailing slash, the form collections are compared in.
    static func asCollection(_ path: String) -> String {
        path.hasSuffix("/") ? path : path + "/"
    }

    /// The path with every byte outside RFC 3986's unreserved set and `/` percent-encoded: one
    /// unambiguous spelling, the same one CalDAVRequestBody uses for hrefs.
    static func encoded(_ path: String) -> String {
        var encoded = ""
        encoded.reserveCapacity(path.utf8.count)
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = Array("0123456789ABCDEF".unicodeScalars)
                encoded.unicodeScalars.append("%")
                encoded.unicodeScalars.append(digits[Int(byte >> 4)])
                encoded.unicodeScalars.append(digits[Int(byte & 0x0F)])
            }
        }
        return encoded
    }
}
