import ArgumentParser
import CalendarModel
import CLibical
import CLibxml2

/// The `calbridge` command line: a thin shell that parses arguments and calls the modules below it.
@main
struct Calbridge: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calbridge",
        abstract: "Convert, check and move calendar data: iCalendar, xCal, jCal, contact cards, timetables, CalDAV.",
        discussion: """
            Examples:
              calbridge convert google.ics outlook.ics -o merged.ics
              calbridge convert calendar.ics --to jcal -o calendar.jcal
              calbridge validate export.ics --repair -o fixed.ics
              calbridge expand team.ics --from 2026-03-23 --to 2026-03-30
              calbridge schedule semester.json -o semester.ics --state semester.state.json
              calbridge import big.ics --to https://dav.example.org/cal/me/work/ \\
                  --user me --journal big.journal

            Shell completions: calbridge --generate-completion-script bash|zsh|fish (an installed calbridge \
            has them in place, with the manual page, man calbridge, and the guide in share/doc/calbridge).

            Exit codes: 0 done, 1 some items of a batch failed (each listed, the rest done), 64 usage, \
            65 invalid data (nothing written), 66 an input is missing or is a directory, 69 a server \
            cannot be reached, 73 output cannot be created, 74 I/O error, 75 a server went away \
            part-way (safe to run again). `man calbridge` lists the codes each command uses.

            Messages: warnings and errors on standard error; --verbose adds notes, --quiet keeps only \
            errors, --json writes each message as one JSON object a line (kind: diagnostic, failure, \
            error or summary). -o - is standard output, as no -o is.
            """,
        // calbridge's own version and those of the C libraries it was built with (their headers'
        // macros), so that a report names the libical and libxml2 in play.
        version:
            "calbridge \(CalbridgeVersion.number) (libical \(ICAL_MAJOR_VERSION).\(ICAL_MINOR_VERSION).\(ICAL_PATCH_VERSION), libxml2 \(LIBXML_DOTTED_VERSION))",
        // Each command sets `commandName`: the parser would otherwise derive every name from its type at each
        // start, a dozen protocol conformance lookups a command (Benchmarks/NOTES.md).
        subcommands: [
            Convert.self, Validate.self, Expand.self, View.self, Recur.self, Birthdays.self, Schedule.self, Sync.self, Import.self,
            Export.self, Mirror.self, Verify.self, Calendars.self,
        ]
    )

    /// Names a misspelt command before the argument parser would call it an unexpected argument, and
    /// reports what stopped a command.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        // Known before the arguments are parsed, so that a usage error is a JSON line too.
        Terminal.reporting.json = arguments.prefix { $0 != "--" }.contains("--json")
        let commands = configuration.subcommands.map { $0._commandName }
        if let message = UnknownCommand.message(for: arguments, commands: commands) {
            Terminal.error(message)
            Self.exit(withError: ExitStatus.usage)
        }
        do {
            var command = try parseAsRoot(arguments)
            (command as? ReportingCommand)?.reporting.apply()
            do {
                try command.run()
            } catch  where configuration.subcommands.contains(where: { $0 == type(of: command) }) {
                // What stops one of calbridge's commands is reported here, once; help and the other
                // parser-made commands are left to the parser.
                exit(withError: ExitStatus.report(error))
            }
        } catch {
            // Help and the version (exit 0) are printed as they are; a usage error under --json is a
            // JSON line, as every other error is.
            let code = exitCode(for: error)
            guard Terminal.reporting.json, code != .success else { exit(withError: error) }
            Terminal.error(message(for: error))
            exit(withError: code)
        }
    }
}
