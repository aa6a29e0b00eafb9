import ArgumentParser
import CalendarTransfer

/// `calbridge verify`: whether a target store holds what a source store holds.
struct Verify: ParsableCommand, ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Compare two stores by UID and content; exit 0 when they agree, 1 when not.",
        discussion: """
        Each resource is compared with the one of the same UID: its series, overrides and properties. \
        What servers rewrite is not a difference: DTSTAMP, PRODID and the other calendar properties, \
        the order of properties and parameters, line folding, list and duration spellings, and a \
        VTIMEZONE's text (zones are compared by their offsets; a zone left out is the tz database's). \
        Each finding is a line on standard output: "missing UID" (only on the source), "extra UID" \
        (only on the target) or "differs UID: the first difference"; --json writes them as JSON \
        objects (uid, status, difference). A store that cannot be reached exits as export does.

        Examples:
          calbridge verify ~/.calendars/work https://dav.example.org/cal/me/work/ --target-user me
          CALBRIDGE_SOURCE_PASSWORD=… CALBRIDGE_TARGET_PASSWORD=… calbridge verify \\
              https://old.example.org/dav/me/work/ https://new.example.org/dav/me/work/ \\
              --source-user me --target-user me --json
        """)

    @Argument(help: "The store that holds the calendar as it should be: a directory or a CalDAV URL.")
    var source: String
    @Argument(help: "The store to check: a directory or a CalDAV URL.")
    var target: String
    @OptionGroup var access: StorePairOptions
    @OptionGroup var reporting: ReportingOptions

    func run() throws {
        let held = try StoreLocation.open(source, access: access.source, create: false, makeDirectory: false)
        let written = try StoreLocation.open(target, access: access.target, create: false, makeDirectory: false)
        let report = try StoreVerification(source: held, target: written).compare()
        Terminal.write(reporting.json ? report.jsonLines : report.text, to: .standardOutput)
        Terminal.inform("verify: \(report.summary)\n")
        if !report.agrees { throw ExitCode(1) }
    }
}
