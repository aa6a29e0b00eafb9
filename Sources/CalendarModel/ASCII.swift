/// Case-insensitive ASCII matching on raw bytes: property and parameter names are ASCII and
/// case-insensitive (RFC 6350 §3.3), and comparing bytes avoids making strings for every line.
package enum ASCII {
    package static func upper(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte
    }

    /// Names are ASCII, so upper-casing bytes is upper-casing the text; building the string in
    /// place keeps this cheap for the tens of thousands of lines in a large address book.
    package static func uppercased(_ bytes: ArraySlice<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { buffer in
            for (offset, byte) in bytes.enumerated() { buffer[offset] = upper(byte) }
            return bytes.count
        }
    }

    /// `prefix` must be upper case.
    package static func hasPrefixIgnoringCase(_ bytes: ArraySlice<UInt8>, _ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard bytes.count >= count else { return false }
        return prefix.withUTF8Buffer { wanted in
            zip(bytes.prefix(count), wanted).allSatisfy { upper($0) == $1 }
        }
    }

    /// `needle` must be upper case.
    package static func contains(_ bytes: ArraySlice<UInt8>, ignoringCase needle: StaticString) -> Bool {
        bytes.withUnsafeBufferPointer { contains($0, ignoringCase: needle) }
    }

    /// Whether `text` holds `needle` (upper case) in any case: a plain byte loop, where the standard
    /// library's generic substring search (`utf8.contains(other.utf8)`) costs far more for a short rule
    /// (Benchmarks/NOTES.md).
    package static func contains(_ text: String, ignoringCase needle: StaticString) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { contains($0, ignoringCase: needle) }
            ?? contains(Array(text.utf8)[...], ignoringCase: needle)
    }

    private static func contains(_ bytes: UnsafeBufferPointer<UInt8>, ignoringCase needle: StaticString) -> Bool {
        let count = needle.utf8CodeUnitCount
        guard bytes.count >= count else { return false }
        return needle.withUTF8Buffer { wanted in
            var start = 0
            while start + count <= bytes.count {
                if zip(bytes[start..<start + count], wanted).allSatisfy({ upper($0) == $1 }) { return true }
                start += 1
            }
            return false
        }
    }

    package static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
