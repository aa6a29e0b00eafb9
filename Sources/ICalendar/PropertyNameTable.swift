/// A fixed table from property names to values, for the lookups the parser makes on every content
/// line: looked up by the name's bytes as written, in any case, so that a line the reader does not
/// build makes no string at all (FNV-1a and open addressing rather than `Dictionary<String, _>`'s
/// seeded SipHash, a measurable part of every read: Benchmarks/NOTES.md).
struct PropertyNameTable<Value: Sendable>: Sendable {
    private let names: [[UInt8]?]
    private let values: [Value?]
    private let mask: Int

    /// `entries` by upper-case name.
    init(_ entries: [String: Value]) {
        var capacity = 16
        while capacity < entries.count * 4 { capacity *= 2 }
        var names = [[UInt8]?](repeating: nil, count: capacity)
        var values = [Value?](repeating: nil, count: capacity)
        for (name, value) in entries {
            let bytes = Array(name.utf8)
            var index = bytes.withUnsafeBufferPointer(Self.hash) & (capacity - 1)
            while names[index] != nil { index = (index + 1) & (capacity - 1) }
            names[index] = bytes
            values[index] = value
        }
        self.names = names
        self.values = values
        mask = capacity - 1
    }

    /// The value for a name as written (ASCII letters in any case).
    subscript(name: ArraySlice<UInt8>) -> Value? {
        name.withUnsafeBufferPointer { written in
            var index = Self.hash(written) & mask
            while let candidate = names[index] {
                if Self.matches(candidate, written) { return values[index] }
                index = (index + 1) & mask
            }
            return nil
        }
    }

    /// Whether `written` is `upper` in any case.
    private static func matches(_ upper: [UInt8], _ written: UnsafeBufferPointer<UInt8>) -> Bool {
        guard upper.count == written.count else { return false }
        return upper.withUnsafeBufferPointer { upper in
            for i in 0..<upper.count where upper[i] != upperCased(written[i]) { return false }
            return true
        }
    }

    /// FNV-1a over the bytes with bit 5 cleared: the same for a letter in either case, without a
    /// branch (it folds a few other bytes together too, which `matches` tells apart).
    private static func hash(_ name: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name {
            hash = (hash ^ UInt64(byte & 0xDF)) &* 0x0000_0100_0000_01b3
        }
        return Int(truncatingIfNeeded: hash >> 7)
    }

    @inline(__always)
    private static func upperCased(_ byte: UInt8) -> UInt8 {
        byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte
    }
}
