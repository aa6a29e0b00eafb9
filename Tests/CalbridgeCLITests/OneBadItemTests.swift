import Foundation
import XCTest

/// One bad item never sinks a file (SPEC, "Reading messy input"): a component or card calbridge
/// cannot use is kept or skipped with a warning at its line and the rest goes through, exit 0;
/// `--strict` refuses; `validate --repair` writes the lenient reading; and a file of which nothing
/// usable survives is refused with nothing written.
final class OneBadItemTests: XCTestCase {
    /// An Outlook export whose first VTIMEZONE lost its TZID; the event is in UTC.
    private let zoneWithoutTZID = crlf([
        "BEGIN:VCALENDAR", "PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN", "VERSION:2.0", "METHOD:PUBLISH",
        "BEGIN:VTIMEZONE", "BEGIN:STANDARD", "DTSTART:16011028T030000", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10",
        "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "END:STANDARD", "END:VTIMEZONE",
        "BEGIN:VEVENT", "UID:040000008200E00074C5B7101A82E00800000000B0E1@example.org", "DTSTAMP:20260101T120000Z",
        "DTSTART:20260105T090000Z", "DTEND:20260105T100000Z", "SUMMARY:Planning", "END:VEVENT", "END:VCALENDAR",
    ])

    /// An address book exported by Apple Contacts, one of whose cards has a day February lacks.
    private let addressBook = crlf([
        "BEGIN:VCARD", "VERSION:3.0", "PRODID:-//Apple Inc.//macOS 14.0//EN", "N:Lovelace;Ada;;;", "FN:Ada Lovelace",
        "BDAY:1815-12-10", "UID:6B29FC40-CA47-1067-B31D-00DD010662DA", "END:VCARD",
        "BEGIN:VCARD", "VERSION:3.0", "PRODID:-//Apple Inc.//macOS 14.0//EN", "N:Vries;Jan;;;", "FN:Jan de Vries",
        "BDAY:1985-02-30", "UID:7C3AFD51-DB58-2178-C42E-11EE121773EB", "END:VCARD",
        "BEGIN:VCARD", "VERSION:3.0", "PRODID:-//Apple Inc.//macOS 14.0//EN", "N:Turing;Alan;;;", "FN:Alan Turing",
        "BDAY:1912-06-23", "UID:8D4BFE62-EC69-3289-D53F-22FF232884FC", "END:VCARD",
    ])

    private let zoneWarning = "calendar.ics:5:1: warning: VTIMEZONE has no TZID, so nothing can refer to it"
    private let dateWarning = #"contacts.vcf:14:6: warning: BDAY "1985-02-30": February 1985 has 28 days, not 30 (repair: skips the date)"#

    private func files(_ contents: [String: String]) throws -> URL {
        let directory = try scratchDirectory()
        for (name, text) in contents {
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        return directory
    }

    private func written(_ name: String, in directory: URL) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    func testAVTimezoneWithoutTZIDIsKeptAndTheEventConvertsWithAWarning() throws {
        let directory = try files(["calendar.ics": zoneWithoutTZID])
        let result = try Calbridge.run(["convert", "calendar.ics", "-o", "out.ics"], directory: directory)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardError.contains(zoneWarning), result.standardError)
        let out = try written("out.ics", in: directory)
        XCTAssertTrue(out.contains("BEGIN:VTIMEZONE\r\nBEGIN:STANDARD\r\nDTSTART:16011028T030000\r\n"), out)
        XCTAssertTrue(out.contains("DTSTART:20260105T090000Z\r\nDTEND:20260105T100000Z\r\nSUMMARY:Planning\r\n"), out)
    }

