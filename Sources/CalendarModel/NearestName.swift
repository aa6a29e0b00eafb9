/// The name a person probably meant when they wrote one that is not there (`exapnd`, `Europe/Berln`):
/// the messages that refuse a name offer it.
package enum NearestName {
    /// The name fewest edits away from `word` (letter case aside), if it is close enough to be a slip
    /// of the keyboard: at most a third of the name's length in edits (one for a name of up to five
    /// letters, so that `FOO` is not taken for `ROC`). Only names
    /// with the same digits are offered, since `GMT+1` is no slip for `GMT+0`.
    ///
    /// No name is offered that is more edits away than the largest of those allowances, so no
    /// distance is followed past it: a word far longer than every name (a 140 KB TZID) costs time in
    /// proportion to its length, not its length times the names'.
    package static func nearest(to word: String, among names: some Collection<String>) -> String? {
        let typed = Array(word.lowercased()), digits = word.filter(\.isNumber)
        let cutOff = names.reduce(0) { max($0, allowedEdits(for: $1)) }
        var best: (name: String, edits: Int)?
        for name in names where name.filter(\.isNumber) == digits {
            // Only a name strictly closer than the best so far replaces it.
            let limit = min(cutOff, (best?.edits ?? Int.max) - 1)
            guard limit >= 0, let edits = editDistance(typed, Array(name.lowercased()), atMost: limit) else { continue }
            best = (name, edits)
        }
        guard let best, best.edits <= allowedEdits(for: best.name) else { return nil }
        return best.name
    }

    /// How many edits from `name` a word may be and still be taken for a slip for it.
    private static func allowedEdits(for name: String) -> Int { max(1, name.count / 3) }

    /// Levenshtein distance: insertions, deletions and substitutions.
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        // No two words are further apart than the longer one's length, so this always has a distance.
        return editDistance(a, b, atMost: max(a.count, b.count))!
    }

    /// The Levenshtein distance of `a` and `b` when it is at most `limit`, else nil. Only the cells
    /// within `limit` of the diagonal can stay within it, so each row is that band, and the work stops
    /// at the first row whose every cell is past `limit`: O(length × limit), not length × length.
    static func editDistance(_ a: [Character], _ b: [Character], atMost limit: Int) -> Int? {
        guard abs(a.count - b.count) <= limit else { return nil }
        // Any distance past `limit` is kept as `outside`, so cells beyond the band need no computing.
        let outside = limit + 1
        var previous = (0...b.count).map { min($0, outside) }
        var row = previous
        for (i, x) in a.enumerated() {
            let low = max(1, i + 1 - limit), high = min(b.count, i + 1 + limit)
            row[0] = min(i + 1, outside)
            if low > 1 { row[low - 1] = outside }
            var rowMinimum = row[low - 1]
            if low <= high {
                for j in low...high {
                    let substitution = previous[j - 1] + (x == b[j - 1] ? 0 : 1)
                    row[j] = min(previous[j] + 1, row[j - 1] + 1, substitution, outside)
                    rowMinimum = min(rowMinimum, row[j])
                }
            }
            if high < b.count { row[high + 1] = outside }
            guard rowMinimum <= limit else { return nil }
            swap(&previous, &row)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }
}
