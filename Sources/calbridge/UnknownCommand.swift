/// A first argument that names no command (`calbridge exapnd team.ics`): the argument parser would
/// call it an unexpected argument, where a person wants to hear which command was meant.
enum UnknownCommand {
    /// The message for `arguments` when their first word is not one of `commands`; `nil` when it is,
    /// or when the arguments start with an option (`--help`, `--version`).
    static func message(for arguments: [String], commands: [String]) -> String? {
        guard let word = arguments.first, !word.hasPrefix("-"), !commands.contains(word), word != "help" else { return nil }
        let list = commands.joined(separator: ", ")
        guard let nearest = nearest(to: word, among: commands) else {
            return "unknown command '\(word)'; the commands are \(list) (calbridge --help says what each does)"
        }
        return "unknown command '\(word)'; did you mean '\(nearest)'? (the commands are \(list))"
    }

    /// The name fewest edits away from `word`, if it is close enough to be a slip of the keyboard.
    static func nearest(to word: String, among names: [String]) -> String? {
        let scored = names.map { (name: $0, edits: editDistance(word.lowercased(), $0)) }
        guard let best = scored.min(by: { $0.edits < $1.edits }), best.edits <= max(2, best.name.count / 3) else { return nil }
        return best.name
    }

    /// Levenshtein distance: insertions, deletions and substitutions, one row at a time.
    static func editDistance(_ a: String, _ b: String) -> Int {
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
