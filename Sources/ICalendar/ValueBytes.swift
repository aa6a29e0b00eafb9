import ContentLines

/// The text of a value whose bytes are not clean UTF-8 without control characters, read as its
/// producer most likely meant it: a byte that is not UTF-8 as Windows-1252 (what Outlook and old
/// Windows exporters write), a control character left out (no content line can carry one, and
/// none means anything in a calendar value).
enum ValueBytes {
    /// The mended text and the first problem of each kind, at its offset in `bytes`.
    static func mended(_ bytes: ArraySlice<UInt8>) -> (text: String, problems: [ContentLineProblem]) {
        var scalars = String.UnicodeScalarView()
        var problems: [ContentLineProblem] = []
        var sawControl = false, sawForeign = false
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let b = bytes[i]
            if b < 0x80 {
                if b < 0x20 && b != 0x09 {
                    if !sawControl {
                        sawControl = true
                        problems.append(
                            ContentLineProblem(
                                offset: i - bytes.startIndex,
                                message: "control character \(ContentLineLexer.describe(b)) in a value; iCalendar cannot carry it",
                                repair: "leaves it out"))
                    }
                } else {
                    scalars.append(Unicode.Scalar(b))
                }
                i += 1
                continue
            }
            if let (scalar, length) = utf8Scalar(bytes, at: i) {
                scalars.append(scalar)
                i += length
                continue
            }
            if !sawForeign {
                sawForeign = true
                problems.append(
                    ContentLineProblem(
                        offset: i - bytes.startIndex,
                        message: "byte \(ContentLineLexer.describe(b)) is not UTF-8 (the file is in another encoding)",
                        repair: "reads such bytes as Windows-1252 and writes UTF-8"))
            }
            scalars.append(windows1252(b))
            i += 1
        }
        return (String(scalars), problems)
    }

    /// The scalar a well-formed UTF-8 sequence at `i` encodes, and its length.
    private static func utf8Scalar(_ bytes: ArraySlice<UInt8>, at i: Int) -> (Unicode.Scalar, Int)? {
        let b = bytes[i]
        let length = b >= 0xF0 && b <= 0xF4 ? 4 : b >= 0xE0 ? 3 : b >= 0xC2 && b < 0xE0 ? 2 : 0
        guard length > 0, i + length <= bytes.endIndex else { return nil }
        var value = UInt32(b) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for next in bytes[(i + 1)..<(i + length)] {
            guard next & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(next & 0x3F)
        }
        // Overlong forms and surrogates are not UTF-8 either.
        let least: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= least, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }

    /// Windows-1252's character for a byte of 0x80 or more: Latin-1 but for 0x80–0x9F.
    private static func windows1252(_ byte: UInt8) -> Unicode.Scalar {
        guard byte < 0xA0 else { return Unicode.Scalar(byte) }
        let high: [Unicode.Scalar] = [
            "\u{20AC}", "\u{81}", "\u{201A}", "\u{0192}", "\u{201E}", "\u{2026}", "\u{2020}", "\u{2021}",
            "\u{02C6}", "\u{2030}", "\u{0160}", "\u{2039}", "\u{0152}", "\u{8D}", "\u{017D}", "\u{8F}",
            "\u{90}", "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}", "\u{2022}", "\u{2013}", "\u{2014}",
            "\u{02DC}", "\u{2122}", "\u{0161}", "\u{203A}", "\u{0153}", "\u{9D}", "\u{017E}", "\u{0178}",
        ]
        return high[Int(byte) - 0x80]
    }
}
