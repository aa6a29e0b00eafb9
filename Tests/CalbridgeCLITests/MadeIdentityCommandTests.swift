import Foundation
import XCTest

/// What the commands do with events that lack the UID and DTSTAMP RFC 5545 requires: the writers add
/// them and the warning names the values written; validate names what `--repair` writes; expand and
/// view, whose occurrences do not depend on them (nor on stamps' UTC form or alarms), say nothing of
/// them; a made UID is the same on every run and in every command.
final class MadeIdentityCommandTests: XCTestCase {
    /// Two events as a script-made export writes them: no UID, no DTSTAMP, the first edited once.
    private let export = crlf([
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Example Corp.//Planner 2.1//EN",
        "BEGIN:VEVENT", "SUMMARY:Team sync", "LAST-MODIFIED:20251203T141500Z", "DTSTART:20260105T081500Z",
        "DTEND:20260105T090000Z", "END:VEVENT",
        "BEGIN:VEVENT", "SUMMARY:Review", "DTSTART:20260106T130000Z", "DTEND:20260106T140000Z", "END:VEVENT",
        "END:VCALENDAR",
    ])

    private func lines(_ text: String, _ prefix: String) -> [String] {
        text.components(separatedBy: "\r\n").filter { $0.hasPrefix(prefix) }
    }

    private func uids(inJSONLines text: String) throws -> [String] {
        try text.split(separator: "\n").map { line in
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return try XCTUnwrap(object["uid"] as? String)
        }
    }

    func testConvertWritesTheUIDAndDTSTAMPItsWarningsName() throws {
        let result = try Calbridge.run(["convert", "-"], input: export)
        XCTAssertEqual(result.status, 0, result.standardError)
        let uids = lines(result.standardOutput, "UID:")
        XCTAssertEqual(uids.count, 2, result.standardOutput)
        XCTAssertEqual(lines(result.standardOutput, "DTSTAMP:"), ["DTSTAMP:20251203T141500Z", "DTSTAMP:19700101T000000Z"])
        for uid in uids {
            XCTAssertTrue(
                result.standardError.contains("(repair: adds \(uid), made from its content, the same on every run)"), result.standardError)
        }
        XCTAssertTrue(
            result.standardError.contains(
                "<stdin>:4:1: warning: VEVENT has no DTSTAMP (repair: adds DTSTAMP:20251203T141500Z, its LAST-MODIFIED)"),
            result.standardError)
        let again = try Calbridge.run(["convert", "-"], input: export)
        XCTAssertEqual(again.standardOutput, result.standardOutput, "the same input gives the same output on every run")
    }

    func testValidateNamesTheUIDThatRepairWrites() throws {
        let directory = try scratchDirectory()
        let report = try Calbridge.run(["validate", "-"], input: export, directory: directory)
        let repair = try Calbridge.run(["validate", "-", "--repair", "-o", "fixed.ics"], input: export, directory: directory)
        XCTAssertEqual(repair.status, 0, repair.standardError)
        let fixed = try String(contentsOf: directory.appendingPathComponent("fixed.ics"), encoding: .utf8)
        let uids = lines(fixed, "UID:")
        XCTAssertEqual(uids.count, 2, fixed)
        for uid in uids {
            XCTAssertTrue(report.standardOutput.contains("(repair: adds \(uid), made from its content"), report.standardOutput)
        }
        XCTAssertEqual(lines(fixed, "DTSTAMP:"), ["DTSTAMP:20251203T141500Z", "DTSTAMP:19700101T000000Z"])
    }

    func testExpandGivesTheUIDConvertWritesAndSaysNothingOfUIDOrDTSTAMP() throws {
        let expanded = try Calbridge.run(["expand", "-", "--from", "2026-01-01", "--to", "2026-02-01"], input: export)
        XCTAssertEqual(expanded.status, 0, expanded.standardError)
        XCTAssertEqual(expanded.standardError, "")
        let converted = try Calbridge.run(["convert", "-"], input: export)
        XCTAssertEqual(try uids(inJSONLines: expanded.standardOutput).map { "UID:" + $0 }, lines(converted.standardOutput, "UID:"))
    }

    func testExpandStillWarnsOfAZoneItCannotPlace() throws {
        let outlook = export.replacingOccurrences(
            of: "DTSTART:20260106T130000Z", with: "DTSTART;TZID=Atlantis Standard Time:20260106T130000")
        let expanded = try Calbridge.run(["expand", "-", "--from", "2026-01-01", "--to", "2026-02-01"], input: outlook)
        XCTAssertEqual(expanded.status, 0, expanded.standardError)
        let warnings = expanded.standardError.split(separator: "\n")
        XCTAssertEqual(warnings.count, 1, expanded.standardError)
        XCTAssertTrue(warnings[0].contains("TZID Atlantis Standard Time"), expanded.standardError)
    }

