extension String {
    /// The text in upper case, as iCalendar names are compared; the string itself when it is upper
    /// case already, as nearly every name read is, so that reading a property builds no new string.
    public var uppercasedName: String {
        utf8.contains { ($0 >= 0x61 && $0 <= 0x7A) || $0 >= 0x80 } ? uppercased() : self
    }
}
