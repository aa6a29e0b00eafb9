/// The series keys met so far, told by their hashes in a fixed two megabytes (a Bloom filter of 16
/// million bits, four per key), so that memory does not grow with the calendar. It may say a key was
/// met when it was not (about one key in 400 after a million series, one in three million after
/// 100,000): such a series is then only expanded again at the end, which gives the same occurrences.
struct SeriesSightings {
    private var bits = [UInt64](repeating: 0, count: 1 << 18)
    private static let probes = 4

    /// Notes a key's hash; whether it was (probably) met before.
    mutating func insert(_ hash: Int) -> Bool {
        let mask = UInt64(bits.count * 64 - 1)
        let first = UInt64(bitPattern: Int64(hash))
        // A second hash from the first's other half, odd so that the probes differ.
        let step = (first >> 32 | first << 32) | 1
        var metBefore = true
        for probe in 0..<UInt64(Self.probes) {
            let bit = (first &+ probe &* step) & mask
            let word = Int(bit >> 6), flag = UInt64(1) << (bit & 63)
            if bits[word] & flag == 0 {
                metBefore = false
                bits[word] |= flag
            }
        }
        return metBefore
    }
}
