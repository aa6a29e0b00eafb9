import ArgumentParser
import AtomicOutput
import CalendarDocuments
import CalendarModel
import Foundation
import ICalendar
import TimeZones

/// `calbridge validate`: every problem with file, line and column, and what a repair would do.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Report every problem in calendar files; --repair writes a mended copy.",
        discussion: """
        Each problem is printed as FILE:LINE:COLUMN: error|warning|note: what is wrong (repair: what \
        --repair does). Errors make the data unreadable; warnings break RFC 5545 but the data is kept; \
        notes are legal but worth knowing. The exit code is 65 when there are errors or warnings.

        --repair mends what it can: adds missing VERSION, PRODID, UID and DTSTAMP, gives Google's floating times their \
        X-WR-TIMEZONE, writes CRLF for lone CRs, drops empty lines, joins lines folded without the \
        leading space, and closes a truncated file (dropping the unfinished component).

        Examples:
          calbridge validate export.ics
          calbridge validate export.ics --repair -o fixed.ics
        """)

    @Argument(help: "Input files, or - for standard input.")
    var inputs: [String]

    @Flag(help: "Write a repaired copy to --output.")
    var repair = false

    @Option(name: .shortAndLong, help: "Where --repair writes; standard output when absent.")
    var output: String?

    @Option(help: ArgumentHelp("Input format; taken from each input's name or content when absent.", valueName: "format"))
    var from: ReadFormat?

    @OptionGroup var reporting: ReportingOptions

    func validate() throws {
        if output != nil && !repair {
            throw ValidationError("-o is only used with --repair")
        }
    }

    func run() throws {
        reporting.apply()
        do {
            let (calendar, diagnostics) = try read()
            Terminal.printDiagnostics(diagnostics, to: .standardOutput)
            let blocking = diagnostics.filter { $0.severity >= .violation }
            if repair {
                try writeRepaired(calendar, diagnostics)
            } else if !blocking.isEmpty {
                Terminal.write(summary(blocking), to: .standardError)
                throw ExitStatus.invalidData
            } else {
                Terminal.inform("\(inputs.map(Self.displayName).joined(separator: ", ")): valid (\(calendar.components.count) components)\n")
            }
        } catch let error as ExitCode {
            throw error
        } catch {
            throw ExitStatus.report(error)
        }
    }

    /// What messages call an input: `-` is standard input.
    private static func displayName(_ path: String) -> String {
        path == "-" ? "standard input" : path
    }

    private func read() throws -> (Component, [Diagnostic]) {
        // The checks that need the whole calendar (VERSION and PRODID, UIDs shared by two masters) run
        // in validate only: convert keeps going on violations, and expand only reads times.
        let (calendar, found) = try CalendarInputs(paths: inputs, format: from?.format).readCalendar(checksWholeCalendar: true)
        let floating = calendar.components.map(CalendarRepair.floatingTimes(in:)).reduce(0, +)
        let notice = CalendarRepair.floatingTimeNotice(zone: calendar["X-WR-TIMEZONE"], floatingCount: floating,
                                                       file: inputs.first ?? "-")
        return (calendar, found + (notice.map { [$0] } ?? []) + Self.zoneProblems(calendar, file: inputs.first ?? "-"))
    }

    /// TZIDs no VTIMEZONE defines: those the tz database knows can be given one; the rest are read as floating.
    private static func zoneProblems(_ calendar: Component, file: String) -> [Diagnostic] {
        let resolver = TimeZoneResolver(calendar: calendar)
        let unknown = resolver.unknownZones(in: calendar)
        var usage = ZoneUsage()
        calendar.components.forEach { usage.record($0) }
        let missing = usage.undefined.filter { used in !unknown.contains { $0.tzid == used.tzid } }.map { used in
            Diagnostic(.violation, file: file, at: calendar.firstUse(of: used.tzid),
                       "TZID \(used.tzid) has no VTIMEZONE in the file, which RFC 5545 §3.6.5 requires",
                       repair: "adds one built from the tz database for \(used.years.lowerBound)–\(used.years.upperBound)")
        }
        return missing + unknown.map { unknown in
            Diagnostic(.violation, file: file, at: unknown.property.location, TimeZoneResolver.unknownZoneMessage(unknown.tzid), repair: nil)
        }
    }

    private func writeRepaired(_ calendar: Component, _ diagnostics: [Diagnostic]) throws {
        let unrepairable = diagnostics.filter { $0.severity == .error && $0.repair == nil }
        guard unrepairable.isEmpty else {
            Terminal.error("\(unrepairable.count) problems cannot be repaired without losing data; nothing was written")
            throw ExitStatus.invalidData
        }
        var repaired = calendar
        CalendarRepair(now: .nowUTC).repair(&repaired)
        var usage = ZoneUsage()
        repaired.components.forEach { usage.record($0) }
        repaired.components += usage.missingDefinitions(resolver: TimeZoneResolver(definitions: [:]))
        var writer = ICalendarWriter()
        writer.write(repaired)
        let sink = try AtomicFile(destination: output)
        try sink.write(writer.bytes)
        try sink.commit()
        Terminal.inform("repaired \(diagnostics.filter { $0.repair != nil }.count) problems\n")
    }

    private func summary(_ problems: [Diagnostic]) -> String {
        let errors = problems.filter { $0.severity == .error }.count
        return "\(errors) errors, \(problems.count - errors) warnings; `calbridge validate --repair -o FIXED.ics` mends those that say how\n"
    }
}

extension Component {
    /// Where a TZID is first named, for pointing at it.
    func firstUse(of tzid: String) -> SourceLocation? {
        for property in properties where property[parameter: "TZID"] == tzid { return property.location }
        for child in components { if let found = child.firstUse(of: tzid) { return found } }
        return nil
    }
}
