import Foundation
import XCTest

/// import and export against the local directory store: every series once, updates not duplicates,
/// an interrupted import finished with --resume, and export giving back what went in.
final class ImportExportCommandTests: XCTestCase {
    private var samples: [String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return ["google-export.ics", "outlook-export.ics", "university-courses.ics"].map {
            root.appendingPathComponent("Samples/" + $0).path
        }
    }

    private func files(_ store: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: store.path).filter { $0.hasSuffix(".ics") }.sorted()
    }

    private func uids(in ics: String) -> [String] {
        Array(Set(ics.components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") })).sorted()
    }

    func testImportPutsEachSeriesOnceAndExportGivesItBack() throws {
        let directory = try scratchDirectory()
        let store = directory.appendingPathComponent("store").path
        let first = try Calbridge.run(["import"] + samples + ["--to", store, "--json"])
        XCTAssertEqual(first.status, 0, first.standardError)
        let input = try samples.map { try String(contentsOfFile: $0, encoding: .utf8) }.joined()
        XCTAssertEqual(try files(URL(fileURLWithPath: store)).count, uids(in: input).count)
        XCTAssertTrue(first.standardOutput.hasPrefix("{\"dry_run\": false, \"created\": ["), first.standardOutput)

        let again = try Calbridge.run(["import"] + samples + ["--to", store])
        XCTAssertTrue(
            again.standardError.contains("0 created, 0 updated, \(uids(in: input).count) already there"),
            "an unchanged input rewrites nothing: \(again.standardError)")
        XCTAssertEqual(try files(URL(fileURLWithPath: store)).count, uids(in: input).count, "updated, not duplicated")

        let exported = try Calbridge.run(["export", store])
        XCTAssertEqual(exported.status, 0, exported.standardError)
        XCTAssertEqual(uids(in: exported.standardOutput), uids(in: input))
        XCTAssertEqual(
            exported.standardOutput.components(separatedBy: "BEGIN:VEVENT").count,
            input.components(separatedBy: "BEGIN:VEVENT").count, "every event and override came back")
    }

    func testTheCalendarsNameAndColourGoIntoTheVdirAndComeBack() throws {
        let directory = try scratchDirectory()
        let store = directory.appendingPathComponent("store")
        let sample = URL(fileURLWithPath: samples[0]).deletingLastPathComponent().appendingPathComponent("semester-informatik.ics").path
        XCTAssertEqual(try Calbridge.run(["import", sample, "--to", store.path]).status, 0)
        XCTAssertEqual(try String(contentsOf: store.appendingPathComponent("displayname"), encoding: .utf8), "Informatik 3. Semester\n")
        XCTAssertEqual(try String(contentsOf: store.appendingPathComponent("color"), encoding: .utf8), "#1E90FF\n")

        let exported = try Calbridge.run(["export", store.path])
        XCTAssertEqual(exported.status, 0, exported.standardError)
        let header = exported.standardOutput.components(separatedBy: "BEGIN:VTIMEZONE")[0]
        XCTAssertTrue(header.contains("X-WR-CALNAME:Informatik 3. Semester\r\n"), header)
        XCTAssertTrue(header.contains("COLOR:#1E90FF\r\n"), header)
    }

    func testResumeSendsOnlyWhatTheInterruptedImportDidNot() throws {
        let directory = try scratchDirectory()
        let store = directory.appendingPathComponent("store").path
        let journal = directory.appendingPathComponent("import.journal").path
        // The "interrupted" import got through the first calendar only.
        let partial = try Calbridge.run(["import", samples[0], "--to", store, "--journal", journal])
        XCTAssertEqual(partial.status, 0, partial.standardError)
        let done = try files(URL(fileURLWithPath: store)).count
        let resumed = try Calbridge.run(["import"] + samples + ["--to", store, "--journal", journal, "--resume"])
        XCTAssertEqual(resumed.status, 0, resumed.standardError)
        XCTAssertTrue(resumed.standardError.contains("updated, \(done) already there, 0 failed"), resumed.standardError)
        let input = try samples.map { try String(contentsOfFile: $0, encoding: .utf8) }.joined()
        XCTAssertEqual(try files(URL(fileURLWithPath: store)).count, uids(in: input).count, "every series exactly once")
        let twice = try Calbridge.run(["import"] + samples + ["--to", store, "--journal", journal, "--resume"])
        XCTAssertTrue(twice.standardError.contains("0 created, 0 updated, \(uids(in: input).count) already there"), twice.standardError)
    }

    func testDryRunWritesNothingAndBadOptionsAreRefused() throws {
        let directory = try scratchDirectory()
        let store = directory.appendingPathComponent("store").path
        let dry = try Calbridge.run(["import", samples[0], "--to", store, "--dry-run"])
        XCTAssertEqual(dry.status, 0, dry.standardError)
        XCTAssertTrue(dry.standardError.contains("would be created"), dry.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: store))
        XCTAssertEqual(try Calbridge.run(["import", samples[0], "--to", store, "--resume"]).status, 64)
        // A store directory that is not there is a missing input (66); 69 is for a server that does not answer.
        let missing = try Calbridge.run(["export", directory.appendingPathComponent("missing").path])
        XCTAssertEqual(missing.status, 66)
        XCTAssertTrue(
            missing.standardError.contains("missing: \(String(cString: strerror(ENOENT))); a local store is a directory of .ics files"),
            missing.standardError)
    }
}
