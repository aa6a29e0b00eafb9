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
                        problems.append(ContentLineProblem(offset: i - bytes.startIndex,
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
                problems.append(ContentLineProblem(offset: i - bytes.startIndex,
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
        let high: [UInt32] = [
            0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
            0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
        ]
        return Unicode.Scalar(high[Int(byte) - 0x80])!
    }
}
