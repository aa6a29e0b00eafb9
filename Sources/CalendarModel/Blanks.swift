extension StringProtocol {
    /// Without the spaces and tabs at its end: exporters leave them after dates and names, and the
    /// value is judged without them. Inlinable: asked of many values by other modules, where it is
    /// specialized for String rather than walked through the protocol.
    @inlinable
    package var trailingBlanksRemoved: String {
        // Nearly every value ends in neither: then a String is handed back as it is, not copied. The
        // last byte settles that without finding the last character (text ending in a blank ends in
        // its byte).
        if let byte = utf8.withContiguousStorageIfAvailable({ $0.last ?? 0 }), byte != 0x20 && byte != 0x09 { return String(self) }
        guard let last, last == " " || last == "\t" else { return String(self) }
        var end = endIndex
        while end > startIndex, self[index(before: end)] == " " || self[index(before: end)] == "\t" { end = index(before: end) }
        return String(self[startIndex..<end])
    }

    /// Without the white space at either end (indentation around an element's text, a padded list item).
    package var surroundingWhitespaceRemoved: String {
        let trimmed = drop { $0.isWhitespace }
        var end = trimmed.endIndex
        while end > trimmed.startIndex, trimmed[trimmed.index(before: end)].isWhitespace { end = trimmed.index(before: end) }
        return String(trimmed[trimmed.startIndex..<end])
    }
}
