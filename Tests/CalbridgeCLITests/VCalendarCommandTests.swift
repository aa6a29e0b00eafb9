import Foundation
import XCTest

/// `convert` reads vCalendar 1.0 by its `.vcs` name or its `VERSION:1.0` content and writes
/// iCalendar 2.0 that `validate` (libical judging too) finds nothing in; the translations are notes
/// that `--verbose` shows, one line a kind.
final class VCalendarCommandTests: XCTestCase {
    /// Written the way Nokia's S60 phones write an entry: quoted-printable UTF-8, a soft line break at
    /// column 1, vCalendar's rule and alarm.
    private let nokia = [
        "BEGIN:VCALENDAR", "VERSION:1.0", "BEGIN:VEVENT", "UID:20",
        "SUMMARY;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:Besprechung M=C3=BCller", "DTSTART:20260112T080000Z",
        "DTEND:20260112T090000Z", "RRULE:W1 MO TH #4", "AALARM:20260112T074500Z;;;",
        "DESCRIPTION;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:Zeile eins=0D=0AZeile zw=", "ei",
        "LAST-MODIFIED:20260105T101500Z", "END:VEVENT", "END:VCALENDAR",
    ].map { $0 + "\r\n" }.joined()

    func testAVcsFileConvertsToICalendarThatValidatesClean() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("phone.vcs"), output = directory.appendingPathComponent("phone.ics")
        try Data(nokia.utf8).write(to: input)
        let converted = try Calbridge.run(["convert", input.path, "-o", output.path, "--verbose"])
        XCTAssertEqual(converted.status, 0, converted.standardError)
        XCTAssertEqual(converted.standardError.split(separator: "\n").filter { $0.contains("note: ") }.count, 4, converted.standardError)
        XCTAssertTrue(
            converted.standardError.contains("phone.vcs:8:1: note: 1 vCalendar rule (W1 MO TH #4) translated"), converted.standardError)
        let text = try String(contentsOf: output, encoding: .utf8)
        for line in [
            "VERSION:2.0", "SUMMARY:Besprechung Müller", "DESCRIPTION:Zeile eins\\nZeile zwei",
            "RRULE:FREQ=WEEKLY;COUNT=4;BYDAY=MO,TH", "TRIGGER;VALUE=DATE-TIME:20260112T074500Z", "DTSTAMP:20260105T101500Z",
        ] {
            XCTAssertTrue(text.contains(line + "\r\n"), "\(line) in \(text)")
        }
        let validated = try Calbridge.run(["validate", output.path])
        XCTAssertEqual(validated.status, 0)
        XCTAssertEqual(validated.standardError + validated.standardOutput, "\(output.path): valid (1 components)\n")
    }

    func testAnIcsNamedVersionOneFileIsTranslatedAndItsOccurrencesExpand() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("export.ics")
        try Data(nokia.utf8).write(to: input)
        let expanded = try Calbridge.run(["expand", input.path, "--from", "20260101", "--to", "20260201"])
        XCTAssertEqual(expanded.status, 0, expanded.standardError)
        XCTAssertEqual(
            expanded.standardOutput.split(separator: "\n").compactMap { line in
                line.range(of: "\"start\": \"").map { String(line[$0.upperBound...].prefix(20)) }
            }, ["2026-01-12T08:00:00Z", "2026-01-15T08:00:00Z", "2026-01-19T08:00:00Z", "2026-01-22T08:00:00Z"])
    }
}
