import CalendarDocuments
import Foundation
import XCTest

/// What people reach for in the first minutes with a command-line tool (issue 20): the version,
/// completions, suggestions for slips, formats each command can really do, and no silent surprises.
final class CommandLineConventionsTests: XCTestCase {
    func testVersionNamesTheLibrariesItWasBuiltWith() throws {
        let result = try Calbridge.run(["--version"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.hasPrefix("calbridge 0."), result.standardOutput)
        XCTAssertTrue(result.standardOutput.contains("libical 3.0."), result.standardOutput)
        XCTAssertTrue(result.standardOutput.contains("libxml2 2."), result.standardOutput)
    }

    func testCompletionScriptsForBashZshAndFishOfferWhatConvertWrites() throws {
        for shell in ["bash", "zsh", "fish"] {
            let result = try Calbridge.run(["--generate-completion-script", shell])
            XCTAssertEqual(result.status, 0, result.standardError)
            XCTAssertTrue(result.standardOutput.contains("expand"), shell)
            XCTAssertTrue(result.standardOutput.contains("jcal"), shell)
        }
        // convert --to completes to what convert writes; --from to what it reads.
        let fish = try Calbridge.run(["--generate-completion-script", "fish"]).standardOutput
        let written = CalendarFormat.writable.map(\.rawValue), read = CalendarFormat.all.map(\.rawValue)
        XCTAssertEqual(Array(written.prefix(4)), ["ics", "json", "xcal", "jcal"])
        XCTAssertTrue(fish.contains("-l 'to' ") && fish.contains("-rfka '\(written.joined(separator: " "))'\n"), fish)
        XCTAssertTrue(fish.contains("-rfka '\(read.joined(separator: " "))'"), fish)
    }

    /// recur's options are read once, typed, by the argument parser: a value that is none of what
    /// the option takes names the option and what it expects (exit 64), before any rule is run.
    func testRecurPrintsTheInstancesAndRefusesACountOrStartThatIsNone() throws {
        let printed = try Calbridge.run(["recur", "FREQ=WEEKLY;BYDAY=MO,WE", "--dtstart", "20260105T081500", "--count", "3"])
        XCTAssertEqual(printed.status, 0, printed.standardError)
        XCTAssertEqual(printed.standardOutput, "20260105T081500,20260107T081500,20260112T081500\n")
        let noCount = try Calbridge.run(["recur", "FREQ=DAILY", "--dtstart", "20260101", "--count", "0"])
        XCTAssertEqual(noCount.status, 64)
        XCTAssertTrue(
            noCount.standardError.contains("The value '0' is invalid for '--count <count>': expected a count of at least 1"),
            noCount.standardError)
        let noDate = try Calbridge.run(["recur", "FREQ=DAILY", "--dtstart", "20260230"])
        XCTAssertEqual(noDate.status, 64)
        XCTAssertTrue(
            noDate.standardError.contains("'--dtstart <dtstart>': expected a date (20260105 or 2026-01-05)"), noDate.standardError)
    }

    func testAMisspeltCommandGetsTheNearestOne() throws {
        let result = try Calbridge.run(["exapnd", "team.ics"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.standardError.contains("unknown command 'exapnd'; did you mean 'expand'?"), result.standardError)
        let far = try Calbridge.run(["team.ics"])
        XCTAssertEqual(far.status, 64)
        XCTAssertTrue(far.standardError.contains("unknown command 'team.ics'; the commands are convert,"), far.standardError)
    }

    func testAMisspeltZoneGetsTheNearestOne() throws {
        let expand = try Calbridge.run(
            ["expand", "-", "--from", "2026-01-01", "--to", "2026-02-01", "--tz", "Amerika/New_York"],
            input: sampleCalendar)
        XCTAssertEqual(expand.status, 64)
        XCTAssertTrue(
            expand.standardError.contains("--tz Amerika/New_York is not a time zone calbridge knows; did you mean America/New_York?"),
            expand.standardError)
        let view = try Calbridge.run(["view", "-", "--week", "2026-W02", "--tz", "europe/berlin"], input: sampleCalendar)
        XCTAssertEqual(view.status, 64)
        XCTAssertTrue(view.standardError.contains("did you mean Europe/Berlin?"), view.standardError)
    }

    func testAMisspeltOptionGetsTheNearestOne() throws {
        let result = try Calbridge.run(["convert", "-", "--too", "ics"], input: sampleCalendar)
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.standardError.contains("Did you mean '--to'?"), result.standardError)
    }

    func testConvertListsOnlyTheFormatsItWrites() throws {
        let help = try Calbridge.run(["convert", "--help"]).standardOutput
        let written = CalendarFormat.writable.map(\.rawValue)
        XCTAssertTrue(
            help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                .contains("(values: \(written.joined(separator: ", ")))"), help)
        let vcf = try Calbridge.run(["convert", "-", "--to", "vcf"], input: sampleCalendar)
        XCTAssertEqual(vcf.status, 64)
        // The argument parser lists the values in a sentence, or one a line when there are many.
        XCTAssertTrue(vcf.standardError.contains("Please provide one of"), vcf.standardError)
        for format in written {
            XCTAssertTrue(vcf.standardError.contains("'\(format)'") || vcf.standardError.contains("  - \(format)\n"), vcf.standardError)
        }
        let validateHelp = try Calbridge.run(["validate", "--help"]).standardOutput
        XCTAssertTrue(validateHelp.contains("(values: ics, json, xcal, jcal,"), validateHelp)
        XCTAssertTrue(try Calbridge.run(["expand", "--help"]).standardOutput.contains("(values: jsonl, ics, csv;"))
    }

    func testAnOutputExtensionPicksTheFormatAndAnUnknownOneIsRefused() throws {
        let directory = try scratchDirectory()
        let pdf = try Calbridge.run(["convert", "-", "-o", "out.pdf"], input: sampleCalendar, directory: directory)
        XCTAssertEqual(pdf.status, 64)
        XCTAssertTrue(pdf.standardError.contains("no format calbridge writes ends in .pdf"), pdf.standardError)
        XCTAssertTrue(pdf.standardError.contains("--to ics"), pdf.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.pdf").path))
        let expected = [
            "out.xml": "<?xml", "out.xcal": "<?xml", "out.jcal": "[\"vcalendar\"", "out.json": "{", "out.ics": "BEGIN:VCALENDAR",
        ]
        for (name, start) in expected {
            let result = try Calbridge.run(["convert", "-", "-o", name], input: sampleCalendar, directory: directory)
            XCTAssertEqual(result.status, 0, result.standardError)
            let written = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            XCTAssertTrue(written.hasPrefix(start), "\(name): \(written.prefix(40))")
        }
        let asked = try Calbridge.run(["convert", "-", "-o", "out.pdf", "--to", "ics"], input: sampleCalendar, directory: directory)
        XCTAssertEqual(asked.status, 0, asked.standardError)
    }

    func testBirthdaysOfACalendarSaysItIsNoContactFile() throws {
        let directory = try scratchDirectory()
        try sampleCalendar.write(to: directory.appendingPathComponent("team.ics"), atomically: true, encoding: .utf8)
        let result = try Calbridge.run(["birthdays", "team.ics", "-o", "birthdays.ics"], directory: directory)
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(result.standardError.contains("team.ics: error: not a contact (vCard) file"), result.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("birthdays.ics").path))
        let help = try Calbridge.run(["import", "--help"]).standardOutput
        XCTAssertTrue(help.contains("(.vcf)") && help.contains("timetables"), help)
    }

    func testValidateNamesStandardInput() throws {
        let result = try Calbridge.run(["validate", "-"], input: sampleCalendar)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardError.contains("standard input: valid"), result.standardError)
        XCTAssertFalse(result.standardError.contains("-: valid"), result.standardError)
    }
}
