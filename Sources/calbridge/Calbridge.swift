import ArgumentParser

/// The `calbridge` command line: a thin shell that parses arguments and calls the modules below it.
@main
struct Calbridge: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calbridge",
        abstract: "Convert and check calendar data: iCalendar files, the calendar model as JSON, and more.",
        discussion: """
        Examples:
          calbridge convert google.ics outlook.ics -o merged.ics
          calbridge convert calendar.ics --to json -o calendar.json
          calbridge validate export.ics
          calbridge validate export.ics --repair -o fixed.ics

        Exit codes: 0 done, 64 usage, 65 invalid data (nothing written), 66 missing input,
        73 output cannot be created, 74 I/O error.
        """,
        subcommands: [Convert.self, Validate.self, Expand.self, Recur.self, Birthdays.self, Schedule.self, Sync.self, Import.self, Export.self]
    )
}
