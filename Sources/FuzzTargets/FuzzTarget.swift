/// One reader under fuzzing: it is handed arbitrary bytes and says which of the reader's promises
/// they broke, if any. A crash or a hang is a finding too, but libFuzzer sees those by itself; what
/// a target returns is the kind of failure no sanitizer sees (a round trip that changed the tree,
/// an occurrence outside its window). The fuzz executable (Fuzz/) traps on it, and the test suite
/// replays every saved finding through the same target (`FuzzRegressionTests`).
public struct FuzzTarget: Sendable {
    /// The name `Scripts/fuzz` and the corpus and regression folders use.
    public var name: String
    /// The broken promise, said plainly, or `nil` when the input was handled as promised.
    public var check: @Sendable ([UInt8]) -> String?

    public init(_ name: String, check: @escaping @Sendable ([UInt8]) -> String?) {
        self.name = name
        self.check = check
    }

    /// Every reader calbridge has, one target each: the parts of the iCalendar reader and the
    /// recurrence engine, the calendar CSV reader that shares the `csv` entry with timetables, and
    /// every format of the registry (`RegistryTargets`).
    public static let all: [FuzzTarget] =
        [
            ICalendarTargets.scanner, ICalendarTargets.contentLines, RecurrenceTargets.rule, RecurrenceTargets.expansion,
            CalendarCSVTargets.calendarCSV,
        ] + RegistryTargets.all

    /// The target of that name.
    public static func named(_ name: String) -> FuzzTarget? {
        all.first { $0.name == name }
    }
}
