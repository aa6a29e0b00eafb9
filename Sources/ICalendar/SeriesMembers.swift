/// The series members met so far (a UID, and for an override its RECURRENCE-ID), each in 16 bytes
/// of table rather than its text, which would grow with the file (a million UIDs of 40 bytes are
/// 40 MB before any table): the first half of its fingerprint as the key, and packed into the value
/// the top 24 bits of the second half with where the member stood (`InputLines`). Members whose
/// first halves meet are kept apart in a second table by both; two members whose 88 bits meet are
/// taken for one, a chance near n²/2⁸⁹ (10⁻¹⁵ for a million UIDs), and the per-process seed of the
/// fingerprint keeps a crafted file from aiming at it.
struct SeriesMembers {
    private var firstMet: [UInt64: UInt64] = [:]
    /// Members whose first half met another member's, by first half and the second's top bits.
    private var sharingFirstHalf: [SeriesFingerprint: UInt64] = [:]
    private var lines = InputLines()
    private let fingerprint: @Sendable (_ uid: String, _ recurrenceID: String?) -> SeriesFingerprint

    init(fingerprint: @escaping @Sendable (_ uid: String, _ recurrenceID: String?) -> SeriesFingerprint) {
        self.fingerprint = fingerprint
    }

    /// Where the member was met first (its input, and line when it had one), or `nil` when this is
    /// the first time, which is then remembered.
    mutating func firstMet(uid: String, recurrenceID: String?, file: String, line: Int?) -> (file: String, line: Int?)? {
        let print = fingerprint(uid, recurrenceID)
        let check = print.second >> InputLines.bits
        let place = lines.place(file: file, line: line ?? 0)
        guard let packed = firstMet[print.first] else {
            firstMet[print.first] = check << InputLines.bits | place
            return nil
        }
        if packed >> InputLines.bits == check { return lines.locate(packed & InputLines.mask) }
        let key = SeriesFingerprint(first: print.first, second: check)
        if let earlier = sharingFirstHalf[key] { return lines.locate(earlier) }
        sharingFirstHalf[key] = place
        return nil
    }
}

/// The lines of every input read, numbered on from one input to the next, so that one 40-bit
/// number says which input and which line.
struct InputLines {
    static let bits: UInt64 = 40
    static let mask: UInt64 = 1 << bits - 1
    /// Each input's name and the number its line 0 has.
    private var starts: [(file: String, base: UInt64)] = []
    private var furthest: UInt64 = 0

    /// The number of `line` of `file`, the input being read; line 0 is a component without a line.
    mutating func place(file: String, line: Int) -> UInt64 {
        if starts.last?.file != file { starts.append((file, starts.isEmpty ? 0 : furthest + 1)) }
        let place = min(starts[starts.count - 1].base + UInt64(max(line, 0)), Self.mask)
        furthest = max(furthest, place)
        return place
    }

    /// The input and line a number stands for.
    func locate(_ place: UInt64) -> (file: String, line: Int?) {
        // The last input starting at or before it, by halving: a merge may read many inputs.
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle].base <= place { low = middle } else { high = middle - 1 }
        }
        let line = Int(place - starts[low].base)
        return (starts[low].file, line == 0 ? nil : line)
    }
}
