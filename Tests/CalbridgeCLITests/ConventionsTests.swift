import Foundation
import XCTest

/// SPEC's conventions held by every command (issue 29): `-o -` is standard output, `--json` makes
/// every message a JSON line with a kind (fatal errors and summaries too), `--quiet` prints no
/// summary, `--verbose` adds notes, validate's exit codes, both date forms, and the exit codes of a
/// directory as input and of a server that cannot be reached.
final class ConventionsTests: XCTestCase {
    /// Contact cards as an iPhone exports them.
    private let contacts = crlf([
        "BEGIN:VCARD", "VERSION:3.0", "PRODID:-//Apple Inc.//iPhone OS 17.4//EN", "N:Müller;Anna;;;",
        "FN:Anna Müller", "BDAY:1985-03-14", "UID:6C1E0A5B-anna", "END:VCARD",
    ])
    private let timetable = """
        {"calendar": {"id": "hs-inf-3", "name": "Informatik 3", "color": "#1E90FF", "timezone": "Europe/Berlin"},
         "term": {"start": "2026-10-12", "end": "2027-02-05", "breaks": []},
         "lectures": [{"id": "DB-V", "title": "Datenbanken", "kind": "Vorlesung", "lecturer": "Prof. Müller", "room": "H1.12",
                       "weekday": "MO", "start": "08:15", "end": "09:45", "weeks": "all"}]}
        """
    /// The sample with an attendee whose RSVP is none of RFC 5545's: a warning, no error.
    private let warned = sampleCalendar.replacingOccurrences(of: "LOCATION:H1.12", with: "ATTENDEE;RSVP=MAYBE:mailto:ana@example.org")
    /// The sample with a DTSTAMP on a day that does not exist: an error.
    private let impossible = sampleCalendar.replacingOccurrences(of: "DTSTAMP:20261001T080000Z", with: "DTSTAMP:20261301T080000Z")

    private func inputs() throws -> URL {
        let directory = try scratchDirectory()
        for (name, text) in [
            "team.ics": sampleCalendar, "contacts.vcf": contacts, "semester.json": timetable, "warned.ics": warned,
            "impossible.ics": impossible,
        ] {
            try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return directory
    }

    func testDashAsOutputIsStandardOutputForEveryCommandThatWrites() throws {
        let directory = try inputs()
        XCTAssertEqual(try Calbridge.run(["import", "team.ics", "--to", "store"], directory: directory).status, 0)
        let commands: [(arguments: [String], start: String)] = [
            (["convert", "team.ics"], "BEGIN:VCALENDAR"),
            (["convert", "team.ics", "--to", "jcal"], "[\"vcalendar\""),
            (["validate", "warned.ics", "--repair"], "BEGIN:VCALENDAR"),
            (["expand", "team.ics", "--from", "2026-10-12", "--to", "2026-10-13"], "{\"uid\": \"db-v@hs.example.org\""),
            (["view", "team.ics", "--week", "2026-W42"], "<svg"),
            (["birthdays", "contacts.vcf"], "BEGIN:VCALENDAR"),
            (["schedule", "semester.json"], "BEGIN:VCALENDAR"),
            (["export", "store"], "BEGIN:VCALENDAR"),
        ]
        for (arguments, start) in commands {
            let result = try Calbridge.run(arguments + ["-o", "-"], directory: directory)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.standardError)")
            XCTAssertTrue(result.standardOutput.hasPrefix(start), "\(arguments): \(result.standardOutput.prefix(80))")
            XCTAssertFalse(
                FileManager.default.fileExists(atPath: directory.appendingPathComponent("-").path), "\(arguments) wrote a file named -")
        }
    }

