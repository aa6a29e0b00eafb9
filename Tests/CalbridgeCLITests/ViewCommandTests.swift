import Foundation
import XCTest

/// `calbridge view` on the samples, read back with libxml2: the SVG is well-formed and self-contained,
/// every occurrence `expand` lists for the week is drawn once, each box's top and height stand on the
/// hour lines at its start and end, no two boxes of a day overlap, and hostile text stays text.
final class ViewCommandTests: XCTestCase {
    private let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples")

    /// Draws and reads back the picture `view` writes with these arguments.
    private func picture(_ arguments: [String], _ name: String = "picture.svg") throws -> (PictureElement, String) {
        let out = try scratchDirectory().appendingPathComponent(name).path
        let result = try Calbridge.run(["view"] + arguments + ["-o", out, "--quiet"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let text = try String(contentsOfFile: out, encoding: .utf8)
        let tree = try XCTUnwrap(
            name.hasSuffix(".svg") ? PictureElement.xml(text) : PictureElement.html(text), "libxml2 could not read \(name)")
        return (tree, text)
    }

    /// The occurrences `expand` lists, as (UID, start, end) in the shown zone.
    private func expanded(_ input: String, from: String, to: String) throws -> [String] {
        let result = try Calbridge.run(["expand", input, "--from", from, "--to", to, "--tz", "Europe/Berlin"])
        XCTAssertEqual(result.status, 0, result.standardError)
        return try result.standardOutput.split(separator: "\n").map { line in
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return [object["uid"], object["start"], object["end"]].map { "\($0 ?? "")" }.joined(separator: " ")
        }.sorted()
    }

    private func drawn(_ svg: PictureElement) -> [PictureElement] {
        svg.all.filter { $0.name == "svg" && $0.classes.contains("event") }
    }

    private func key(_ box: PictureElement) -> String {
        ["cb:uid", "cb:start", "cb:end"].map { box.attributes[$0] ?? "" }.joined(separator: " ")
    }

    /// Self-contained: nothing that runs, loads or points outside the document.
    private func assertSelfContained(_ svg: PictureElement, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(svg.name, "svg", file: file, line: line)
        for element in svg.all {
            XCTAssertFalse(
                ["script", "image", "foreignObject", "style", "a", "use", "iframe", "img"].contains(element.name), element.name, file: file,
                line: line)
            for (name, value) in element.attributes {
                XCTAssertFalse(name.hasPrefix("on") || name.hasSuffix("href"), "\(element.name) \(name)", file: file, line: line)
                XCTAssertFalse(value.contains("url(") && value != "url(#cb-hatch)", value, file: file, line: line)
            }
        }
    }

    func testEveryOccurrenceOfTheSemesterWeekIsDrawnOnceStandingOnTheHourLinesOfItsTimes() throws {
        let timetable = samples.appendingPathComponent("semester-informatik.json").path
        let (svg, _) = try picture([timetable, "--week", "2026-W43", "--tz", "Europe/Berlin"])
        assertSelfContained(svg)
        let boxes = drawn(svg)
        let listed = try expanded(timetable, from: "2026-10-19", to: "2026-10-26")
        XCTAssertEqual(boxes.filter { !$0.classes.contains("continued") }.map(key).sorted(), listed)
        XCTAssertEqual(boxes.count, 23)
        XCTAssertEqual(listed.count, 23)
        // The lecture moved from Monday 26 October to Friday 23 October 16:00 is drawn there, dashed.
        XCTAssertEqual(
            boxes.filter { $0.attributes["cb:start"] == "2026-10-23T16:00:00+02:00" }.map { $0.children[1].attributes["stroke-dasharray"] },
            ["3 2"])
        let lines = svg.all.filter { $0.name == "line" && $0.classes == ["hour"] }
        let minutePixels = svg.number("cb:minute-px")
        var columns: [Double: [(top: Double, bottom: Double, left: Double, right: Double)]] = [:]
        for box in boxes {
            // 2026-10-19T08:15:00+02:00: the hour line of 08:00, then 15 minutes down.
            let start = Array(box.attributes["cb:start"]!), end = Array(box.attributes["cb:end"]!)
            func y(_ time: [Character]) throws -> Double {
                let hour = try XCTUnwrap(
                    lines.first { $0.attributes["cb:clock"] == String(time[11..<13]) + ":00" && $0.attributes["cb:repeat"] == nil })
                return hour.number("y1") + Double(Int(String(time[14..<16]))!) * minutePixels
            }
            XCTAssertEqual(box.number("y"), try y(start), accuracy: 0.11, key(box))
            XCTAssertEqual(
                box.number("y") + box.number("height"), max(try y(end), try y(start) + 20 * minutePixels), accuracy: 0.11, key(box))
            let column = box.number("x") - box.number("x").truncatingRemainder(dividingBy: 150)
            columns[column, default: []].append(
                (box.number("y"), box.number("y") + box.number("height"), box.number("x"), box.number("x") + box.number("width")))
        }
        for (column, placed) in columns {
            for (index, a) in placed.enumerated() {
                for b in placed[(index + 1)...] {
                    XCTAssertFalse(
                        a.top < b.bottom && b.top < a.bottom && a.left < b.right && b.left < a.right, "boxes overlap in column \(column)")
                }
            }
        }
    }

    func testTheTeamCalendarsDSTWeekHasA23HourSundayAndTheCalendarsColours() throws {
        let (svg, _) = try picture([samples.appendingPathComponent("team-calendar.ics").path, "--week", "2026-W13", "--lang", "de"])
        assertSelfContained(svg)
        XCTAssertEqual(svg.attributes["cb:zone"], "Europe/Berlin")
        let headers = svg.all.filter {
            $0.name == "text" && $0.attributes["font-weight"] == nil && ($0.text.hasSuffix(".") || $0.text.hasSuffix(" h"))
        }.map(\.text)
        XCTAssertEqual(headers, ["23.3.", "24.3.", "25.3.", "26.3.", "27.3.", "28.3.", "29.3. · 23 h"])
        // The skipped hour (02:00) lies outside the hours drawn (08:00–18:00): a note in Sunday's header.
        XCTAssertEqual(svg.all.filter { $0.classes == ["not-on-clock"] }.count, 0)
        XCTAssertEqual(svg.all.filter { $0.classes == ["day-note"] }.map(\.text), ["Uhr vor 02→03"])
        let boxes = drawn(svg)
        XCTAssertEqual(Set(boxes.map { $0.children[1].attributes["fill"] ?? "" }), ["#ff6347", "#e9322d"])
        XCTAssertEqual(
            boxes.compactMap { $0.children.first { $0.name == "text" }?.text }.filter { !$0.hasPrefix("Support-Daily") },
            ["Ticket-Statistik Q1 expo…", "Quartals-Review Tickets"])
    }

    func testABirthdayMonthShowsEveryCardsBirthday() throws {
        let cards = ["contacts-apple.vcf", "contacts-google.vcf", "contacts-nextcloud.vcf", "contacts-outlook.vcf"].map {
            samples.appendingPathComponent($0).path
        }
        let (svg, _) = try picture(cards + ["--month", "2026-04"])
        assertSelfContained(svg)
        let expected = try cards.flatMap { try expanded($0, from: "2026-03-30", to: "2026-05-04") }
        XCTAssertFalse(expected.isEmpty)
        XCTAssertEqual(drawn(svg).map(key).sorted(), expected.sorted())
        XCTAssertEqual(svg.all.filter { $0.name == "g" && $0.classes == ["day"] }.count, 35)
    }

    func testHostileTextStaysTextCutToItsBox() throws {
        let title = "</svg><script>alert(1)</script> & \"q\" \u{202E}שלום e\u{301}\u{301} " + String(repeating: "W", count: 10_000)
        let calendar = crlf([
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//t//t//EN", "COLOR:red\"/><script>x</script>", "BEGIN:VEVENT", "UID:<b>&amp;",
            "DTSTAMP:20261001T000000Z", "DTSTART:20261019T080000Z", "DTEND:20261019T090000Z",
            "SUMMARY:" + title.replacingOccurrences(of: ",", with: "\\,"), "LOCATION:<img src=x onerror=alert(1)>", "END:VEVENT",
            "END:VCALENDAR",
        ])
        let input = try scratchDirectory().appendingPathComponent("hostile.ics")
        try calendar.write(to: input, atomically: true, encoding: .utf8)
        for name in ["hostile.svg", "hostile.html"] {
            let (tree, text) = try picture([input.path, "--week", "2026-W43"], name)
            XCTAssertLessThan(text.utf8.count, 40_000, name)
            XCTAssertFalse(tree.all.contains { ["script", "img"].contains($0.name) }, name)
            let svg = try XCTUnwrap(tree.all.first { $0.name == "svg" })
            let box = try XCTUnwrap(drawn(svg).first)
            XCTAssertEqual(box.attributes["cb:uid"], "<b>&amp;")
            XCTAssertTrue(
                box.children.filter { $0.name == "text" }.allSatisfy {
                    $0.text.count < 40 && $0.text.hasSuffix("…") || !$0.text.contains("WWW")
                })
            XCTAssertTrue(box.children[2].text.hasPrefix("</svg><script>"), box.children[2].text)
        }
    }

    func testARunOfDaysAndASundayFirstWeekHaveTheColumnsAskedFor() throws {
        let timetable = samples.appendingPathComponent("semester-informatik.json").path
        let weekdays = { (svg: PictureElement) in
            svg.all.filter { $0.name == "text" && $0.attributes["font-weight"] == "bold" && $0.attributes["font-size"] == nil }.map(\.text)
        }
        let (days, _) = try picture([timetable, "--from", "2026-10-20", "--to", "2026-10-23"])
        XCTAssertEqual(weekdays(days), ["Tue", "Wed", "Thu"])
        XCTAssertEqual(drawn(days).count, 14)
        let (sundayFirst, _) = try picture([timetable, "--week", "2026-W43", "--week-start", "sunday", "--lang", "nl"])
        XCTAssertEqual(weekdays(sundayFirst), ["zo", "ma", "di", "wo", "do", "vr", "za"])
        XCTAssertEqual(sundayFirst.all.first { $0.name == "title" }?.text, "Week 43, 2026 · 18–24 oktober 2026 (Europe/Berlin)")
    }

    func testUnclearRequestsAreUsageErrors() throws {
        let input = samples.appendingPathComponent("team-calendar.ics").path
        for arguments in [
            [input], [input, "--week", "2026-W43", "--month", "2026-10"], [input, "--week", "2026-W54"],
            [input, "--from", "2026-01-01", "--to", "2026-03-01"], [input, "--week", "2026-W43", "-o", "week.png"],
            [input, "--week", "2026-W43", "--tz", "Mars/Olympus"],
        ] {
            XCTAssertEqual(try Calbridge.run(["view"] + arguments).status, 64, arguments.joined(separator: " "))
        }
    }
}