    func testAVTimezoneWithoutTZIDLeavesExpandAndViewTheirEvents() throws {
        let directory = try files(["calendar.ics": zoneWithoutTZID])
        let expand = try Calbridge.run(["expand", "calendar.ics", "--from", "2026-01-01", "--to", "2026-02-01"], directory: directory)
        XCTAssertEqual(expand.status, 0, expand.standardError)
        XCTAssertTrue(expand.standardError.contains(zoneWarning), expand.standardError)
        XCTAssertTrue(
            expand.standardOutput.contains(#""start": "2026-01-05T09:00:00Z", "end": "2026-01-05T10:00:00Z""#), expand.standardOutput)
        let view = try Calbridge.run(["view", "calendar.ics", "--week", "2026-W02", "--tz", "UTC", "-o", "week.svg"], directory: directory)
        XCTAssertEqual(view.status, 0, view.standardError)
        XCTAssertTrue(view.standardError.contains(zoneWarning), view.standardError)
        XCTAssertTrue(try written("week.svg", in: directory).contains("Planning"))
    }

    func testAnImpossibleBirthdaySkipsThatDateAndTheOtherCardsConvertAndView() throws {
        let directory = try files(["contacts.vcf": addressBook])
        let convert = try Calbridge.run(["convert", "contacts.vcf", "-o", "birthdays.ics"], directory: directory)
        XCTAssertEqual(convert.status, 0, convert.standardError)
        XCTAssertTrue(convert.standardError.contains(dateWarning), convert.standardError)
        let out = try written("birthdays.ics", in: directory)
        XCTAssertTrue(out.contains("DTSTART;VALUE=DATE:18151210\r\n"), out)
        XCTAssertTrue(out.contains("DTSTART;VALUE=DATE:19120623\r\n"), out)
        XCTAssertFalse(out.contains("Jan de Vries"), out)
        let view = try Calbridge.run(["view", "contacts.vcf", "--month", "2026-06", "-o", "june.svg"], directory: directory)
        XCTAssertEqual(view.status, 0, view.standardError)
        XCTAssertTrue(view.standardError.contains(dateWarning), view.standardError)
        XCTAssertTrue(try written("june.svg", in: directory).contains("Alan Turing"))
    }

    func testStrictStillRefusesBothAndWritesNothing() throws {
        let directory = try files(["calendar.ics": zoneWithoutTZID, "contacts.vcf": addressBook])
        for input in ["calendar.ics", "contacts.vcf"] {
            let result = try Calbridge.run(["convert", input, "--strict", "-o", "out.ics"], directory: directory)
            XCTAssertEqual(result.status, 65, input)
            XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.ics").path), input)
        }
    }

    func testRepairWritesWhatTheLenientReadingReads() throws {
        let directory = try files(["calendar.ics": zoneWithoutTZID, "contacts.vcf": addressBook])
        for input in ["calendar.ics", "contacts.vcf"] {
            let repair = try Calbridge.run(["validate", input, "--repair", "-o", "repaired.ics"], directory: directory)
            XCTAssertEqual(repair.status, 0, input + ": " + repair.standardError)
            let converted = try Calbridge.run(["convert", input], directory: directory)
            XCTAssertEqual(
                Self.withoutStamps(try written("repaired.ics", in: directory)), Self.withoutStamps(converted.standardOutput), input)
        }
    }

    /// The text without its DTSTAMP lines, which a birthday calendar takes from the clock.
    private static func withoutStamps(_ text: String) -> String {
        text.components(separatedBy: "\r\n").filter { !$0.hasPrefix("DTSTAMP:") }.joined(separator: "\r\n")
    }

    func testAFileCutInsideItsOnlyEventIsRefusedAndNothingIsWritten() throws {
        let cut = crlf([
            "BEGIN:VCALENDAR", "PRODID:-//Google Inc//Google Calendar 70.9054//EN", "VERSION:2.0",
            "BEGIN:VEVENT", "DTSTART:20260105T090000Z", "UID:0c2rb3ue4m@google.com", "SUMM",
        ])
        let directory = try files(["cut.ics": cut])
        for command in [
            ["convert", "cut.ics", "-o", "out.ics"], ["convert", "cut.ics", "--to", "jcal", "-o", "out.ics"],
            ["validate", "cut.ics", "--repair", "-o", "out.ics"],
        ] {
            let result = try Calbridge.run(command, directory: directory)
            XCTAssertEqual(result.status, 65, command.joined(separator: " "))
            XCTAssertTrue(
                result.standardError.contains("its only item") || result.standardOutput.contains("its only item"),
                result.standardError + result.standardOutput)
            XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.ics").path))
        }
    }

    func testAnAddressBookWhoseOnlyDatesAreImpossibleIsRefused() throws {
        let card = crlf(["BEGIN:VCARD", "VERSION:3.0", "FN:Jan de Vries", "BDAY:1985-02-30", "ANNIVERSARY:2010-06-31", "END:VCARD"])
        let result = try Calbridge.run(["convert", "-"], input: card)
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(result.standardOutput, "")
        XCTAssertTrue(
            result.standardError.contains(
                "<stdin>: error: none of the 2 dates on its cards can be read, so no birthday or anniversary survives"),
            result.standardError)
        let undated = try Calbridge.run(["convert", "-"], input: crlf(["BEGIN:VCARD", "VERSION:3.0", "FN:Jan de Vries", "END:VCARD"]))
        XCTAssertEqual(undated.status, 0, undated.standardError)
    }

    /// A jCal event with a property that lost its value, as a hand-edited export has it.
    private func jcal(events: [String]) -> String {
        #"["vcalendar",[["version",{},"text","2.0"],["prodid",{},"text","-//Google Inc//Google Calendar 70.9054//EN"]],["#
            + events.joined(separator: ",") + "]]"
    }

    private let brokenEvent =
        #"["vevent",[["uid",{},"text","a@google.com"],["dtstart",{},"date-time","2026-01-05T09:00:00Z"],["summary",{},"text"]],[]]"#
    private let wholeEvent =
        #"["vevent",[["uid",{},"text","b@google.com"],["dtstamp",{},"date-time","2026-01-01T00:00:00Z"],"#
        + #"["dtstart",{},"date-time","2026-01-06T09:00:00Z"],["summary",{},"text","Standup"]],[]]"#

    func testAMalformedJCalComponentIsSkippedAndTheRestConverts() throws {
        let result = try Calbridge.run(["convert", "-", "--from", "jcal"], input: jcal(events: [brokenEvent, wholeEvent]))
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardError.contains("<stdin>:1:"), result.standardError)
        XCTAssertTrue(
            result.standardError.contains("a property must be [name, {parameters}, type, value, …] (repair: skips the component)"),
            result.standardError)
        XCTAssertTrue(result.standardOutput.contains("UID:b@google.com\r\n"), result.standardOutput)
        XCTAssertFalse(result.standardOutput.contains("a@google.com"), result.standardOutput)
        XCTAssertEqual(
            try Calbridge.run(["convert", "-", "--from", "jcal", "--strict"], input: jcal(events: [brokenEvent, wholeEvent])).status, 65)
        let nothing = try Calbridge.run(["convert", "-", "--from", "jcal"], input: jcal(events: [brokenEvent]))
        XCTAssertEqual(nothing.status, 65)
        XCTAssertEqual(nothing.standardOutput, "")
        XCTAssertTrue(
            nothing.standardError.contains("no component of it is one jcal allows, so nothing usable survives"), nothing.standardError)
    }

    func testAnEmptyFileIsRefusedAsEmpty() throws {
        let result = try Calbridge.run(["convert", "-"], input: "")
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(result.standardOutput, "")
        XCTAssertTrue(result.standardError.contains("the file is empty"), result.standardError)
    }
}