    func testJSONMakesEveryMessageOneObjectWithAKindFatalErrorsAndSummariesToo() throws {
        let directory = try inputs()
        let runs: [(arguments: [String], status: Int32, kinds: Set<String>)] = [
            (["convert", "warned.ics"], 0, ["diagnostic"]),
            (["convert", "missing.ics"], 66, ["error"]),
            (["convert", "impossible.ics", "--strict"], 65, ["diagnostic", "error"]),
            (["validate", "team.ics"], 0, ["summary"]),
            (["validate", "-"], 65, ["error"]),
            (["expand", "team.ics", "--from", "2026-10-01", "--to", "2026-09-01"], 64, ["error"]),
            (["view", "team.ics"], 64, ["error"]),
            (["recur", "FREQ=SOMETIMES", "--dtstart", "20260105"], 65, ["error"]),
            (["recur", "FREQ=DAILY", "--dtstart", "yesterday"], 64, ["error"]),
            (["birthdays", "contacts.vcf", "-o", "birthdays.ics"], 0, ["summary"]),
            (["schedule", "semester.json", "-o", "semester.ics"], 0, ["summary"]),
            (["sync", "semester.json", "--to", "synced", "--state", "state.json"], 0, ["summary"]),
            (["import", "team.ics", "--to", "store"], 0, ["summary"]),
            (["export", "nowhere"], 66, ["error"]),
            (["calendars", "ftp://dav.example.org/"], 64, ["error"]),
            (["exapnd", "team.ics"], 64, ["error"]),
        ]
        for (arguments, status, kinds) in runs {
            let result = try Calbridge.run(arguments + ["--json"], input: "BEGIN:VCALENDAR\r\n", directory: directory)
            XCTAssertEqual(result.status, status, "\(arguments): \(result.standardError)")
            let objects = try jsonLines(result.standardError, of: arguments)
            XCTAssertEqual(Set(objects.map { $0["kind"] as? String ?? "" }), kinds, "\(arguments): \(result.standardError)")
        }
        // A fatal error about one file names it apart, as a diagnostic does.
        let missing = try Calbridge.run(["convert", "missing.ics", "--json"], directory: directory)
        let stop = try XCTUnwrap(try jsonLines(missing.standardError, of: ["convert"]).first)
        XCTAssertEqual(stop["file"] as? String, "missing.ics")
        XCTAssertEqual(stop["severity"] as? String, "error")
        XCTAssertEqual(stop["message"] as? String, "missing.ics: \(String(cString: strerror(ENOENT))); check the name and the path")
        // validate lists its problems as its output: JSON lines of kind diagnostic on standard output.
        let validate = try Calbridge.run(["validate", "warned.ics", "--json"], directory: directory)
        let listed = try jsonLines(validate.standardOutput, of: ["validate"])
        XCTAssertEqual(listed.map { $0["kind"] as? String }, ["diagnostic"])
        XCTAssertEqual(listed.first?["line"] as? Int, 29)
        XCTAssertEqual(listed.first?["severity"] as? String, "warning")
    }

    func testQuietPrintsNoSummary() throws {
        let directory = try inputs()
        for arguments in [
            ["validate", "team.ics"], ["validate", "warned.ics", "--repair", "-o", "fixed.ics"],
            ["birthdays", "contacts.vcf", "-o", "birthdays.ics"], ["schedule", "semester.json", "-o", "semester.ics"],
            ["import", "team.ics", "--to", "store"], ["sync", "semester.json", "--to", "synced", "--state", "state.json"],
        ] {
            let loud = try Calbridge.run(arguments, directory: directory)
            XCTAssertEqual(loud.status, 0, "\(arguments): \(loud.standardError)")
            XCTAssertFalse(loud.standardError.isEmpty, "\(arguments) says what it did")
            let quiet = try Calbridge.run(arguments + ["--quiet"], directory: directory)
            XCTAssertEqual(quiet.status, 0, "\(arguments): \(quiet.standardError)")
            XCTAssertEqual(quiet.standardError, "", "\(arguments)")
        }
        // The commands without a summary print nothing but errors either, warnings of a messy input included.
        for arguments in [
            ["convert", "warned.ics"], ["expand", "warned.ics", "--from", "2026-10-01", "--to", "2026-11-01"],
            ["view", "warned.ics", "--week", "2026-W42"], ["recur", "FREQ=DAILY;COUNT=2", "--dtstart", "2026-01-05"],
            ["export", "store"],
        ] {
            let quiet = try Calbridge.run(arguments + ["--quiet"], directory: directory)
            XCTAssertEqual(quiet.status, 0, "\(arguments): \(quiet.standardError)")
            XCTAssertEqual(quiet.standardError, "", "\(arguments)")
        }
    }

    func testValidateExitsZeroOnWarningsAlone65OnAnErrorAndOnAWarningWithStrict() throws {
        let directory = try inputs()
        let warnedOnly = try Calbridge.run(["validate", "warned.ics"], directory: directory)
        XCTAssertEqual(warnedOnly.status, 0, warnedOnly.standardError)
        XCTAssertTrue(warnedOnly.standardOutput.hasPrefix("warned.ics:29:10: warning: ATTENDEE;RSVP=MAYBE"), warnedOnly.standardOutput)
        XCTAssertEqual(warnedOnly.standardError, "warned.ics: valid (2 components, 1 warning)\n")
        let strict = try Calbridge.run(["validate", "warned.ics", "--strict"], directory: directory)
        XCTAssertEqual(strict.status, 65)
        XCTAssertTrue(strict.standardError.contains("0 errors, 1 warning"), strict.standardError)
        let error = try Calbridge.run(
            ["validate", "-"],
            input: warned.replacingOccurrences(
                of: "DTSTAMP:20261001T080000Z",
                with: "DTSTAMP:20261301T080000Z"))
        XCTAssertEqual(error.status, 65)
        XCTAssertTrue(error.standardError.contains("1 error, 1 warning"), error.standardError)
    }

