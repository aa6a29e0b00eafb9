extension String {
    /// The text in upper case, as iCalendar names are compared; the string itself when it is upper
    /// case already, as nearly every name read is, so that reading a property builds no new string.
    package var uppercasedName: String {
        needsCase(UInt8(ascii: "a")...UInt8(ascii: "z")) ? uppercased() : self
    }

    /// The text in lower case, as xCal and jCal name types; the string itself when it is lower case
    /// already, as nearly every type read is.
    package var lowercasedName: String {
        needsCase(UInt8(ascii: "A")...UInt8(ascii: "Z")) ? lowercased() : self
    }

    /// Whether the text holds a letter of the other case (or anything not ASCII, left to the standard
    /// library). Looked at in place (small strings on the stack): this runs for every name of every line.
    @inline(__always)
    private func needsCase(_ otherCase: ClosedRange<UInt8>) -> Bool {
        utf8.withContiguousStorageIfAvailable { Self.holds(otherCase, $0) } ?? Self.holds(otherCase, utf8)
    }

    @inline(__always)
    private static func holds<Bytes: Sequence<UInt8>>(_ otherCase: ClosedRange<UInt8>, _ bytes: Bytes) -> Bool {
        for byte in bytes where otherCase.contains(byte) || byte >= 0x80 { return true }
        return false
    }
}
