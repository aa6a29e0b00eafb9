import Foundation

/// Turns value bytes into text by the `CHARSET` parameter of vCard 2.1 and vCalendar 1.0. Without
/// one, UTF-8 is assumed (vCard 3.0/4.0 and iCalendar files are UTF-8), and bytes that are not UTF-8
/// are read as Windows-1252, which is what older Outlook versions write without saying so.
package enum ValueCharset {
    /// The text, and whether the charset was one this reader does not know (read as UTF-8 then).
    package static func decode(_ bytes: [UInt8], charset: String?) -> (text: String, unknownCharset: Bool) {
        guard let charset else { return (utf8OrWindows1252(bytes), false) }
        switch charset.uppercased() {
        case "UTF-8", "UTF8", "US-ASCII", "ASCII":
            return (utf8OrWindows1252(bytes), false)
        case "WINDOWS-1252", "CP1252", "ISO-8859-1", "ISO8859-1", "ISO_8859-1", "LATIN1", "LATIN-1":
            // As in web browsers, ISO-8859-1 is read as its superset Windows-1252: the bytes
            // where they differ are control characters in ISO-8859-1, never meant in text.
            return (windows1252(bytes), false)
        case let name:
            if let encoding = foundationEncodings[name], let text = String(bytes: bytes, encoding: encoding) {
                return (text, false)
            }
            return (String(decoding: bytes, as: UTF8.self), !foundationEncodings.keys.contains(name))
        }
    }

    private static let foundationEncodings: [String: String.Encoding] = [
        "ISO-8859-2": .isoLatin2, "WINDOWS-1250": .windowsCP1250, "CP1250": .windowsCP1250,
        "WINDOWS-1251": .windowsCP1251, "CP1251": .windowsCP1251, "WINDOWS-1253": .windowsCP1253,
        "WINDOWS-1254": .windowsCP1254, "SHIFT_JIS": .shiftJIS, "SHIFT-JIS": .shiftJIS,
        "EUC-JP": .japaneseEUC, "UTF-16": .utf16, "UTF-16LE": .utf16LittleEndian, "UTF-16BE": .utf16BigEndian,
    ]

    static func utf8OrWindows1252(_ bytes: [UInt8]) -> String {
        // Pure ASCII, the common case, needs no validation beyond this.
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        return String(validating: bytes, as: UTF8.self) ?? windows1252(bytes)
    }

    /// Windows-1252 by table (Foundation on Linux refuses the five bytes the code page leaves
    /// undefined, losing the whole value; here they map to the same-numbered code points).
    package static func windows1252(_ bytes: [UInt8]) -> String {
        var scalars = String.UnicodeScalarView()
        for byte in bytes {
            let value = byte >= 0x80 && byte <= 0x9F ? high[Int(byte - 0x80)] : UInt32(byte)
            scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
        }
        return String(scalars)
    }

    /// Code points of bytes 0x80…0x9F in Windows-1252.
    private static let high: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
        0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]
}
