/// The series keys met so far, told by their hashes in a fixed two megabytes (a Bloom filter of 16
/// million bits, four per key, all in one 64-bit word so that a key costs one cache miss), so that
/// memory does not grow with the calendar. It may say a key was met when it was not (about one key
/// in 200 after a million series, one in a million after 100,000): such a series is then only
/// expanded again at the end, which gives the same occurrences.
struct SeriesSightings {
    private var words = [UInt64](repeating: 0, count: 1 << 18)

    /// Notes a key's hash; whether it was (probably) met before.
    mutating func insert(_ hash: Int) -> Bool {
        let bits = UInt64(bitPattern: Int64(hash))
        // The low bits pick the word, the high ones four bits in it.
        let word = Int(bits & UInt64(words.count - 1))
        var flags: UInt64 = 0
        for probe in 0..<UInt64(4) { flags |= 1 << (bits >> (40 + 6 * probe) & 63) }
        defer { words[word] |= flags }
        return words[word] & flags == flags
    }
}
