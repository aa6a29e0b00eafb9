import CalendarModel

/// Decodes `ENCODING=QUOTED-PRINTABLE` values (RFC 2045 §6.7) as vCard 2.1 and vCalendar 1.0
/// write them, and as old phone and Outlook exports still do inside iCalendar 2.0. Soft line breaks
/// are already gone: the line unfolder joined them.
package enum QuotedPrintable {
    /// Whether a content line's name and parameters (its bytes before the value's colon) say that its
    /// value is quoted-printable: an `ENCODING=QUOTED-PRINTABLE` parameter, or vCard 2.1's bare
    /// `QUOTED-PRINTABLE`. Only then is an `=` at the line's end a soft line break that joins the next
    /// line; the words in another parameter (`X-NOTE=QUOTED-PRINTABLE`) do not make it one.
    package static func isSaid(by header: ArraySlice<UInt8>) -> Bool {
        var parameters: [ArraySlice<UInt8>] = []
        var start = header.startIndex
        var inQuotes = false
        for index in header.indices {
            if header[index] == UInt8(ascii: "\"") {
                inQuotes.toggle()
            } else if header[index] == UInt8(ascii: ";"), !inQuotes {
                parameters.append(header[start..<index])
                start = index + 1
            }
        }
        parameters.append(header[start...])
        return parameters.dropFirst().contains { parameter in
            var value = ASCII.hasPrefixIgnoringCase(parameter, "ENCODING=") ? parameter.dropFirst(9) : parameter
            if value.count > 1, value.first == UInt8(ascii: "\""), value.last == UInt8(ascii: "\"") {
                value = value.dropFirst().dropLast()
            }
            return value.count == 16 && ASCII.hasPrefixIgnoringCase(value, "QUOTED-PRINTABLE")
        }
    }

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
