import Foundation
import XCTest

/// xCal, jCal and model JSON inputs are told apart on standard input as in files, and their values
/// are judged as an .ics file's are: what calbridge would refuse in an .ics it refuses here, rather
/// than writing an .ics it then cannot read.
final class DocumentInputTests: XCTestCase {
    private func converted(_ directory: URL, to format: String) throws -> String {
        let name = "in." + format
        let result = try Calbridge.run(["convert", "-", "--to", format, "-o", name], input: sampleCalendar, directory: directory)
        XCTAssertEqual(result.status, 0, result.standardError)
        return try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    func testStandardInputIsToldByItsContentLikeAFile() throws {
        let directory = try scratchDirectory()
        for format in ["xcal", "jcal", "json"] {
            let document = try converted(directory, to: format)
            let fromFile = try Calbridge.run(["convert", "in." + format], directory: directory)
            let fromStandardInput = try Calbridge.run(["convert", "-"], input: document)
            XCTAssertEqual(fromStandardInput.status, 0, "\(format): \(fromStandardInput.standardError)")
            XCTAssertEqual(fromStandardInput.standardOutput, fromFile.standardOutput, format)
            XCTAssertTrue(fromStandardInput.standardOutput.contains("UID:db-v@hs.example.org\r\n"), format)
        }
        XCTAssertTrue(try converted(directory, to: "xcal").hasPrefix("<?xml"), "-o in.xcal names xCal")
    }

    func testAnImpossibleDateInJCalIsInvalidDataAtItsComponentUnderStrictAndKeptAsWrittenOtherwise() throws {
        let directory = try scratchDirectory()
        let jcal = try converted(directory, to: "jcal").replacingOccurrences(of: "\"2026-10-12T08:15:00\"", with: "\"2026-10-32T08:15:00\"")
        try jcal.write(to: directory.appendingPathComponent("bad.jcal"), atomically: true, encoding: .utf8)
        let lenient = try Calbridge.run(["convert", "bad.jcal"], directory: directory)
        XCTAssertEqual(lenient.status, 0, lenient.standardError)
        XCTAssertTrue(lenient.standardOutput.contains("DTSTART;TZID=Europe/Berlin:20261032T081500\r\n"), lenient.standardOutput)
        let result = try Calbridge.run(["convert", "bad.jcal", "-o", "out.ics", "--strict"], directory: directory)
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(result.standardError.contains("bad.jcal:1:"), result.standardError)
        XCTAssertTrue(result.standardError.contains("VEVENT: DTSTART:20261032T081500 is not a date that exists"), result.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.ics").path))
        XCTAssertEqual(try Calbridge.run(["validate", "bad.jcal"], directory: directory).status, 65)
    }

    func testAnImpossibleDateInXCalIsInvalidDataAtItsLine() throws {
        let directory = try scratchDirectory()
        let xcal = try converted(directory, to: "xcal")
        let bad = xcal.replacingOccurrences(
            of: "<date-time>2026-10-12T08:15:00</date-time>", with: "<date-time>2026-10-32T08:15:00</date-time>")
        XCTAssertNotEqual(bad, xcal)
        try bad.write(to: directory.appendingPathComponent("bad.xcal"), atomically: true, encoding: .utf8)
        // Reported where the property's element begins, a few lines above its value (parameters come first).
        let lines = bad.components(separatedBy: "\n")
        let value = lines.firstIndex { $0.contains("2026-10-32") }!
        let element = lines[..<value].lastIndex { $0.contains("<dtstart>") }! + 1
        let result = try Calbridge.run(["convert", "bad.xcal", "--to", "jcal", "--strict"], directory: directory)
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(result.standardOutput, "")
        XCTAssertTrue(result.standardError.contains("bad.xcal:\(element):"), result.standardError)
        XCTAssertTrue(result.standardError.contains("DTSTART:20261032T081500 is not a date that exists"), result.standardError)
    }

    /// A jCal name no content line can carry would become a line calbridge then reads as something
    /// else: refused, even leniently, rather than written.
    func testAJCalPropertyNameThatIsNoICalendarNameIsRefused() throws {
        let jcal =
            #"["vcalendar",[["version",{},"text","2.0"],["prodid",{},"text","-//t//EN"]],[["vevent",[["uid",{},"text","1"],"#
            + #"["dtstamp",{},"date-time","2026-01-01T00:00:00Z"],["foo bar",{},"text","x"]],[]]]]"#
        let result = try Calbridge.run(["convert", "-", "--from", "jcal"], input: jcal)
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(result.standardOutput, "")
        XCTAssertTrue(result.standardError.contains("'FOO BAR' is no iCalendar property name"), result.standardError)
    }

    func testControlCharactersAreRefusedAndLineBreaksKept() throws {
        let calendar =
            #"["vcalendar",[["version",{},"text","2.0"],["prodid",{},"text","-//tests//EN"]],[["vevent",[["uid",{},"text","1"],"#
            + #"["dtstamp",{},"date-time","2026-01-01T00:00:00Z"],["summary",{},"text","SUMMARY"]],[]]]]"#
        let bell = try Calbridge.run(
            ["convert", "-", "--from", "jcal"], input: calendar.replacingOccurrences(of: "SUMMARY", with: #"bell \u0007"#))
        XCTAssertEqual(bell.status, 65)
        XCTAssertTrue(bell.standardError.contains("<stdin>:1:"), bell.standardError)
        XCTAssertTrue(bell.standardError.contains("SUMMARY holds control character 0x7"), bell.standardError)
        let breaks = try Calbridge.run(
            ["convert", "-", "--from", "jcal"], input: calendar.replacingOccurrences(of: "SUMMARY", with: #"a\rb\r\nc\nd"#))
        XCTAssertEqual(breaks.status, 0, breaks.standardError)
        XCTAssertTrue(breaks.standardOutput.contains("SUMMARY:a\\nb\\nc\\nd\r\n"), breaks.standardOutput)
        XCTAssertEqual(try Calbridge.run(["validate", "-"], input: breaks.standardOutput).status, 0)
    }
}

/// `convert` reads contact cards and timetables too, into the calendars `birthdays` and `schedule` make.
final class ConvertFromCardsAndTimetablesTests: XCTestCase {
    private let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples")

    /// The text without its DTSTAMP lines, which hold the time of the run.
    private func unstamped(_ text: String) -> [String] {
        text.components(separatedBy: "\r\n").filter { !$0.hasPrefix("DTSTAMP:") }
    }

    func testContactCardsBecomeTheirBirthdayCalendar() throws {
        let cards = samples.appendingPathComponent("contacts-google.vcf").path
        let converted = try Calbridge.run(["convert", cards])
        XCTAssertEqual(converted.status, 0, converted.standardError)
        let made = try Calbridge.run(["birthdays", cards])
        XCTAssertEqual(unstamped(converted.standardOutput), unstamped(made.standardOutput))
        XCTAssertTrue(converted.standardOutput.contains("CATEGORIES:Birthday"))
    }

    func testATimetableBecomesItsCalendarFromAFileOrStandardInput() throws {
        let json = samples.appendingPathComponent("semester-informatik.json").path
        let made = try Calbridge.run(["schedule", json])
        for arguments in [["convert", json], ["convert", "-"]] {
            let converted = try Calbridge.run(
                arguments, input: arguments.last == "-" ? try String(contentsOfFile: json, encoding: .utf8) : nil)
            XCTAssertEqual(converted.status, 0, converted.standardError)
            XCTAssertEqual(unstamped(converted.standardOutput), unstamped(made.standardOutput), arguments.joined(separator: " "))
        }
        let csv = try Calbridge.run(["convert", samples.appendingPathComponent("semester-informatik.csv").path, "--to", "jcal"])
        XCTAssertEqual(csv.status, 0, csv.standardError)
        XCTAssertTrue(csv.standardOutput.hasPrefix(#"["vcalendar""#), csv.standardOutput)
    }

    func testAnImpossibleBirthdayIsInvalidDataWithItsPlace() throws {
        let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nBDAY:1990-02-30\r\nEND:VCARD\r\n"
        let result = try Calbridge.run(["convert", "-"], input: card)
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(result.standardError.contains("<stdin>:4:"), result.standardError)
        XCTAssertEqual(result.standardOutput, "")
    }
}
