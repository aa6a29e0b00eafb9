/// FNV-1a, 64 bits: a tiny non-cryptographic hash that is the same in every process and on every
/// platform (unlike `Hasher`, which is seeded per run), so etags and file names built from it stay
/// valid across runs. Not collision resistant: callers must not rely on it to keep data apart.
/// Inlinable (and the type usable from inline) so a caller in another module gets the loop
/// specialized for its byte sequence instead of a protocol-generic walk.
@usableFromInline
package enum FNV1a {
    @usableFromInline static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    @usableFromInline static let prime: UInt64 = 0x0000_0100_0000_01b3

    @inlinable
    package static func hash<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash = offsetBasis
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* prime
        }
        return hash
    }

    /// The hash as 16 lower-case hex digits, zero-padded so every value has the same length.
    @inlinable
    package static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let digits = String(hash(bytes), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
