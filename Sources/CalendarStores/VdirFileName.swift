import CalendarModel
/// How a UID becomes the name of its file in a vdir, and back.
///
/// Letters, digits and `._@-` are kept, so the usual `...@example.com` UIDs stay readable; every
/// other UTF-8 byte (including `/` and `%` itself) becomes `%XX`, which makes the mapping injective and
/// the name valid on any file system. A leading `.` is escaped too, because dot files are the
/// temporary files the store skips. Names over `maximumBytes` keep a prefix plus `~` and an FNV-1a
/// of the whole UID; `~` never appears in a plain name, so the two forms cannot meet.
enum VdirFileName {
    static let maximumBytes = 200
    static let suffix = ".ics"

    /// The names the UID's file may have, best first: the plain one when it fits, then two hashed
    /// ones, which also serve when a better name is already taken by a file holding another UID.
    static func candidates(for uid: String) -> [String] {
        let encoded = encode(uid)
        var names: [String] = []
        if encoded.utf8.count + suffix.utf8.count <= maximumBytes { names.append(encoded + suffix) }
        names.append(hashed(uid, stem: encoded))
        names.append(hashed(uid, stem: encoded, round: 1))
        return names
    }

    /// The UID whose candidate name this is, or `nil` for a name this store would not have made
    /// (another tool's, or one cut short, whose UID only the file's content can tell).
    static func decode(_ name: String) -> String? {
        guard name.hasSuffix(suffix), !name.hasPrefix(".") else { return nil }
        let all = Array(name.utf8)
        let stemEnd = all.count - suffix.utf8.count
        let tilde = all[..<stemEnd].firstIndex(of: UInt8(ascii: "~"))
        let stem = all[..<(tilde ?? stemEnd)]
        var bytes: [UInt8] = []
        bytes.reserveCapacity(stem.count)
        // Whether the stem is byte for byte what `encode` makes of the UID: escapes in upper case,
        // and only of bytes it escapes (a `.` only as the first byte).
        var isEncoding = true
        var index = stem.startIndex
        while index < stem.endIndex {
            let byte = stem[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < stem.endIndex, let upper = hexValue(stem[index + 1]), let lower = hexValue(stem[index + 2])
                else { return nil }
                let decoded = upper << 4 | lower
                isEncoding =
                    isEncoding && isUpperHex(stem[index + 1]) && isUpperHex(stem[index + 2])
                    && (!isKept(decoded) || (bytes.isEmpty && decoded == UInt8(ascii: ".")))
                bytes.append(decoded)
                index += 3
            } else {
                guard isKept(byte) else { return nil }
                bytes.append(byte)
                index += 1
            }
        }
        // Only the exact name `candidates` would produce counts: this rejects lower-case escapes,
        // unescaped leading dots and truncated prefixes, so each file has at most one decoded UID.
        // A name without `~` can only be the plain one, which the bytes just read tell; only a
        // name with one is checked against the two hashed names.
        guard let uid = String(validating: bytes, as: UTF8.self), !uid.isEmpty else { return nil }
        guard tilde != nil else { return isEncoding && all.count <= maximumBytes ? uid : nil }
        let encoded = encode(uid)
        return name == hashed(uid, stem: encoded) || name == hashed(uid, stem: encoded, round: 1) ? uid : nil
    }

    static func encode(_ uid: String) -> String {
        var out: [UInt8] = []
        for (offset, byte) in uid.utf8.enumerated() {
            if isKept(byte), !(offset == 0 && byte == UInt8(ascii: ".")) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hexDigit(byte >> 4), hexDigit(byte & 0xF)]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A name of `stem` (ASCII, `%XX` escapes at most) cut to fit, then `~` and a hash of the UID:
    /// distinct for distinct UIDs whatever the stem, so a stem may drop what it cannot hold.
    static func hashed(_ uid: String, stem: String, round: UInt8 = 0) -> String {
        var input = Array(uid.utf8)
        // 0xFF never occurs in UTF-8, so a salted input can never equal another UID's plain one.
        if round > 0 { input += [0xFF, round] }
        let tail = "~" + FNV1a.hex(input) + suffix
        return prefix(of: stem, bytes: maximumBytes - tail.utf8.count) + tail
    }

    /// At most `limit` bytes of a stem (all ASCII), never cutting a `%XX` in two.
    private static func prefix(of encoded: String, bytes limit: Int) -> String {
        let bytes = Array(encoded.utf8)
        guard bytes.count > limit else { return encoded }
        var end = limit
        if bytes[end - 1] == UInt8(ascii: "%") {
            end -= 1
        } else if bytes[end - 2] == UInt8(ascii: "%") {
            end -= 2
        }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    private static func isKept(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "@"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }

    /// A digit `hexDigit` writes: `0`-`9` and `A`-`F`.
    private static func isUpperHex(_ digit: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(digit)
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
        default: return nil
        }
    }
}
