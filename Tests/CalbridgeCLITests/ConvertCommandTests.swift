import CalendarModel
import Foundation
import XCTest

final class ConvertCommandTests: XCTestCase {
    func testStandardInputToStandardOutputKeepsEveryProperty() throws {
        let result = try Calbridge.run(["convert", "-"], input: sampleCalendar)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardOutput, sampleCalendar)
    }

    func testJSONRoundTripGivesBackTheSameCalendar() throws {
        let directory = try scratchDirectory()
        let ics = directory.appendingPathComponent("in.ics")
        try sampleCalendar.write(to: ics, atomically: true, encoding: .utf8)
        let toJSON = try Calbridge.run(["convert", ics.path, "-o", "out.json"], directory: directory)
        XCTAssertEqual(toJSON.status, 0, toJSON.standardError)
        let json = try String(contentsOf: directory.appendingPathComponent("out.json"), encoding: .utf8)
        XCTAssertTrue(json.contains("\"uid\" : \"db-v@hs.example.org\""), json)
        XCTAssertTrue(json.contains("\"timeZone\" : \"Europe/Berlin\""), json)
        let back = try Calbridge.run(["convert", "out.json", "--to", "ics"], directory: directory)
        XCTAssertEqual(back.status, 0, back.standardError)
        let reread = try Calbridge.run(["convert", "-", "--to", "json"], input: back.standardOutput)
        XCTAssertEqual(reread.standardOutput, json, "ics → json → ics → json is stable")
        XCTAssertEqual(Set(back.standardOutput.components(separatedBy: "\r\n")), Set(sampleCalendar.components(separatedBy: "\r\n")))
    }

    func testInvalidDataUnderStrictExits65AndLeavesTheOutputUntouched() throws {
        let directory = try scratchDirectory()
        let out = directory.appendingPathComponent("out.ics")
        try "previous contents".write(to: out, atomically: true, encoding: .utf8)
        let broken = sampleCalendar.replacingOccurrences(of: "20261012T094500", with: "20261312T094500")
        let result = try Calbridge.run(["convert", "-", "-o", out.path, "--strict"], input: broken)
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(result.standardError.contains("<stdin>:26:26: error:"), result.standardError)
        XCTAssertTrue(result.standardError.contains("without it calbridge reads past these problems"), result.standardError)
        XCTAssertEqual(try String(contentsOf: out, encoding: .utf8), "previous contents")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        XCTAssertEqual(leftovers, ["out.ics"], "no temporary file is left behind")
    }

    func testSeveralCalendarsInOneFileStayApartAndSeveralFilesMerge() throws {
        func calendar(_ name: String, _ uid: String) -> [String] {
            [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//tests//EN", "X-WR-CALNAME:\(name)",
                "BEGIN:VTIMEZONE", "TZID:Europe/Berlin", "BEGIN:STANDARD", "DTSTART:19701025T030000", "TZOFFSETFROM:+0200",
                "TZOFFSETTO:+0100", "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "END:STANDARD", "BEGIN:DAYLIGHT",
                "DTSTART:19700329T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
                "END:DAYLIGHT", "END:VTIMEZONE", "BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20260101T000000Z",
                "DTSTART;TZID=Europe/Berlin:20260301T100000", "END:VEVENT", "END:VCALENDAR",
            ]
        }
        let directory = try scratchDirectory()
        let both = crlf(calendar("Work", "w") + calendar("Home", "h"))
        try both.write(to: directory.appendingPathComponent("both.ics"), atomically: true, encoding: .utf8)
        let apart = try Calbridge.run(["convert", "both.ics"], directory: directory)
        XCTAssertEqual(apart.status, 0, apart.standardError)
        XCTAssertEqual(apart.standardOutput, both, "each calendar is written as it was, its name and zone with it")
        try crlf(calendar("Work", "w")).write(to: directory.appendingPathComponent("work.ics"), atomically: true, encoding: .utf8)
        try crlf(calendar("Home", "h")).write(to: directory.appendingPathComponent("home.ics"), atomically: true, encoding: .utf8)
        let merged = try Calbridge.run(["convert", "work.ics", "home.ics"], directory: directory)
        XCTAssertEqual(merged.status, 0, merged.standardError)
        XCTAssertEqual(merged.standardOutput.components(separatedBy: "BEGIN:VCALENDAR").count, 2, merged.standardOutput)
        XCTAssertEqual(merged.standardOutput.components(separatedBy: "BEGIN:VTIMEZONE").count, 2, merged.standardOutput)
        XCTAssertTrue(merged.standardOutput.contains("X-WR-CALNAME:Work\r\n"))
        XCTAssertFalse(merged.standardOutput.contains("X-WR-CALNAME:Home"))
    }

    func testAnImpossibleDateIsKeptAsWrittenWithAWarningByDefault() throws {
        let broken = sampleCalendar.replacingOccurrences(of: "20261012T094500", with: "20261312T094500")
        let result = try Calbridge.run(["convert", "-"], input: broken)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(
            result.standardError.contains("<stdin>:26:26: warning: DTEND:20261312T094500 is not a date that exists"), result.standardError)
        XCTAssertTrue(result.standardError.contains("(repair: keeps the value as written)"), result.standardError)
        XCTAssertTrue(result.standardOutput.contains(":20261312T094500\r\n"), result.standardOutput)
    }

    func testEveryTZIDWrittenGetsAVTimezone() throws {
        // PRODID too, so that the zone is all the output lacks for validate.
        let bare = crlf([
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VEVENT", "UID:x", "DTSTAMP:20260101T000000Z",
            "DTSTART;TZID=W. Europe Standard Time:20261012T081500", "END:VEVENT", "END:VCALENDAR",
        ])
        let result = try Calbridge.run(["convert", "-"], input: bare)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.hasPrefix(bare.replacingOccurrences(of: "END:VCALENDAR\r\n", with: "")))
        XCTAssertTrue(result.standardOutput.contains("BEGIN:VTIMEZONE\r\nTZID:W. Europe Standard Time\r\n"), result.standardOutput)
        XCTAssertTrue(result.standardOutput.contains("RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU"))
        let check = try Calbridge.run(["validate", "-"], input: result.standardOutput)
        XCTAssertEqual(check.status, 0, check.standardOutput)
    }

    func testSavedCalDAVAnswerBecomesOneCalendar() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let fixture = root.appendingPathComponent("CalendarWebFormatsTests/Fixtures/caldav/xandikos-calendar-multiget.xml").path
        let result = try Calbridge.run(["convert", fixture, "--to", "jcal"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.hasPrefix(#"["vcalendar",["#), result.standardOutput)
        for uid in ["fixture-one@calbridge", "fixture-weekly@calbridge", "fixture-summer@calbridge"] {
            XCTAssertTrue(result.standardOutput.contains(#"["uid",{},"text",""# + uid + #""]"#), uid)
        }
        let broken = try Calbridge.run(["convert", "-", "--from", "caldav-xml"], input: "<multistatus xmlns=\"DAV:\"><response>")
        XCTAssertEqual(broken.status, 65)
    }

    func testMissingInputExits66() throws {
        let result = try Calbridge.run(["convert", "/nonexistent/calendar.ics"])
        XCTAssertEqual(result.status, 66)
        XCTAssertTrue(result.standardError.contains("/nonexistent/calendar.ics"))
    }

    func testUncreatableOutputExits73() throws {
        let result = try Calbridge.run(["convert", "-", "-o", "/nonexistent-dir/out.ics"], input: sampleCalendar)
        XCTAssertEqual(result.status, 73)
    }

    func testModelJSONProblemsNameTheirFieldAndSayWhatToDo() throws {
        let result = try Calbridge.run(["convert", "-", "--from", "json"], input: #"{"components": [], "properties": [{"name": 1}]}"#)
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(result.standardError.contains("not calbridge model JSON: $.type: required field is missing"), result.standardError)
        XCTAssertTrue(
            result.standardError.contains("correct the JSON (`calbridge convert CALENDAR.ics --to json` shows its form)"),
            result.standardError)
    }

    func testUnknownOptionAndUnsupportedFormatAreUsageErrors() throws {
        XCTAssertEqual(try Calbridge.run(["convert", "-", "--frobnicate"], input: sampleCalendar).status, 64)
        let vcf = try Calbridge.run(["convert", "-", "--to", "vcf"], input: sampleCalendar)
        XCTAssertEqual(vcf.status, 64)
        XCTAssertTrue(vcf.standardError.contains("The value 'vcf' is invalid for '--to <format>'"), vcf.standardError)
        // A saved CalDAV answer is read, never written (it used to come out as model JSON).
        let answer = try Calbridge.run(["convert", "-", "--to", "caldav-xml"], input: sampleCalendar)
        XCTAssertEqual(answer.status, 64)
        XCTAssertEqual(answer.standardOutput, "")
    }

    func testTwoInputsMergeIntoOneCalendar() throws {
        let directory = try scratchDirectory()
        let second = sampleCalendar.replacingOccurrences(of: "db-v@hs.example.org", with: "se-v@hs.example.org")
        try sampleCalendar.write(to: directory.appendingPathComponent("a.ics"), atomically: true, encoding: .utf8)
        try second.write(to: directory.appendingPathComponent("b.ics"), atomically: true, encoding: .utf8)
        let result = try Calbridge.run(["convert", "a.ics", "b.ics"], directory: directory)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardOutput.components(separatedBy: "BEGIN:VCALENDAR").count, 2)
        XCTAssertEqual(result.standardOutput.components(separatedBy: "BEGIN:VEVENT").count, 3)
        XCTAssertEqual(result.standardOutput.components(separatedBy: "X-WR-CALNAME").count, 2)
    }
}
