extension [UInt8] {
    /// Appends a literal's bytes in one copy. The writers build their output byte by byte, and
    /// `bytes += "…".utf8` goes through the generic sequence path, byte at a time.
    @inlinable
    package mutating func append(literal: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Appends a string's UTF-8 in one copy, for the same reason: it is done for every name and value
    /// a writer puts out (Benchmarks/NOTES.md).
    @inlinable
    package mutating func append(utf8Of text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }
}
