import Foundation
import XCTest

/// `convert` reads a calendar CSV by its header row and writes one with `--to csv`; the exit codes
/// say what went wrong (an unreadable date order or header 65, a series without a window 64).
final class CalendarCSVCommandTests: XCTestCase {
    private let google = "Subject,Start Date,Start Time,End Date,End Time,All Day Event,Description,Location,Private\r\n"

    private func file(_ name: String, _ text: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func testAGoogleCSVConvertsToFloatingAndAllDayEventsWithoutAWord() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = try file(
            "events.csv",
            google + "Exam,05/30/2020,10:00 AM,05/30/2020,1:00 PM,False,,,False\r\n"
                + "Break,03/16/2020,,03/20/2020,,True,,,False\r\n", in: directory)
        let result = try Calbridge.run(["convert", input])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardError, "")
        XCTAssertTrue(result.standardOutput.contains("DTSTART:20200530T100000\r\nDTEND:20200530T130000\r\n"), result.standardOutput)
        XCTAssertTrue(result.standardOutput.contains("DTSTART;VALUE=DATE:20200316\r\nDTEND;VALUE=DATE:20200321\r\n"), result.standardOutput)
    }

    func testTimesAreReadInTheZoneGivenWhichTheOutputDefines() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = try file("events.csv", google + "Exam,05/30/2020,10:00 AM,05/30/2020,1:00 PM,False,,,False\r\n", in: directory)
        let result = try Calbridge.run(["convert", input, "--tz", "Europe/Berlin"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.contains("DTSTART;TZID=Europe/Berlin:20200530T100000\r\n"), result.standardOutput)
        XCTAssertTrue(result.standardOutput.contains("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n"), result.standardOutput)
        let slip = try Calbridge.run(["convert", input, "--tz", "Europe/Berln"])
        XCTAssertEqual(slip.status, 64)
        XCTAssertTrue(slip.standardError.contains("did you mean Europe/Berlin?"), slip.standardError)
    }

    func testAnAmbiguousFileIsRefusedUntilTheDateOrderIsGiven() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = try file("events.csv", google + "Dentist,03/04/2026,9:00 AM,03/04/2026,9:30 AM,False,,,False\r\n", in: directory)
        let output = directory.appendingPathComponent("out.ics").path
        let refused = try Calbridge.run(["convert", input, "-o", output])
        XCTAssertEqual(refused.status, 65)
        XCTAssertTrue(refused.standardError.contains("events.csv:2:9: error:"), refused.standardError)
        XCTAssertTrue(refused.standardError.contains("--date-order mdy"), refused.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
        let ordered = try Calbridge.run(["convert", input, "--date-order", "dmy"])
        XCTAssertEqual(ordered.status, 0, ordered.standardError)
        XCTAssertTrue(ordered.standardOutput.contains("DTSTART:20260403T090000"), ordered.standardOutput)
    }

    func testAnUnknownHeaderIsRefusedNamingTheKnownOnes() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = try file("people.csv", "Name,Birthday\nAda,1815-12-10\n", in: directory)
        let result = try Calbridge.run(["convert", input])
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(result.standardError.contains("people.csv:1:1: error: the header row is neither a timetable's nor a calendar CSV's"))
        XCTAssertTrue(result.standardError.contains("Subject,Start Date,Start Time"), result.standardError)
        XCTAssertTrue(result.standardError.contains("id, title, kind"), result.standardError)
    }

    func testASeriesNeedsAWindowAndIsThenWrittenAsItsOccurrencesSaidInOneLine() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = try file(
            "yoga.ics",
            crlf([
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//t//t//EN", "BEGIN:VEVENT", "UID:yoga", "DTSTAMP:20260101T000000Z",
                "DTSTART:20260302T180000", "DTEND:20260302T190000", "RRULE:FREQ=WEEKLY", "SUMMARY:Yoga", "END:VEVENT", "END:VCALENDAR",
            ]), in: directory)
        let unbounded = try Calbridge.run(["convert", input, "--to", "csv"])
        XCTAssertEqual(unbounded.status, 64)
        XCTAssertTrue(unbounded.standardError.contains("--window-start DATE --window-end DATE"), unbounded.standardError)
        let output = directory.appendingPathComponent("march.csv").path
        let written = try Calbridge.run([
            "convert", input, "-o", output, "--csv-style", "outlook",
            "--window-start", "2026-03-01", "--window-end", "2026-03-16",
        ])
        XCTAssertEqual(written.status, 0, written.standardError)
        XCTAssertEqual(
            written.standardError,
            "march.csv: warning: 1 recurring series written as 2 occurrences from 2026-03-01 to 2026-03-16 (exclusive)\n"
                .replacingOccurrences(of: "march.csv", with: output))
        let rows = try String(contentsOfFile: output, encoding: .utf8).components(separatedBy: "\r\n")
        XCTAssertEqual(rows.count, 4)
        XCTAssertTrue(rows[2].hasPrefix("\"Yoga\",\"3/9/2026\",\"6:00:00 PM\",\"3/9/2026\",\"7:00:00 PM\",\"False\""), rows[2])
        let open = try Calbridge.run(["convert", input, "--to", "csv", "--window-start", "2026-03-01"])
        XCTAssertEqual(open.status, 64)
        XCTAssertTrue(open.standardError.contains("give both --window-start and --window-end"), open.standardError)
    }
}