    func testNotesShowOnlyWithVerbose() throws {
        let long = "DESCRIPTION:" + String(repeating: "Raum H1.12, Eingang über den Hof; ", count: 3)
        let calendar = sampleCalendar.replacingOccurrences(of: "LOCATION:H1.12", with: long)
        let plain = try Calbridge.run(["validate", "-"], input: calendar)
        XCTAssertEqual(plain.status, 0, plain.standardError)
        XCTAssertEqual(plain.standardOutput, "")
        let verbose = try Calbridge.run(["validate", "-", "--verbose"], input: calendar)
        XCTAssertEqual(verbose.status, 0, verbose.standardError)
        XCTAssertTrue(verbose.standardOutput.hasPrefix("<stdin>:29:76: note: line 29 is "), verbose.standardOutput)
        XCTAssertEqual(try Calbridge.run(["validate", "-", "--quiet", "--verbose"], input: calendar).status, 64)
    }

    func testTheSameWarningAtManyPlacesIsOneLineWithACountButEachInJSON() throws {
        let attendees = (1...4).map { "ATTENDEE;RSVP=MAYBE:mailto:guest\($0)@example.org" }.joined(separator: "\r\n")
        let calendar = sampleCalendar.replacingOccurrences(of: "LOCATION:H1.12", with: attendees)
        let text = try Calbridge.run(["validate", "-"], input: calendar)
        XCTAssertEqual(text.status, 0, text.standardError)
        XCTAssertEqual(
            text.standardOutput,
            "warning: ATTENDEE;RSVP=MAYBE: RFC 5545 allows only TRUE or FALSE "
                + "(repair: keeps it as written; nothing in calbridge reads it): 4 times, first at <stdin>:29:10\n")
        let json = try Calbridge.run(["validate", "-", "--json"], input: calendar)
        XCTAssertEqual(try jsonLines(json.standardOutput, of: ["validate"]).compactMap { $0["line"] as? Int }, [29, 30, 31, 32])
    }

    func testEveryDateOptionTakesTheBasicAndTheISOForm() throws {
        for (basic, iso) in [
            ("20260105", "2026-01-05"), ("20260105T090000", "2026-01-05T09:00:00"), ("20260105T090000Z", "2026-01-05T09:00:00Z"),
        ] {
            let first = try Calbridge.run(["recur", "FREQ=WEEKLY;COUNT=2", "--dtstart", basic])
            XCTAssertEqual(first.status, 0, first.standardError)
            XCTAssertEqual(try Calbridge.run(["recur", "FREQ=WEEKLY;COUNT=2", "--dtstart", iso]).standardOutput, first.standardOutput)
            let startAt = try Calbridge.run([
                "recur", "FREQ=WEEKLY;COUNT=3", "--dtstart", iso, "--start-at", iso.replacingOccurrences(of: "05", with: "12"),
            ])
            XCTAssertEqual(startAt.standardOutput.split(separator: ",").count, 2, startAt.standardError)
        }
        XCTAssertEqual(
            try Calbridge.run(["recur", "FREQ=DAILY;COUNT=1", "--dtstart", "2026-01-05T09:00"]).standardOutput, "20260105T090000\n")
        let expandISO = try Calbridge.run(["expand", "-", "--from", "2026-10-12", "--to", "2026-10-19T08:00:00"], input: sampleCalendar)
        XCTAssertEqual(expandISO.status, 0, expandISO.standardError)
        XCTAssertEqual(expandISO.standardOutput.split(separator: "\n").count, 1)
        let expandBasic = try Calbridge.run(["expand", "-", "--from", "20261012", "--to", "20261019T080000"], input: sampleCalendar)
        XCTAssertEqual(expandBasic.standardOutput, expandISO.standardOutput)
        // The window is read on a wall clock: a Z would be dropped without a word, so it is refused.
        let expandUTC = try Calbridge.run(["expand", "-", "--from", "2026-10-12T00:00:00Z", "--to", "20261019"], input: sampleCalendar)
        XCTAssertEqual(expandUTC.status, 64, expandUTC.standardError)
        XCTAssertTrue(expandUTC.standardError.contains("add --tz UTC"), expandUTC.standardError)
        let viewISO = try Calbridge.run(["view", "-", "--from", "2026-10-12", "--to", "2026-10-17"], input: sampleCalendar)
        XCTAssertEqual(viewISO.status, 0, viewISO.standardError)
        XCTAssertEqual(
            try Calbridge.run(["view", "-", "--from", "20261012", "--to", "20261017"], input: sampleCalendar).standardOutput,
            viewISO.standardOutput)
    }

