import ArgumentParser
import CalendarDocuments

/// A format named on the command line, limited to what the option can do, so that help, completions
/// and the error for any other name list exactly those.
protocol FormatChoice: ExpressibleByArgument {
    /// The formats the option offers, in the order help lists them.
    static var offered: [CalendarFormat] { get }
    var format: CalendarFormat { get }
    init(format: CalendarFormat)
}

extension FormatChoice {
    init?(argument: String) {
        guard let format = CalendarFormat(rawValue: argument), Self.offered.contains(format) else { return nil }
        self.init(format: format)
    }

    static var allValueStrings: [String] { offered.map(\.rawValue) }
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}

/// A format calbridge writes (`convert --to`), as the format registry has them.
struct WrittenFormat: FormatChoice {
    static var offered: [CalendarFormat] { CalendarFormat.writable }
    var format: CalendarFormat
}

/// A format calbridge reads (`--from`): every format in the registry.
struct ReadFormat: FormatChoice {
    static var offered: [CalendarFormat] { CalendarFormat.all }
    var format: CalendarFormat
}

/// An option's value as `read` makes it from the text given, or the argument parser's usage error
/// saying what the value should be, so that a command gets its values already read.
func reading<Value>(_ expected: String, _ read: @escaping @Sendable (String) -> Value?) -> @Sendable (String) throws -> Value {
    { text in
        guard let value = read(text) else { throw ValidationError("expected \(expected)") }
        return value
    }
}
