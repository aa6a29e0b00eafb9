import Foundation
import XCTest

/// `expand` runs in memory that does not grow with the calendar: occurrences past a memory budget
/// (`CALBRIDGE_EXPAND_MEMORY`, in bytes; a few megabytes unless set) go to sorted runs in unlinked
/// scratch files under `TMPDIR`, merged into the output in order, and nothing is left behind.
final class ExpandMemoryTests: XCTestCase {
    private static let berlin = [
        "BEGIN:VTIMEZONE", "TZID:Europe/Berlin",
        "BEGIN:DAYLIGHT", "DTSTART:19810329T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200",
        "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "END:DAYLIGHT",
        "BEGIN:STANDARD", "DTSTART:19961027T030000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100",
        "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "END:STANDARD", "END:VTIMEZONE",
    ]

    /// `count` weekly events in Europe/Berlin, with overrides of earlier series every 50 events (far
    /// from their masters), the zone's definition first or last.
    private func calendar(events count: Int, zoneLast: Bool = false) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//calbridge tests//EN"] + (zoneLast ? [] : Self.berlin)
        for number in 0..<count {
            let day = 1 + number % 21, hour = 8 + number % 10
            lines += [
                "BEGIN:VEVENT", "UID:event-\(number)@example.org", "DTSTAMP:20260101T000000Z",
                String(format: "DTSTART;TZID=Europe/Berlin:202601%02dT%02d0000", day, hour), "DURATION:PT1H",
                "RRULE:FREQ=WEEKLY;COUNT=13", "SUMMARY:Meeting \(number % 7)",
                "DESCRIPTION:" + String(repeating: "Agenda item \(number). ", count: 20), "END:VEVENT",
            ]
            if number % 50 == 49 {
                let master = number - 40, masterDay = 1 + master % 21, masterHour = 8 + master % 10
                lines += [
                    "BEGIN:VEVENT", "UID:event-\(master)@example.org", "DTSTAMP:20260101T000000Z",
                    String(format: "RECURRENCE-ID;TZID=Europe/Berlin:202601%02dT%02d0000", masterDay + 7, masterHour),
                    String(format: "DTSTART;TZID=Europe/Berlin:202601%02dT%02d3000", masterDay + 7, masterHour),
                    "DURATION:PT30M", "SUMMARY:Moved", "END:VEVENT",
                ]
            }
        }
        lines += (zoneLast ? Self.berlin : []) + ["END:VCALENDAR"]
        return crlf(lines)
    }

    func testPeakMemoryGrowsNoMoreWithTheNumberOfEventsThanConvertsDoes() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var expandPeaks: [Int] = [], convertPeaks: [Int] = []
        for count in [400, 3_200] {
            let input = directory.appendingPathComponent("\(count).ics").path
            try calendar(events: count).write(toFile: input, atomically: true, encoding: .utf8)
            let expand = try Calbridge.runMeasuringPeak(
                [
                    "expand", input, "--from", "2026-01-01", "--to", "2026-07-01", "--format", "ics",
                    "-o", directory.appendingPathComponent("\(count).out").path,
                ],
                environment: ["CALBRIDGE_EXPAND_MEMORY": "\(1 << 20)"])
            let convert = try Calbridge.runMeasuringPeak([
                "convert", input, "-o", directory.appendingPathComponent("\(count).converted.ics").path,
            ])
            XCTAssertEqual([expand.status, convert.status], [0, 0])
            expandPeaks.append(expand.peakKilobytes)
            convertPeaks.append(convert.peakKilobytes)
        }
        // Eight times the events (about 8 MB more text, 35 MB more output) cost expand no more than
        // they cost convert, which holds one batch of events at a time.
        print("expand memory: peak KB for 400 and 3,200 events, expand \(expandPeaks), convert \(convertPeaks)")
        XCTAssertLessThan(
            expandPeaks[1] - expandPeaks[0], convertPeaks[1] - convertPeaks[0] + 3_000,
            "peak resident kilobytes for 400 and 3,200 events: expand \(expandPeaks), convert \(convertPeaks)")
    }

    func testRunsSpilledToScratchFilesGiveTheSameOutputAndLeaveNothingBehind() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scratch = directory.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        for zoneLast in [false, true] {
            let input = directory.appendingPathComponent("in.ics").path
            try calendar(events: 300, zoneLast: zoneLast).write(toFile: input, atomically: true, encoding: .utf8)
            let window = ["expand", input, "--from", "2026-01-01", "--to", "2026-07-01"]
            for format in ["jsonl", "ics"] {
                let inMemory = try Calbridge.run(window + ["--format", format])
                let spilled = directory.appendingPathComponent("spilled.\(format)").path
                let run = try Calbridge.runMeasuringPeak(
                    window + ["--format", format, "-o", spilled],
                    environment: ["CALBRIDGE_EXPAND_MEMORY": "1", "TMPDIR": scratch.path])
                XCTAssertEqual(run.status, 0)
                XCTAssertEqual(try String(contentsOfFile: spilled, encoding: .utf8), inMemory.standardOutput, "zone last: \(zoneLast)")
                XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path), [])
            }
        }
        // A failure after runs were spilled (the budget) leaves nothing either.
        let failed = try Calbridge.runMeasuringPeak(
            [
                "expand", directory.appendingPathComponent("in.ics").path, "--from", "2026-01-01",
                "--to", "2026-07-01", "--max-instances", "2000",
            ],
            environment: ["CALBRIDGE_EXPAND_MEMORY": "1", "TMPDIR": scratch.path])
        XCTAssertEqual(failed.status, 64)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path), [])
        // The runs are written under TMPDIR: where no file can be made, expand says so and writes nothing.
        let destination = directory.appendingPathComponent("never.jsonl").path
        let nowhere = try Calbridge.runMeasuringPeak(
            [
                "expand", directory.appendingPathComponent("in.ics").path, "--from", "2026-01-01",
                "--to", "2026-07-01", "-o", destination,
            ],
            environment: ["CALBRIDGE_EXPAND_MEMORY": "1", "TMPDIR": directory.appendingPathComponent("missing").path])
        XCTAssertEqual(nowhere.status, 73)
        XCTAssertFalse(FileManager.default.fileExists(atPath: destination))
    }
}
