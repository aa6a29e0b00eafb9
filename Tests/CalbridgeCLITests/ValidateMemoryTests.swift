import Foundation
import XCTest

/// `validate` streams: it keeps summaries of what the whole-calendar checks need, not the calendar,
/// so for eight times the events its peak memory grows no more than `convert`'s (which holds a batch
/// of components at a time), while the checks still see across the whole file and `--repair` still
/// writes every component.
final class ValidateMemoryTests: XCTestCase {
    /// A generated calendar and the lines its tests point at.
    private struct Generated {
        var text: String
        /// Where the first and the last event (which share a UID) begin.
        var firstShared: Int, lastShared: Int
        /// Where America/Chicago, defined nowhere, is first named.
        var chicagoFirstUse: Int
        var floatingTimes: Int
    }

    /// `count` events in Europe/Berlin (defined at the end), every tenth floating under the calendar's
    /// X-WR-TIMEZONE, America/Chicago first named in the middle, and the first and last event
    /// sharing a UID with no RECURRENCE-ID: two masters of one series, the whole file apart.
    private func calendar(events count: Int) -> Generated {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//calbridge tests//EN", "X-WR-TIMEZONE:Europe/Berlin"]
        var generated = Generated(text: "", firstShared: 0, lastShared: 0, chicagoFirstUse: 0, floatingTimes: 0)
        for number in 0..<count {
            let shared = number == 0 || number == count - 1
            if number == 0 { generated.firstShared = lines.count + 1 }
            if number == count - 1 { generated.lastShared = lines.count + 1 }
            let day = 1 + number % 28, hour = 8 + number % 10
            let zone = number % 10 == 5 ? "" : number >= count / 2 && number % 7 == 0 ? ";TZID=America/Chicago" : ";TZID=Europe/Berlin"
            if zone.isEmpty { generated.floatingTimes += 1 }
            if zone.hasSuffix("Chicago"), generated.chicagoFirstUse == 0 { generated.chicagoFirstUse = lines.count + 4 }
            lines += [
                "BEGIN:VEVENT", "UID:" + (shared ? "shared@example.org" : "event-\(number)@example.org"),
                "DTSTAMP:20260101T000000Z", String(format: "DTSTART%@:202603%02dT%02d0000", zone, day, hour),
                "DURATION:PT1H", "SUMMARY:Meeting \(number % 7)",
                "DESCRIPTION:" + String(repeating: "Agenda item \(number). ", count: 60), "END:VEVENT",
            ]
        }
        lines += [
            "BEGIN:VTIMEZONE", "TZID:Europe/Berlin",
            "BEGIN:DAYLIGHT", "DTSTART:19810329T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200",
            "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "END:DAYLIGHT",
            "BEGIN:STANDARD", "DTSTART:19961027T030000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100",
            "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "END:STANDARD", "END:VTIMEZONE", "END:VCALENDAR",
        ]
        generated.text = crlf(lines)
        return generated
    }

    /// How much more memory than `convert` the command takes for `events[1]` events than for
    /// `events[0]`, in kilobytes, with the larger input's size; `check` looks at each run's output.
    private func growthBeyondConvert(
        _ command: (_ input: String) -> [String], events: [Int],
        check: (Generated, _ input: String, _ output: String) throws -> Void
    ) throws -> (growth: Int, inputKilobytes: Int) {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var growth = 0, inputKilobytes = 0
        for (index, count) in events.enumerated() {
            let generated = calendar(events: count)
            let input = directory.appendingPathComponent("\(count).ics").path, output = input + ".out"
            try generated.text.write(toFile: input, atomically: true, encoding: .utf8)
            let run = try Calbridge.runMeasuringPeak(command(input), output: output)
            XCTAssertEqual(run.status, 0)
            try check(generated, input, output)
            let converted = try Calbridge.runMeasuringPeak(["convert", input, "-o", input + ".converted.ics"], output: "/dev/null")
            XCTAssertEqual(converted.status, 0)
            let sign = index == 0 ? -1 : 1
            growth += sign * (run.peakKilobytes - converted.peakKilobytes)
            inputKilobytes = generated.text.utf8.count / 1024
        }
        return (growth, inputKilobytes)
    }

    /// The JSON records validate printed, one a line.
    private func records(_ path: String) throws -> [[String: Any]] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").compactMap {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    func testPeakMemoryStaysFlatWhileSharedUIDsAndUndefinedZonesAreFoundAcrossTheFile() throws {
        let measured = try growthBeyondConvert(
            { ["validate", "--json", "--verbose", $0] }, events: [1_000, 8_000],
            check: { generated, _, listing in
                let found = try records(listing).filter { $0["kind"] as? String == "diagnostic" }
                let shared = found.filter { ($0["message"] as? String)?.contains("UID shared@example.org") == true }
                XCTAssertEqual(shared.map { $0["line"] as? Int }, [generated.lastShared])
                XCTAssertTrue((shared.first?["message"] as? String)?.contains("at line \(generated.firstShared) does") == true)
                let chicago = found.filter { ($0["message"] as? String)?.hasPrefix("TZID America/Chicago has no VTIMEZONE") == true }
                XCTAssertEqual(chicago.map { $0["line"] as? Int }, [generated.chicagoFirstUse])
                XCTAssertEqual(chicago.first?["repair"] as? String, "adds one built from the tz database for 2026–2026")
                let floating = found.filter { ($0["message"] as? String)?.hasPrefix("\(generated.floatingTimes) floating times") == true }
                XCTAssertEqual(floating.map { $0["line"] as? Int }, [4])
            })
        // Eight times the events (about 10 MB more text) take no more than convert takes more; the
        // whole calendar in memory took five times its text.
        XCTAssertLessThan(
            measured.growth, measured.inputKilobytes / 2, "kilobytes beyond convert's growth, for \(measured.inputKilobytes) KB of input")
    }

    func testRepairWritesEveryComponentInFlatMemory() throws {
        let measured = try growthBeyondConvert(
            { ["validate", "--repair", "-o", $0 + ".fixed.ics", $0] }, events: [1_000, 8_000],
            check: { generated, input, _ in
                let lines = try String(contentsOfFile: input + ".fixed.ics", encoding: .utf8).components(separatedBy: "\r\n")
                let count = lines.count { $0 == "BEGIN:VEVENT" }
                XCTAssertEqual(count, generated.text.components(separatedBy: "BEGIN:VEVENT").count - 1)
                XCTAssertEqual(
                    lines.count { $0.hasPrefix("DTSTART;TZID=Europe/Berlin:") },
                    count - lines.count { $0.hasPrefix("DTSTART;TZID=America/Chicago:") })
                // The definitions (whose own DTSTARTs are floating) come after every event: Berlin's
                // where the input has it, Chicago's from the tz database at the end.
                let events = lines[..<(try XCTUnwrap(lines.firstIndex(of: "BEGIN:VTIMEZONE")))]
                XCTAssertEqual(events.count { $0 == "BEGIN:VEVENT" }, count)
                XCTAssertEqual(events.count { $0.hasPrefix("DTSTART:") }, 0, "every floating time is given X-WR-TIMEZONE")
                XCTAssertEqual(lines.filter { $0.hasPrefix("TZID:") }, ["TZID:Europe/Berlin", "TZID:America/Chicago"])
                XCTAssertEqual(lines.suffix(2), ["END:VCALENDAR", ""])
            })
        XCTAssertLessThan(
            measured.growth, measured.inputKilobytes / 2, "kilobytes beyond convert's growth, for \(measured.inputKilobytes) KB of input")
    }
}
