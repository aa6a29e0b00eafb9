import Foundation
import XCTest

/// `convert` to and from xCal and jCal writes as it reads; an output still appears whole or not at all.
final class ConvertStreamingTests: XCTestCase {
    /// 300 events: more than one batch of the iCalendar reader, so earlier ones are written before the bad one is read.
    private func calendar(events: Int, badAt bad: Int? = nil) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//calbridge//tests//EN"]
        for index in 1...events {
            lines += [
                "BEGIN:VEVENT", "UID:event-\(index)@calbridge", "DTSTAMP:20260101T000000Z",
                "DTSTART:2026\(index == bad ? "13" : "01")01T100000Z", "SUMMARY:Event \(index)", "END:VEVENT",
            ]
        }
        return crlf(lines + ["END:VCALENDAR"])
    }

    func testABadLastEventUnderStrictLeavesNoXCalOrJCalOutput() throws {
        let directory = try scratchDirectory()
        try calendar(events: 300, badAt: 300).write(to: directory.appendingPathComponent("in.ics"), atomically: true, encoding: .utf8)
        for target in ["out.xml", "out.jcal"] {
            let result = try Calbridge.run(["convert", "in.ics", "-o", target, "--strict"], directory: directory)
            XCTAssertEqual(result.status, 65, target)
            XCTAssertTrue(result.standardError.contains("in.ics:1801:"), result.standardError)
        }
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: directory.path), ["in.ics"], "nothing written, no temporary file left")
    }

    func testABadLaterComponentInXCalOrJCalInputLeavesNoOutput() throws {
        let directory = try scratchDirectory()
        try calendar(events: 300).write(to: directory.appendingPathComponent("in.ics"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try Calbridge.run(["convert", "in.ics", "-o", "good.xml"], directory: directory).status, 0)
        XCTAssertEqual(try Calbridge.run(["convert", "in.ics", "-o", "good.jcal"], directory: directory).status, 0)
        let xml = try String(contentsOf: directory.appendingPathComponent("good.xml"), encoding: .utf8)
        let badXML = xml.replacingOccurrences(of: "<text>Event 299</text>", with: "<text>Event 299</txet>")
        try badXML.write(to: directory.appendingPathComponent("bad.xml"), atomically: true, encoding: .utf8)
        let jcal = try String(contentsOf: directory.appendingPathComponent("good.jcal"), encoding: .utf8)
        let badJCal = jcal.replacingOccurrences(
            of: "[\"summary\",{},\"text\",\"Event 299\"]", with: "[\"summary\",{},\"text\" \"Event 299\"]")
        try badJCal.write(to: directory.appendingPathComponent("bad.jcal"), atomically: true, encoding: .utf8)
        let line = xml.components(separatedBy: "\n").firstIndex { $0.contains("<text>Event 299</text>") }! + 1
        for (input, place) in [("bad.xml", "bad.xml:\(line):"), ("bad.jcal", "bad.jcal:1:")] {
            let result = try Calbridge.run(["convert", input, "--to", "ics", "-o", "back.ics"], directory: directory)
            XCTAssertEqual(result.status, 65, input)
            XCTAssertTrue(result.standardError.contains(place), result.standardError)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("back.ics").path))
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(),
            ["bad.jcal", "bad.xml", "good.jcal", "good.xml", "in.ics"])
    }

    func testPropertiesOfALaterInputStillOpenTheDocument() throws {
        let directory = try scratchDirectory()
        try calendar(events: 2).write(to: directory.appendingPathComponent("a.ics"), atomically: true, encoding: .utf8)
        let named = calendar(events: 1).replacingOccurrences(
            of: "PRODID:-//calbridge//tests//EN\r\n",
            with: "PRODID:-//calbridge//tests//EN\r\nX-WR-CALNAME:Team\r\n")
        try named.replacingOccurrences(of: "event-1@", with: "other-1@")
            .write(to: directory.appendingPathComponent("b.ics"), atomically: true, encoding: .utf8)
        let xcal = try Calbridge.run(["convert", "a.ics", "b.ics", "--to", "xcal"], directory: directory)
        XCTAssertEqual(xcal.status, 0, xcal.standardError)
        let opening = xcal.standardOutput.components(separatedBy: "<components>")[0]
        XCTAssertTrue(opening.contains("<x-wr-calname>\n        <unknown>Team</unknown>"), xcal.standardOutput)
        XCTAssertEqual(xcal.standardOutput.components(separatedBy: "<vevent>").count - 1, 3)
        let jcal = try Calbridge.run(["convert", "a.ics", "b.ics", "--to", "jcal"], directory: directory)
        XCTAssertTrue(
            jcal.standardOutput.hasPrefix(
                #"["vcalendar",[["version",{},"text","2.0"],["prodid",{},"text","-//calbridge//calbridge 0.9.0//EN"],["x-wr-calname",{},"unknown","Team"]],[["vevent""#
            ),
            jcal.standardOutput)
    }

    func testXCalAndJCalRoundTripThroughStandardInputAndOutput() throws {
        let ics = calendar(events: 3)
        for format in ["xcal", "jcal"] {
            let there = try Calbridge.run(["convert", "-", "--to", format], input: ics)
            XCTAssertEqual(there.status, 0, there.standardError)
            let back = try Calbridge.run(["convert", "-", "--from", format, "--to", "ics"], input: there.standardOutput)
            XCTAssertEqual(back.status, 0, back.standardError)
            XCTAssertEqual(back.standardOutput, ics, format)
        }
    }
}
