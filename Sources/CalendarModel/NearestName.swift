/// The name a person probably meant when they wrote one that is not there (`exapnd`, `Europe/Berln`):
/// the messages that refuse a name offer it.
package enum NearestName {
    /// The name fewest edits away from `word` (letter case aside), if it is close enough to be a slip
    /// of the keyboard: at most a third of the name's length in edits (one for a name of up to five
    /// letters, so that `FOO` is not taken for `ROC`). Only names
    /// with the same digits are offered, since `GMT+1` is no slip for `GMT+0`.
    package static func nearest(to word: String, among names: some Sequence<String>) -> String? {
        let typed = word.lowercased(), digits = word.filter(\.isNumber)
        var best: (name: String, edits: Int)?
        for name in names where name.filter(\.isNumber) == digits {
            let edits = editDistance(typed, name.lowercased())
            if edits < best?.edits ?? Int.max { best = (name, edits) }
        }
        guard let best, best.edits <= max(1, best.name.count / 3) else { return nil }
        return best.name
    }

    /// Levenshtein distance: insertions, deletions and substitutions, one row at a time.
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var row = [i + 1]
            for (j, y) in b.enumerated() {
                row.append(min(previous[j + 1] + 1, row[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = row
        }
        return previous[b.count]
    }
}
