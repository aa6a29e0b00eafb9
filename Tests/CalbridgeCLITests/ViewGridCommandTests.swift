import Foundation
import XCTest

/// `calbridge view`'s week grid from the command line (issue #34): the same hours in a clock-change
/// week as in any other, `--today`, "+N more" chips in a festival week, a bounded picture for a rule
/// that repeats every second, floating times called local, and `--also-tz`'s second gutter.
final class ViewGridCommandTests: XCTestCase {
    private let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples")

    /// Draws with these arguments; the picture read back, its bytes, and what the run said on stderr.
    private func picture(_ arguments: [String]) throws -> (svg: PictureElement, size: Int, standardError: String) {
        let out = try scratchDirectory().appendingPathComponent("picture.svg").path
        let result = try Calbridge.run(["view"] + arguments + ["-o", out])
        XCTAssertEqual(result.status, 0, result.standardError)
        let text = try String(contentsOfFile: out, encoding: .utf8)
        return (try XCTUnwrap(PictureElement.xml(text), "libxml2 could not read the picture"), text.utf8.count, result.standardError)
    }

    private func write(_ lines: [String], _ name: String) throws -> String {
        let file = try scratchDirectory().appendingPathComponent(name)
        try crlf(lines).write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    /// The head of a Google Calendar export, VTIMEZONE included, as Samples/google-export.ics (a real
    /// export's shape) has it: every line up to the zone's END.
    private func googleHead() throws -> [String] {
        let sample = try String(contentsOf: samples.appendingPathComponent("google-export.ics"), encoding: .utf8)
        let lines = sample.components(separatedBy: "\r\n").flatMap { $0.components(separatedBy: "\n") }
        return Array(lines.prefix { $0 != "END:VTIMEZONE" }) + ["END:VTIMEZONE"]
    }

    private func hourClocks(_ svg: PictureElement) -> [String] {
        svg.all.filter { $0.name == "line" && $0.classes == ["hour"] }.compactMap { $0.attributes["cb:clock"] }
    }

    func testClockChangeWeeksShowTheHoursOfAnyOtherWeekWithTheChangeInItsDay() throws {
        let timetable = samples.appendingPathComponent("semester-informatik.json").path
        let plain = try picture([timetable, "--week", "2026-W42", "--tz", "Europe/Berlin"]).svg
        let autumn = try picture([timetable, "--week", "2026-W43", "--tz", "Europe/Berlin"]).svg
        let spring = try picture([samples.appendingPathComponent("team-calendar.ics").path, "--week", "2026-W13", "--lang", "de"]).svg
        let hours = (8...18).map { ($0 < 10 ? "0" : "") + "\($0):00" }
        XCTAssertEqual(hourClocks(plain), hours)
        XCTAssertEqual(hourClocks(autumn), hours)
        XCTAssertEqual(hourClocks(spring), hours)
        XCTAssertEqual(autumn.all.filter { $0.classes == ["day-note"] }.map(\.text), ["Clocks back 03→02"])
        XCTAssertEqual(spring.all.filter { $0.classes == ["day-note"] }.map(\.text), ["Uhr vor 02→03"])
        XCTAssertFalse(autumn.all.contains { $0.classes.contains("not-on-clock") || $0.classes.contains("repeated-hour") })
    }

    func testTodayMarksItsDayAndTheNowLineInTheWeekAndTheDayInTheMonth() throws {
        let timetable = samples.appendingPathComponent("semester-informatik.json").path
        let week = try picture([timetable, "--week", "2026-W43", "--tz", "Europe/Berlin", "--today", "2026-10-21T10:30"]).svg
        let today = try XCTUnwrap(week.all.first { $0.name == "rect" && $0.classes == ["today"] })
        XCTAssertEqual(today.number("x"), 56 + 2 * 150)
        let now = try XCTUnwrap(week.all.first { $0.name == "g" && $0.classes == ["now"] }?.children.first { $0.name == "line" })
        let ten = try XCTUnwrap(week.all.first { $0.name == "line" && $0.attributes["cb:clock"] == "10:00" })
        XCTAssertEqual(now.number("y1"), ten.number("y1") + 30 * week.number("cb:minute-px"), accuracy: 0.11)
        XCTAssertEqual(week.all.filter { $0.classes == ["today"] && $0.name == "text" }.map(\.text), ["Wed"])
        // Another week holds no today; a month marks the day with a circle.
        let other = try picture([timetable, "--week", "2026-W42", "--tz", "Europe/Berlin", "--today", "2026-10-21T10:30"]).svg
        XCTAssertFalse(other.all.contains { $0.classes.contains("today") || $0.classes.contains("now") })
        let month = try picture([timetable, "--month", "2026-10", "--tz", "Europe/Berlin", "--today", "2026-10-21"]).svg
        let circled = month.all.filter { $0.name == "g" && $0.children.contains { $0.name == "circle" && $0.classes == ["today"] } }
        XCTAssertEqual(circled.map { $0.attributes["cb:date"] }, ["2026-10-21"])
        XCTAssertEqual(try Calbridge.run(["view", timetable, "--week", "2026-W43", "--today", "tomorrow"]).status, 64)
    }

    func testAFestivalWeekHasPlusMoreChipsThatNameTheRest() throws {
        // 129 acts over four days on six stages, written as Google Calendar exports events.
        var lines = try googleHead()
        var count = 0
        for day in 16...19 {
            for hour in 12..<17 {
                for stage in 1...6 {
                    let minute = stage <= 2 ? "30" : "00"
                    let start = "202607\(day)T\(hour)\(minute)00", end = "202607\(day)T\(hour + 1)\(minute)00"
                    lines += [
                        "BEGIN:VEVENT", "DTSTART;TZID=Europe/Berlin:" + start, "DTEND;TZID=Europe/Berlin:" + end,
                        "DTSTAMP:20260601T120000Z", "UID:act-\(day)-\(hour)-\(stage)@google.com", "LOCATION:Stage \(stage)",
                        "SUMMARY:Act \(hour):00 Stage \(stage)", "END:VEVENT",
                    ]
                    count += 1
                }
            }
        }
        for band in 1...9 {
            lines += [
                "BEGIN:VEVENT", "DTSTART;TZID=Europe/Berlin:20260719T220000", "DTEND;TZID=Europe/Berlin:20260719T230000",
                "DTSTAMP:20260601T120000Z", "UID:late-\(band)@google.com", "SUMMARY:Late set \(band)", "END:VEVENT",
            ]
            count += 1
        }
        XCTAssertEqual(count, 129)
        let festival = try write(lines + ["END:VCALENDAR"], "festival.ics")
        let (svg, _, _) = try picture([festival, "--week", "2026-W29"])
        let boxes = svg.all.filter { $0.name == "svg" && $0.classes.contains("event") }
        let chips = svg.all.filter { $0.name == "svg" && $0.classes == ["more"] }
        XCTAssertFalse(chips.isEmpty)
        let counted = chips.map { Int($0.attributes["cb:count"] ?? "") ?? 0 }
        XCTAssertEqual(boxes.count + counted.reduce(0, +), 129)
        // Each chip says how many it stands for (a quarter column has room for the number only), and
        // names them in its title.
        for (chip, number) in zip(chips, counted) {
            XCTAssertEqual(chip.children.first { $0.name == "text" }?.text, "+\(number)")
            XCTAssertEqual(chip.children.first { $0.name == "title" }?.text.components(separatedBy: "; ").count, number)
        }
        XCTAssertTrue(chips.contains { $0.children.first { $0.name == "title" }?.text.contains("Late set") == true })
        // Four side by side at most: no box narrower than a quarter of a column.
        XCTAssertTrue(boxes.allSatisfy { $0.number("width") >= (150 - 4) / 4 - 1.01 })
        let wide = try picture([festival, "--week", "2026-W29", "--max-side-by-side", "10"]).svg
        XCTAssertTrue(wide.all.filter { $0.name == "svg" && $0.classes == ["more"] }.isEmpty)
    }

    func testARuleThatRepeatsEverySecondGivesAPictureUnderTwoMegabytesAndSaysWhy() throws {
        let input = try write(
            [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//calbridge tests//EN", "BEGIN:VEVENT", "UID:every-second@example.com",
                "DTSTAMP:20260101T000000Z", "DTSTART:20260105T090000Z", "DTEND:20260105T100000Z", "RRULE:FREQ=SECONDLY",
                "SUMMARY:Tick", "END:VEVENT", "END:VCALENDAR",
            ], "secondly.ics")
        let (svg, size, standardError) = try picture([input, "--week", "2026-W02"])
        XCTAssertLessThan(size, 2_000_000)
        XCTAssertEqual(svg.name, "svg")
        let said = standardError.split(separator: "\n")
        XCTAssertEqual(said.count, 1, standardError)
        XCTAssertTrue(said.first?.hasPrefix(input + ":9:1: warning: every-second@example.com repeats more than") == true, standardError)
        // The picture says so too: it is not the whole calendar.
        XCTAssertEqual(svg.all.filter { $0.classes == ["left-out"] }.map(\.text), ["1 series repeats too often to draw: left out"])
        // 50,000 every second within the budget: expanded, 200 drawn on the Monday, the rest counted.
        let counted = try write(
            [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//calbridge tests//EN", "BEGIN:VEVENT", "UID:counted@example.com",
                "DTSTAMP:20260101T000000Z", "DTSTART:20260105T090000Z", "DTEND:20260105T090100Z", "RRULE:FREQ=SECONDLY;COUNT=50000",
                "SUMMARY:Tick", "END:VEVENT", "END:VCALENDAR",
            ], "counted.ics")
        let many = try picture([counted, "--week", "2026-W02"])
        XCTAssertLessThan(many.size, 2_000_000)
        XCTAssertTrue(many.standardError.contains("49800 occurrences on 1 day(s) counted, not drawn"), many.standardError)
        XCTAssertEqual(many.svg.all.filter { $0.classes == ["day-note"] }.map(\.text), ["+49800 more"])
    }

    func testFloatingTimesAreLocalAndASecondZoneHasItsOwnGutter() throws {
        let input = try write(
            [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//calbridge tests//EN", "BEGIN:VEVENT", "UID:floating@example.com",
                "DTSTAMP:20260101T000000Z", "DTSTART:20261019T090000", "DTEND:20261019T100000", "SUMMARY:Anywhere",
                "END:VEVENT", "END:VCALENDAR",
            ], "floating.ics")
        let zoneLine = { (svg: PictureElement) in svg.all.first { $0.classes == ["zone"] }?.text }
        XCTAssertEqual(zoneLine(try picture([input, "--week", "2026-W43"]).svg), "Local time")
        XCTAssertEqual(zoneLine(try picture([input, "--week", "2026-W43", "--lang", "de"]).svg), "Ortszeit")
        XCTAssertEqual(zoneLine(try picture([input, "--week", "2026-W43", "--tz", "UTC"]).svg), "Times in UTC")
        let timetable = samples.appendingPathComponent("semester-informatik.json").path
        let svg = try picture([timetable, "--week", "2026-W42", "--tz", "Europe/Berlin", "--also-tz", "America/New_York"]).svg
        let gutter = try XCTUnwrap(svg.all.first { $0.name == "g" && $0.classes == ["also-zone"] })
        XCTAssertEqual(gutter.children.first?.text, "New York")
        // 08:00 in Berlin (CEST) is 02:00 in New York (EDT); the grid starts a gutter further right.
        XCTAssertEqual(gutter.children.filter { $0.classes == ["also-hour"] }.first?.text, "02:00")
        XCTAssertEqual(svg.all.first { $0.name == "line" && $0.classes == ["hour"] }?.number("x1"), 112)
        XCTAssertTrue(svg.all.filter { $0.classes == ["also-day"] }.isEmpty)
        // In the team's week of March 2026 New York is already on summer time and Berlin changes on
        // Sunday: the labels are read on Monday, and the gutter says so.
        let team = samples.appendingPathComponent("team-calendar.ics").path
        let march = try picture([team, "--week", "2026-W13", "--also-tz", "America/New_York"]).svg
        XCTAssertEqual(march.all.filter { $0.classes == ["also-hour"] }.first?.text, "03:00")
        XCTAssertEqual(march.all.filter { $0.classes == ["also-day"] }.map(\.text), ["(23 Mar)"])
    }
}
