import CalendarModel

/// A first argument that names no command (`calbridge exapnd team.ics`): the argument parser would
/// call it an unexpected argument, where a person wants to hear which command was meant.
enum UnknownCommand {
    /// The message for `arguments` when their first word is not one of `commands`; `nil` when it is,
    /// or when the arguments start with an option (`--help`, `--version`).
    static func message(for arguments: [String], commands: [String]) -> String? {
        guard let word = arguments.first, !word.hasPrefix("-"), !commands.contains(word), word != "help" else { return nil }
        let list = commands.joined(separator: ", ")
        guard let nearest = NearestName.nearest(to: word, among: commands) else {
            return "unknown command '\(word)'; the commands are \(list) (calbridge --help says what each does)"
        }
        return "unknown command '\(word)'; did you mean '\(nearest)'? (the commands are \(list))"
    }
}
