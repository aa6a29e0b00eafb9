/// The values of a BY part (BYMONTH, BYMONTHDAY, BYWEEKNO) as two bit masks for -63…63: every
/// candidate day of every period is tested against them, and a `Set<Int>` hashed each test.
struct OrdinalSet {
    private var positive: UInt64 = 0
    private var negative: UInt64 = 0
    /// A value beyond ±63 was given (a rule built in code): it matches no day, yet the part is not empty.
    private var hasUnmatchable = false

    init(_ values: some Sequence<Int>) {
        for value in values {
            if abs(value) >= 64 {
                hasUnmatchable = true
            } else if value >= 0 {
                positive |= 1 << UInt64(value)
            } else {
                negative |= 1 << UInt64(-value)
            }
        }
    }

    var isEmpty: Bool { positive == 0 && negative == 0 && !hasUnmatchable }

    func contains(_ value: Int) -> Bool {
        guard abs(value) < 64 else { return false }
        return value >= 0 ? positive & (1 << UInt64(value)) != 0 : negative & (1 << UInt64(-value)) != 0
    }
}