    func testADirectoryWhereAFileIsNeededIsAMissingInput() throws {
        let directory = try inputs()
        for arguments in [
            ["convert", "."], ["validate", "."], ["expand", ".", "--from", "2026-10-01", "--to", "2026-11-01"],
            ["view", ".", "--week", "2026-W42"], ["birthdays", "."], ["schedule", "."],
        ] {
            let result = try Calbridge.run(arguments, directory: directory)
            XCTAssertEqual(result.status, 66, "\(arguments): \(result.standardError)")
            XCTAssertTrue(result.standardError.contains(".: Is a directory; name the files in it"), "\(arguments): \(result.standardError)")
        }
    }

    func testAServerThatCannotBeReachedIs69ForEveryCommand() throws {
        let url = "http://127.0.0.1:\(try closedPort())/dav/"
        let directory = try inputs()
        for arguments in [
            ["calendars", url], ["import", "team.ics", "--to", url], ["export", url],
            ["sync", "semester.json", "--to", url, "--state", "state.json"],
        ] {
            let result = try Calbridge.run(arguments, directory: directory)
            XCTAssertEqual(result.status, 69, "\(arguments): \(result.standardError)")
            XCTAssertTrue(result.standardError.contains("connection refused"), "\(arguments): \(result.standardError)")
        }
    }

    func testNoHelpExampleIsWrappedInTheMiddleOfTheCommand() throws {
        for command in [
            [], ["convert"], ["validate"], ["expand"], ["view"], ["recur"], ["birthdays"], ["schedule"], ["sync"],
            ["import"], ["export"], ["calendars"],
        ] {
            let lines = try Calbridge.run(command + ["--help"]).standardOutput.components(separatedBy: "\n")
            for (line, next) in zip(lines, lines.dropFirst()) where line.hasPrefix("  calbridge ") || line.hasSuffix(" \\") {
                XCTAssertTrue(next.isEmpty || next.hasPrefix("  "), "\(command): \(line) / \(next)")
            }
        }
    }

    func testTheManualPageHasAnExitStatusForEveryCommandAndAnEnvironment() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let help = try scratchDirectory().appendingPathComponent("help.json")
        try Calbridge.run(["--experimental-dump-help"]).standardOutput.write(to: help, atomically: true, encoding: .utf8)
        let page = try runProgram("/bin/sh", ["-c", "\"$0\" < \"$1\"", root.appendingPathComponent("Scripts/manual-page").path, help.path])
        XCTAssertEqual(page.status, 0)
        let sections = page.output.components(separatedBy: "\n.SH ")
        let exitStatus = try XCTUnwrap(sections.first { $0.hasPrefix("EXIT STATUS\n") })
        for command in ["convert", "validate", "expand", "view", "recur", "birthdays", "schedule", "sync", "import", "export", "calendars"]
        {
            XCTAssertTrue(exitStatus.contains("\n.SS \(command)\n.TP\n\\fB"), command)
        }
        XCTAssertTrue(exitStatus.contains(".SS calendars\n.TP\n\\fB66\\fR\nnothing is at the URL\n.TP\n\\fB69\\fR"), exitStatus)
        let environment = try XCTUnwrap(sections.first { $0.hasPrefix("ENVIRONMENT\n") })
        XCTAssertTrue(environment.contains("\\fBCALBRIDGE_PASSWORD\\fR\nThe password for \\-\\-user"), environment)
    }

    /// The objects of `text`, each line one, each with the members every JSON message has.
    private func jsonLines(_ text: String, of arguments: [String]) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            let object = try XCTUnwrap(try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(arguments): \(line)")
            XCTAssertEqual(Set(object.keys), ["kind", "file", "line", "column", "severity", "message", "repair"], "\(arguments): \(line)")
            XCTAssertTrue(["diagnostic", "failure", "error", "summary"].contains(object["kind"] as? String), "\(arguments): \(line)")
            return object
        }
    }

    /// A loopback port nothing listens on: bound by the system's choice, then closed.
    private func closedPort() throws -> UInt16 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        XCTAssertTrue(bound)
        return UInt16(bigEndian: address.sin_port)
    }
}
