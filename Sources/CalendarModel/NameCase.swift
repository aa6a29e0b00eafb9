extension String {
    /// The text in upper case, as iCalendar names are compared; the string itself when it is upper
    /// case already, as nearly every name read is, so that reading a property builds no new string.
    package var uppercasedName: String {
        // Looked at in place (small strings on the stack): this runs for every name of every line.
        let needsCase = utf8.withContiguousStorageIfAvailable(Self.hasLowerOrNonASCII) ?? Self.hasLowerOrNonASCII(utf8)
        return needsCase ? uppercased() : self
    }

    private static func hasLowerOrNonASCII<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
        for byte in bytes where (byte >= 0x61 && byte <= 0x7A) || byte >= 0x80 { return true }
        return false
    }
}
