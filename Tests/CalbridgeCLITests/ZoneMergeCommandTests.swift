import Foundation
import XCTest

/// Calendars that define one TZID differently merge without moving an event (issue 14): `convert`,
/// `import` and `export` give every occurrence the instant it has when its own input is expanded
/// alone, and what `import` stores and `export` writes defines every TZID it uses.
final class ZoneMergeCommandTests: XCTestCase {
    private static func zone(_ tzid: String, _ kind: String, _ start: String, _ from: String, _ to: String) -> [String] {
        [
            "BEGIN:VTIMEZONE", "TZID:\(tzid)", "BEGIN:\(kind)", "DTSTART:\(start)", "TZOFFSETFROM:\(from)", "TZOFFSETTO:\(to)",
            "END:\(kind)", "END:VTIMEZONE",
        ]
    }

    private static func event(_ uid: String, _ tzid: String, _ start: String, rule: String? = nil) -> [String] {
        [
            "BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20260101T000000Z", "DTSTART;TZID=\(tzid):\(start)", "DURATION:PT1H",
            "SUMMARY:\(uid)",
        ] + (rule.map { ["RRULE:" + $0] } ?? []) + ["END:VEVENT"]
    }

    private static func calendar(_ lines: [String]) -> String {
        crlf(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//PIMUTILS.ORG//NONSGML khal / icalendar //EN"] + lines + ["END:VCALENDAR"])
    }

    /// khal's files: each holds only the Europe/Berlin transitions around its own events.
    private static let inputs = [
        "winter.ics": calendar(
            zone("Europe/Berlin", "STANDARD", "20251026T030000", "+0200", "+0100")
                + event("winter", "Europe/Berlin", "20260112T100000", rule: "FREQ=WEEKLY;COUNT=4")),
        // The VTIMEZONE after the events that use it.
        "summer.ics": calendar(
            event("summer", "Europe/Berlin", "20260706T100000", rule: "FREQ=WEEKLY;COUNT=4")
                + event("summer-once", "Europe/Berlin", "20260801T180000")
                + zone("Europe/Berlin", "DAYLIGHT", "20260329T020000", "+0100", "+0200")),
        // A made-up offset under a real zone's name, and one custom TZID defined two ways.
        "made-up.ics": calendar(
            zone("Europe/Berlin", "STANDARD", "20200101T000000", "+0300", "+0300")
                + event("made-up", "Europe/Berlin", "20260706T100000")),
        "mine-east.ics": calendar(
            zone("My Zone", "STANDARD", "20200101T000000", "+0500", "+0500")
                + event("mine-east", "My Zone", "20260706T100000")),
        "mine-west.ics": calendar(
            event("mine-west", "My Zone", "20260706T100000")
                + zone("My Zone", "STANDARD", "20200101T000000", "-0300", "-0300")),
        // No VTIMEZONE at all.
        "undefined.ics": calendar(event("undefined", "America/New_York", "20261102T090000")),
    ]

    private func write(_ names: [String], into directory: URL) throws -> [String] {
        try names.map { name in
            let url = directory.appendingPathComponent(name)
            try Self.inputs[name]!.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
    }

    /// Every occurrence `expand` lists, as UID, RECURRENCE-ID, start and end in seconds since 1970.
    private func instants(_ path: String) throws -> Set<String> {
        let result = try Calbridge.run(["expand", path, "--from", "2025-01-01", "--to", "2028-01-01"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let format = ISO8601DateFormatter()
        let lines = result.standardOutput.split(separator: "\n").map { line in
            let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
            let times = ["recurrence_id", "start", "end"].map { key in
                (object[key] as? String).map { format.date(from: $0).map { "\(Int($0.timeIntervalSince1970))" } ?? "unreadable \($0)" }
                    ?? "-"
            }
            return ([object["uid"] as? String ?? "?"] + times).joined(separator: " ")
        }
        return Set(lines)
    }

    private func instantsAlone(_ paths: [String]) throws -> Set<String> {
        try paths.reduce(into: Set<String>()) { $0.formUnion(try instants($1)) }
    }

    func testPartialDefinitionsTheDatabaseAgreesWithBecomeOneFromIt() throws {
        let directory = try scratchDirectory()
        let paths = try write(["winter.ics", "summer.ics"], into: directory)
        let merged = directory.appendingPathComponent("merged.ics").path
        let result = try Calbridge.run(["convert"] + paths + ["-o", merged])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(try instants(merged), try instantsAlone(paths))
        XCTAssertEqual(try instants(merged).count, 9)
        let text = try String(contentsOfFile: merged, encoding: .utf8)
        XCTAssertEqual(text.components(separatedBy: "BEGIN:VTIMEZONE").count, 2, "one definition")
        XCTAssertTrue(text.contains("BEGIN:DAYLIGHT") && text.contains("RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU"), "from the tz database")
        XCTAssertFalse(result.standardError.contains("warning"), "no event moved and no name was made up: " + result.standardError)
    }

    func testDefinitionsTheDatabaseDoesNotAgreeWithAreRenamed() throws {
        let directory = try scratchDirectory()
        let paths = try write(["winter.ics", "made-up.ics", "mine-east.ics", "mine-west.ics"], into: directory)
        let merged = directory.appendingPathComponent("merged.ics").path
        let result = try Calbridge.run(["convert"] + paths + ["-o", merged])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(try instants(merged), try instantsAlone(paths))
        let text = try String(contentsOfFile: merged, encoding: .utf8)
        for line in [
            "TZID:Europe/Berlin\r\n", "TZID:Europe/Berlin-2\r\n", "TZID:My Zone\r\n", "TZID:My Zone-2\r\n",
            "DTSTART;TZID=Europe/Berlin-2:20260706T100000", "DTSTART;TZID=My Zone-2:20260706T100000",
        ] {
            XCTAssertTrue(text.contains(line), line)
        }
        XCTAssertTrue(
            result.standardError.contains(
                "mine-west.ics:11:1: warning: VTIMEZONE My Zone differs from the one "
                    + "\(paths[2]):4 defined at times this calendar uses; renamed My Zone-2"), result.standardError)
        XCTAssertTrue(result.standardError.contains("a name calbridge made up"), result.standardError)
    }

    private static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples")

    /// Google writes Europe/Berlin's rules from 1970, Apple from 1981 and 1996: they differ in the
    /// 1970s to 1990s, but not at any time the samples' events use.
    func testGoogleAndAppleBerlinMergeIntoOneZoneSilently() throws {
        let directory = try scratchDirectory()
        let paths = ["google-export.ics", "apple-export.ics"].map { Self.samples.appendingPathComponent($0).path }
        let merged = directory.appendingPathComponent("merged.ics").path
        let result = try Calbridge.run(["convert"] + paths + ["-o", merged])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardError, "")
        let text = try String(contentsOfFile: merged, encoding: .utf8)
        XCTAssertFalse(text.contains("Berlin-2"), text)
        XCTAssertEqual(text.components(separatedBy: "BEGIN:VTIMEZONE").count, 2, "one Europe/Berlin")
        XCTAssertEqual(try instants(merged), try instantsAlone(paths))

        let store = directory.appendingPathComponent("store")
        let imported = try Calbridge.run(["import"] + paths + ["--to", store.path])
        XCTAssertEqual(imported.status, 0, imported.standardError)
        let apple = try String(contentsOf: store.appendingPathComponent("5E6F7A8B-9C0D-4E1F-A2B3-C4D5E6F7A8B9.ics"), encoding: .utf8)
        XCTAssertTrue(apple.contains("DTSTART;TZID=Europe/Berlin:20260425T100000"), apple)
        XCTAssertTrue(apple.contains("PRODID:-//Apple Inc.//macOS 14.0//EN\r\n"), "the resource's own input's PRODID: " + apple)
        XCTAssertFalse(apple.contains("Google") || apple.contains("Familie Brandt"), "nothing of the other input's calendar: " + apple)
    }

    /// A made-up offset under a zone's name in the first input, the zone as the tz database has it
    /// in the later one: they differ at the times the later one's events use, so one of them needs
    /// a made-up name, and the tz database's zone keeps the real one. No event moves.
    func testADefinitionThatDiffersAtATimeUsedIsKeptApartAndTheDatabasesZoneKeepsTheName() throws {
        let directory = try scratchDirectory()
        let paths = try write(["made-up.ics", "summer.ics"], into: directory)
        let merged = directory.appendingPathComponent("merged.ics").path
        let result = try Calbridge.run(["convert"] + paths + ["-o", merged])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(try instants(merged), try instantsAlone(paths))
        let events = try String(contentsOfFile: merged, encoding: .utf8).components(separatedBy: "BEGIN:VEVENT")
        let start = { (uid: String) in
            events.first { $0.contains("UID:\(uid)\r\n") }?.components(separatedBy: "\r\n").first { $0.hasPrefix("DTSTART") }
        }
        XCTAssertEqual(start("made-up"), "DTSTART;TZID=Europe/Berlin-2:20260706T100000")
        XCTAssertEqual(start("summer"), "DTSTART;TZID=Europe/Berlin:20260706T100000")
        XCTAssertTrue(result.standardError.contains("summer.ics:19:1: warning: VTIMEZONE Europe/Berlin differs"), result.standardError)
        XCTAssertTrue(result.standardError.contains("renamed Europe/Berlin-2, a name calbridge made up"), result.standardError)
    }

    func testImportedResourcesAndTheExportDefineEveryZoneTheyUse() throws {
        let directory = try scratchDirectory()
        let paths = try write(Self.inputs.keys.sorted(), into: directory)
        let store = directory.appendingPathComponent("store")
        let imported = try Calbridge.run(["import"] + paths + ["--to", store.path])
        XCTAssertEqual(imported.status, 0, imported.standardError)
        for name in try FileManager.default.contentsOfDirectory(atPath: store.path) where name.hasSuffix(".ics") {
            try assertDefinesEveryZone(store.appendingPathComponent(name).path)
        }
        try assertExportKeepsInstants(of: store, alone: try instantsAlone(paths), in: directory)
    }

    func testExportOfAStoreWhoseResourcesDefineZonesPartlyOrNotAtAll() throws {
        let directory = try scratchDirectory()
        let store = directory.appendingPathComponent("khal")
        try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
        let paths = try write(["winter.ics", "summer.ics", "undefined.ics"], into: store)
        try assertExportKeepsInstants(of: store, alone: try instantsAlone(paths), in: directory)
    }

    private func assertExportKeepsInstants(of store: URL, alone: Set<String>, in directory: URL) throws {
        let exported = directory.appendingPathComponent("exported.ics").path
        let export = try Calbridge.run(["export", store.path, "-o", exported])
        XCTAssertEqual(export.status, 0, export.standardError)
        try assertDefinesEveryZone(exported)
        let validated = try Calbridge.run(["validate", exported])
        XCTAssertFalse(
            validated.standardError.contains("has no VTIMEZONE") || validated.standardOutput.contains("has no VTIMEZONE"),
            validated.standardError + validated.standardOutput)
        XCTAssertEqual(try instants(exported), alone)
    }

    /// Every TZID parameter in the file has its VTIMEZONE there.
    private func assertDefinesEveryZone(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let lines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\r\n")
        let defined = Set(lines.filter { $0.hasPrefix("TZID:") }.map { String($0.dropFirst(5)) })
        let used = Set(
            lines.compactMap { line in
                line.range(of: ";TZID=").map { String(line[$0.upperBound...].prefix { $0 != ":" && $0 != ";" }) }
            })
        XCTAssertFalse(used.isEmpty, path, file: file, line: line)
        XCTAssertTrue(
            used.isSubset(of: defined), "\(path) uses \(used.subtracting(defined).sorted()) without a VTIMEZONE", file: file, line: line)
    }
}
