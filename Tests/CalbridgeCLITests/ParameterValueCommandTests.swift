import Foundation
import XCTest

/// A backslash in a parameter value is a character, not an escape (RFC 5545 §3.1), and RFC 6868's
/// `^n ^^ ^'` stand for a line break, a caret and a double quote: every format calbridge writes says
/// the same name and address, and python icalendar reads calbridge's iCalendar so too.
final class ParameterValueCommandTests: XCTestCase {
    private let invitation = crlf([
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN", "METHOD:REQUEST",
        "BEGIN:VEVENT", "UID:040000008200E00074C5B7101A82E0080000000070F4@example.org", "DTSTAMP:20260101T120000Z",
        "DTSTART:20260105T090000Z", "DTEND:20260105T100000Z", "SUMMARY:Review",
        #"ATTENDEE;CN=Y\;ROLE=REQ-PARTICIPANT:mailto:y@example.org"#,
        #"ATTENDEE;CN="George Herman ^'Babe^' Ruth ^^ 1":mailto:babe@example.org"#,
        #"LOCATION;X-ADDRESS="115 Federal St^nPittsburgh":PNC Park"#,
        "END:VEVENT", "END:VCALENDAR",
    ])

    func testJCalAndXCalCarryTheValuesAsMeant() throws {
        let jcal = try Calbridge.run(["convert", "-", "--to", "jcal"], input: invitation)
        XCTAssertEqual(jcal.status, 0, jcal.standardError)
        XCTAssertTrue(
            jcal.standardOutput.contains(#"["attendee",{"cn":"Y\\","role":"REQ-PARTICIPANT"},"cal-address","mailto:y@example.org"]"#),
            jcal.standardOutput)
        XCTAssertTrue(jcal.standardOutput.contains(#"{"cn":"George Herman \"Babe\" Ruth ^ 1"}"#), jcal.standardOutput)
        XCTAssertTrue(jcal.standardOutput.contains(#"{"x-address":"115 Federal St\nPittsburgh"}"#), jcal.standardOutput)
        let xcal = try Calbridge.run(["convert", "-", "--to", "xcal"], input: invitation)
        XCTAssertTrue(xcal.standardOutput.contains("<cn>\n                <text>Y\\</text>"), xcal.standardOutput)
        for format in ["jcal", "xcal"] {
            let back = try Calbridge.run(
                ["convert", "-", "--from", format],
                input: try Calbridge.run(["convert", "-", "--to", format], input: invitation).standardOutput)
            XCTAssertTrue(
                back.standardOutput.contains(#"ATTENDEE;CN="Y\";ROLE=REQ-PARTICIPANT:mailto:y@example.org"# + "\r\n"), back.standardOutput)
            XCTAssertTrue(
                back.standardOutput.contains(#"ATTENDEE;CN=George Herman ^'Babe^' Ruth ^^ 1:mailto:babe@example.org"#), back.standardOutput)
        }
    }

    func testPythonIcalendarReadsCalbridgesOutputAsRFC5545Means() throws {
        guard let python = ProcessInfo.processInfo.environment["CALBRIDGE_PYTHON"] else {
            if ProcessInfo.processInfo.environment["CI"] != nil { XCTFail("CALBRIDGE_PYTHON is not set; run Scripts/test") }
            throw XCTSkip("CALBRIDGE_PYTHON is not set; Scripts/test sets it to .venv/bin/python")
        }
        let converted = try Calbridge.run(["convert", "-"], input: invitation)
        XCTAssertEqual(converted.status, 0, converted.standardError)
        let directory = try scratchDirectory()
        let path = directory.appendingPathComponent("out.ics").path
        try Data(converted.standardOutput.utf8).write(to: URL(fileURLWithPath: path))
        let program = """
            import sys, icalendar
            event = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read()).walk('VEVENT')[0]
            for attendee in event.get('ATTENDEE'):
                print(repr(attendee.params.get('CN')), str(attendee))
            """
        let (status, output) = try runPython(python, program, [path])
        XCTAssertEqual(status, 0, output)
        XCTAssertEqual(output, "'Y\\\\' mailto:y@example.org\n'George Herman \"Babe\" Ruth ^ 1' mailto:babe@example.org\n")
    }
}