    func testExpandSaysNothingOfStampsNotInUTCOrAnAlarmWithoutTrigger() throws {
        // As some exporters write them: local stamps, and an alarm cut short.
        let local = crlf([
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Example Corp.//Planner 2.1//EN",
            "BEGIN:VEVENT", "UID:review-2026@example.com", "DTSTAMP:20251203T141500", "CREATED:20251101T080000",
            "LAST-MODIFIED:20251203T141500", "DTSTART:20260106T130000Z", "DTEND:20260106T140000Z", "SUMMARY:Review",
            "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Review", "END:VALARM", "END:VEVENT", "END:VCALENDAR",
        ])
        let expanded = try Calbridge.run(["expand", "-", "--from", "2026-01-01", "--to", "2026-02-01"], input: local)
        XCTAssertEqual(expanded.status, 0, expanded.standardError)
        XCTAssertEqual(expanded.standardError, "")
        XCTAssertEqual(try uids(inJSONLines: expanded.standardOutput), ["review-2026@example.com"])
        let converted = try Calbridge.run(["convert", "-"], input: local)
        XCTAssertTrue(converted.standardError.contains("DTSTAMP must be a UTC date-time"), converted.standardError)
        XCTAssertTrue(converted.standardError.contains("VALARM needs both ACTION and TRIGGER"), converted.standardError)
    }

    func testViewSaysNothingOfUIDOrDTSTAMP() throws {
        let directory = try scratchDirectory()
        try export.write(to: directory.appendingPathComponent("export.ics"), atomically: true, encoding: .utf8)
        let result = try Calbridge.run(["view", "export.ics", "--week", "2026-W02", "-o", "week.svg"], directory: directory)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertFalse(result.standardError.contains("UID"), result.standardError)
        XCTAssertFalse(result.standardError.contains("DTSTAMP"), result.standardError)
    }

    func testTwoEventsOfEqualContentStayTwoEvents() throws {
        let event = ["BEGIN:VEVENT", "SUMMARY:Lunch", "DTSTART:20260106T120000Z", "DTEND:20260106T130000Z", "END:VEVENT"]
        let twice = crlf(
            ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Example Corp.//Planner 2.1//EN"] + event + event + ["END:VCALENDAR"])
        let expanded = try Calbridge.run(["expand", "-", "--from", "2026-01-01", "--to", "2026-02-01"], input: twice)
        XCTAssertEqual(expanded.status, 0, expanded.standardError)
        let uids = try uids(inJSONLines: expanded.standardOutput)
        XCTAssertEqual(uids.count, 2, expanded.standardOutput)
        XCTAssertEqual(uids[1], uids[0] + "-2")
        let converted = try Calbridge.run(["convert", "-"], input: twice)
        XCTAssertEqual(lines(converted.standardOutput, "UID:"), uids.map { "UID:" + $0 })
        XCTAssertTrue(
            converted.standardError.contains("the item at line 4 has the same content and is kept apart from it"), converted.standardError)
    }

    func testAnXCalEventGetsTheUIDTheSameICalendarEventGetsAndEqualOnesStayApart() throws {
        let event =
            "<vevent><properties><summary><text>Lunch</text></summary>"
            + "<dtstart><date-time>2026-01-06T12:00:00Z</date-time></dtstart></properties></vevent>"
        let xcal =
            #"<?xml version="1.0" encoding="utf-8"?><icalendar xmlns="urn:ietf:params:xml:ns:icalendar-2.0"><vcalendar>"#
            + "<properties><version><text>2.0</text></version></properties><components>" + event + event
            + "</components></vcalendar></icalendar>"
        let ics = crlf([
            "BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "SUMMARY:Lunch", "DTSTART:20260106T120000Z", "END:VEVENT", "END:VCALENDAR",
        ])
        let fromXCal = try Calbridge.run(["convert", "-", "--from", "xcal", "--to", "ics"], input: xcal)
        XCTAssertEqual(fromXCal.status, 0, fromXCal.standardError)
        let fromICalendar = try Calbridge.run(["convert", "-"], input: ics)
        let made = try XCTUnwrap(lines(fromICalendar.standardOutput, "UID:").first)
        XCTAssertEqual(lines(fromXCal.standardOutput, "UID:"), [made, made + "-2"])
    }

    func testImportStoresAnEventWithoutUIDUnderTheUIDValidateRepairGivesIt() throws {
        let directory = try scratchDirectory()
        try export.write(to: directory.appendingPathComponent("export.ics"), atomically: true, encoding: .utf8)
        let imported = try Calbridge.run(["import", "export.ics", "--to", "store"], directory: directory)
        XCTAssertEqual(imported.status, 0, imported.standardError)
        let repaired = try Calbridge.run(["validate", "export.ics", "--repair"], directory: directory)
        let expected = lines(repaired.standardOutput, "UID:").map { String($0.dropFirst(4)) + ".ics" }.sorted()
        XCTAssertEqual(expected.count, 2, repaired.standardOutput)
        let stored = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("store").path)
            .filter { $0.hasSuffix(".ics") }.sorted()
        XCTAssertEqual(stored, expected)
    }
}
