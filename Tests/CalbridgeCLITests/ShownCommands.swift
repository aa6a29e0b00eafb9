import Foundation

/// A `calbridge` command as a Markdown page shows it in a ```` ```console ```` block: the command
/// after `$ `, the lines it prints (both streams, as a terminal shows them), and the exit status a
/// following `$ echo $?` shows (0 when none is shown).
struct ShownCommand {
    var command: String
    var output: [String] = []
    var status: Int32 = 0
    /// The page and the line of the command, for a failure's message.
    var place: String
}

/// The commands of one ```` ```console ```` block, run in order in one folder.
struct ConsoleBlock {
    var commands: [ShownCommand] = []
}

/// Reads a page's console blocks. A `$ ` line starts a command (a trailing `\` continues it on the
/// next line), the lines up to the next `$ ` line are its output, and `$ echo $?` followed by a
/// number is the status of the command before it.
struct ConsoleBlocks {
    private(set) var blocks: [ConsoleBlock] = []
    private var inside = false, awaitingStatus = false, continuing = false

    init(_ text: String, page: String) {
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            read(line, place: "\(page):\(index + 1)")
        }
    }

    private mutating func read(_ line: String, place: String) {
        if line.hasPrefix("```") {
            inside = !inside && line == "```console"
            if inside { blocks.append(ConsoleBlock()) }
        } else if !inside {
            return
        } else if continuing {
            changeLast { $0.command += "\n" + line }
            continuing = line.hasSuffix("\\")
        } else if line == "$ echo $?" {
            awaitingStatus = true
        } else if line.hasPrefix("$ ") {
            blocks[blocks.count - 1].commands.append(ShownCommand(command: String(line.dropFirst(2)), place: place))
            continuing = line.hasSuffix("\\")
        } else if awaitingStatus {
            changeLast { $0.status = Int32(line) ?? -1 }
            awaitingStatus = false
        } else {
            changeLast { $0.output.append(line) }
        }
    }

    /// Changes the last command of the last block; a line before any command is left out.
    private mutating func changeLast(_ change: (inout ShownCommand) -> Void) {
        guard let block = blocks.indices.last, let command = blocks[block].commands.indices.last else { return }
        change(&blocks[block].commands[command])
    }

    /// Whether the lines printed are the lines shown, where a shown line that is `…` stands for any
    /// lines (none included), a `…` inside a line for any text (a rate, a time), and a line's
    /// trailing carriage return and blanks do not count.
    static func matches(shown: [String], printed: [String]) -> Bool {
        guard let first = shown.first else { return printed.isEmpty }
        let rest = Array(shown.dropFirst())
        if first == "…" {
            return (0...printed.count).contains { matches(shown: rest, printed: Array(printed.dropFirst($0))) }
        }
        guard let line = printed.first, matches(shownLine: trimmed(first), printed: trimmed(line)) else { return false }
        return matches(shown: rest, printed: Array(printed.dropFirst()))
    }

    private static func matches(shownLine: Substring, printed: Substring) -> Bool {
        let parts = shownLine.split(separator: "…", omittingEmptySubsequences: false)
        guard parts.count > 1 else { return shownLine == printed }
        guard printed.hasPrefix(parts[0]), printed.dropFirst(parts[0].count).hasSuffix(parts[parts.count - 1]) else { return false }
        var rest = printed.dropFirst(parts[0].count).dropLast(parts[parts.count - 1].count)
        for part in parts.dropFirst().dropLast() {
            guard let found = rest.range(of: part) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }

    private static func trimmed(_ line: String) -> Substring {
        var line = Substring(line)
        while let last = line.last, last == "\r" || last == " " { line = line.dropLast() }
        return line
    }
}
