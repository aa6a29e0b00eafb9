/// Decodes `ENCODING=QUOTED-PRINTABLE` values (RFC 2045 §6.7) as vCard 2.1 and vCalendar 1.0
/// write them, and as old phone and Outlook exports still do inside iCalendar 2.0. Soft line breaks
/// are already gone: the line unfolder joined them.
package enum QuotedPrintable {
    package static func decode(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let byte = bytes[i]
            if byte == UInt8(ascii: "="), let high = hex(bytes, i + 1), let low = hex(bytes, i + 2) {
                out.append(high << 4 | low)
                i += 3
            } else {
                // A stray `=` is kept: losing a character is worse than showing one too many.
                out.append(byte)
                i += 1
            }
        }
        return out
    }

    private static func hex(_ bytes: ArraySlice<UInt8>, _ index: Int) -> UInt8? {
        guard index < bytes.endIndex else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return bytes[index] - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return bytes[index] - UInt8(ascii: "A") + 10
        // Lower case is not allowed by RFC 2045 but is written by some phones.
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return bytes[index] - UInt8(ascii: "a") + 10
        default: return nil
        }
    }
}
