import Foundation
import XCTest

/// `import --manifest` into local directory stores: shards run as processes of their own, every
/// event once, the journals as the checkpoint of a re-run, and a manifest's problems stopping the
/// run before anything is written.
final class ManifestImportCommandTests: XCTestCase {
    /// A calendar of `events` events with UIDs of row `row`, one of them weekly in Europe/Berlin.
    static func smallCalendar(row: Int, events: Int = 3) -> String {
        let vevents = (0..<events).map { event in
            let start =
                event == 0
                ? "DTSTART;TZID=Europe/Berlin:20260302T090000\r\nRRULE:FREQ=WEEKLY;COUNT=10"
                : String(format: "DTSTART:2026%02d%02dT%02d0000Z", 1 + event / 28 % 12, 1 + event % 28, event % 24)
            return "BEGIN:VEVENT\r\nUID:row\(row)-event\(event)@manifest.test\r\nDTSTAMP:20260101T000000Z\r\n\(start)\r\n"
                + "SUMMARY:Row \(row)\\, event \(event)\r\nEND:VEVENT\r\n"
        }
        return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//calbridge//manifest tests//EN\r\nX-WR-CALNAME:Row \(row)\r\n"
            + vevents.joined() + "END:VCALENDAR\r\n"
    }

    /// A folder with `rows` calendars of `events` events in `inputs/` and a manifest naming each with
    /// a store of its own under `stores/`.
    private func manifestFolder(rows: Int, events: Int = 3) throws -> URL {
        let folder = try scratchDirectory()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("inputs"), withIntermediateDirectories: true)
        var manifest = "# one store per row\ninput,store\n"
        for row in 0..<rows {
            try Self.smallCalendar(row: row, events: events).write(
                to: folder.appendingPathComponent("inputs/row\(row).ics"), atomically: true, encoding: .utf8)
            manifest += "inputs/row\(row).ics,stores/row\(row)\n"
        }
        try manifest.write(to: folder.appendingPathComponent("users.csv"), atomically: true, encoding: .utf8)
        return folder
    }

    /// The UIDs of each .ics file of a store, sorted: one file per UID when every event is there once.
    private func storedUIDs(_ store: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: store.path).filter { $0.hasSuffix(".ics") }.flatMap { name in
            try String(contentsOf: store.appendingPathComponent(name), encoding: .utf8).components(separatedBy: "\r\n").filter {
                $0.hasPrefix("UID:")
            }
        }.sorted()
    }

    /// Starts calbridge without waiting: standard output into `output`, standard error beside it (`.errors`).
    private func start(_ arguments: [String], output: URL) throws -> Process {
        let process = Process()
        process.executableURL = Calbridge.binary
        process.arguments = arguments
        let errors = output.appendingPathExtension("errors")
        for file in [output, errors] { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        return process
    }

    func testTwoShardsRunAtOnceImportEveryRowOnceAndARerunSendsNothing() throws {
        let folder = try manifestFolder(rows: 200)
        let manifest = folder.appendingPathComponent("users.csv").path
        let shards = try (0..<2).map { shard in
            try start(
                ["import", "--manifest", manifest, "--shard", "\(shard)/2", "--json"],
                output: folder.appendingPathComponent("shard\(shard).jsonl"))
        }
        shards.forEach { $0.waitUntilExit() }
        for (shard, process) in shards.enumerated() {
            let errors = try String(contentsOf: folder.appendingPathComponent("shard\(shard).jsonl.errors"), encoding: .utf8)
            XCTAssertEqual(process.terminationStatus, 0, errors)
            // Under --json what goes to standard error is JSON lines too: each row's summary, then the run's.
            let said = try errors.split(separator: "\n").map {
                try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
            }
            let summaries = said.filter { $0["kind"] as? String == "summary" }.compactMap { $0["message"] as? String }
            XCTAssertEqual(summaries.count, said.count, errors)
            XCTAssertTrue(summaries.contains("manifest \(manifest) (shard \(shard)/2: 100 of 200 rows): 100 imported, 0 failed"), errors)
            XCTAssertTrue(
                summaries.contains { $0.hasPrefix("\(manifest):\(shard + 3) \(folder.path)/stores/row\(shard): 3 created, 0 updated") },
                errors)
            let lines = try String(contentsOf: folder.appendingPathComponent("shard\(shard).jsonl"), encoding: .utf8).split(separator: "\n")
            XCTAssertEqual(lines.count, 100)
            let rows = try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:] }
            XCTAssertEqual(Set(rows.compactMap { $0["row"] as? Int }), Set(stride(from: shard, to: 200, by: 2)))
            XCTAssertEqual(rows.map { ($0["created"] as? [String])?.count ?? -1 }, Array(repeating: 3, count: 100))
        }
        for row in 0..<200 {
            XCTAssertEqual(
                try storedUIDs(folder.appendingPathComponent("stores/row\(row)")), (0..<3).map { "UID:row\(row)-event\($0)@manifest.test" })
        }
        let journals = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("users.journals").path)
        XCTAssertEqual(journals.filter { $0.hasSuffix(".journal") }.count, 200)

        let again = try Calbridge.run(["import", "--manifest", manifest, "--shard", "1/2"])
        XCTAssertEqual(again.status, 0, again.standardError)
        XCTAssertEqual(
            again.standardError.components(separatedBy: ": 0 created, 0 updated, 3 already there, 0 failed").count, 101,
            again.standardError)
    }

    func testAShardKilledPartWayIsFinishedByTheSameCommandWithEveryEventOnce() throws {
        let (rows, events) = (16, 300)
        let folder = try manifestFolder(rows: rows, events: events)
        let arguments = ["import", "--manifest", folder.appendingPathComponent("users.csv").path, "--shard", "1/2"]
        let killed = try start(arguments, output: folder.appendingPathComponent("killed.log"))
        // Killed once a row is half-done: its journal (saved every 50 resources) records some of its events.
        let journals = folder.appendingPathComponent("users.journals")
        while killed.isRunning, try recordedCounts(journals).allSatisfy({ $0 < 50 }) { usleep(5_000) }
        kill(killed.processIdentifier, SIGKILL)
        killed.waitUntilExit()
        XCTAssertEqual(killed.terminationReason, .uncaughtSignal, "the shard was killed before it finished")
        XCTAssertTrue(try recordedCounts(journals).contains { (50..<events).contains($0) })

        let again = try Calbridge.run(arguments + ["--json"])
        XCTAssertEqual(again.status, 0, again.standardError)
        let reports = try again.standardOutput.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
        let counts = reports.map { (($0["created"] as? [String])?.count ?? -1, ($0["unchanged"] as? [String])?.count ?? -1) }
        XCTAssertEqual(counts.count, rows / 2)
        XCTAssertTrue(counts.allSatisfy { $0.0 + $0.1 == events }, "\(counts)")
        XCTAssertTrue(counts.contains { (50..<events).contains($0.1) }, "a half-done row resumed: \(counts)")
        for row in stride(from: 1, to: rows, by: 2) {
            XCTAssertEqual(
                try storedUIDs(folder.appendingPathComponent("stores/row\(row)")),
                (0..<events).map { "UID:row\(row)-event\($0)@manifest.test" }.sorted(), "row \(row)")
        }
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("stores/row0").path), "shard 0's rows are not shard 1's")
    }

    /// How many resources each journal in `folder` records.
    private func recordedCounts(_ folder: URL) throws -> [Int] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".journal") }.compactMap { name in
            let data = (try? Data(contentsOf: folder.appendingPathComponent(name))) ?? Data()
            return ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any])?["entries"].flatMap { ($0 as? [String: Any])?.count }
        }
    }

    func testAFailedRowIsListedTheOthersGoOnAndTheExitIs1() throws {
        let folder = try manifestFolder(rows: 3)
        // Row 1's store is a file, which no directory store can be made in.
        try Data().write(to: folder.appendingPathComponent("stores-file"))
        let manifest = folder.appendingPathComponent("users.csv")
        let text = try String(contentsOf: manifest, encoding: .utf8).replacingOccurrences(of: "stores/row1\n", with: "stores-file\n")
        try text.write(to: manifest, atomically: true, encoding: .utf8)
        let run = try Calbridge.run(["import", "--manifest", manifest.path, "--journal-dir", folder.appendingPathComponent("j").path])
        XCTAssertEqual(run.status, 1, run.standardError)
        XCTAssertTrue(run.standardError.contains("\(manifest.path):4 \(folder.path)/stores-file: not imported\n  "), run.standardError)
        XCTAssertTrue(run.standardError.contains("(3 rows): 2 imported, 1 failed (line 4)\n"), run.standardError)
        XCTAssertEqual(try storedUIDs(folder.appendingPathComponent("stores/row2")).count, 3)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("j").path).count, 2)
    }

    func testAManifestProblemStopsTheRunBeforeAnythingIsWritten() throws {
        let folder = try manifestFolder(rows: 3)
        let manifest = folder.appendingPathComponent("users.csv")
        try (try String(contentsOf: manifest, encoding: .utf8) + "inputs/row9.ics,stores/row9\n\"inputs/row0.ics,stores/x\n")
            .write(to: manifest, atomically: true, encoding: .utf8)
        let run = try Calbridge.run(["import", "--manifest", manifest.path])
        XCTAssertEqual(run.status, 65, run.standardError)
        XCTAssertTrue(
            run.standardError.contains("\(manifest.path):7:1: error: a quoted field is not closed before the end of the file"),
            run.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("stores").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("users.journals").path))

        // A missing input is found only for the rows of the shard that imports it.
        try (try String(contentsOf: manifest, encoding: .utf8).components(separatedBy: "\"")[0]).write(
            to: manifest, atomically: true, encoding: .utf8)
        let missing = try Calbridge.run(["import", "--manifest", manifest.path, "--shard", "1/2"])
        XCTAssertEqual(missing.status, 65, missing.standardError)
        XCTAssertTrue(
            missing.standardError.contains("\(manifest.path):6:1: error: \(folder.path)/inputs/row9.ics is not there"),
            missing.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("stores").path))
        XCTAssertEqual(try Calbridge.run(["import", "--manifest", manifest.path, "--shard", "0/2"]).status, 0)
    }

    func testShardAndManifestOptionsAreCheckedAsUsage() throws {
        let folder = try manifestFolder(rows: 1)
        let manifest = folder.appendingPathComponent("users.csv").path
        let high = try Calbridge.run(["import", "--manifest", manifest, "--shard", "2/2"])
        XCTAssertEqual(high.status, 64)
        XCTAssertTrue(high.standardError.contains("--shard 2/2: K counts shards from 0, so it must be 0 to 1"), high.standardError)
        let none = try Calbridge.run(["import", "--manifest", manifest, "--shard", "0/0"])
        XCTAssertEqual(none.status, 64)
        XCTAssertTrue(none.standardError.contains("N, the number of shards, must be at least 1"), none.standardError)
        let mixed = try Calbridge.run(["import", "--manifest", manifest, "--to", "store"])
        XCTAssertEqual(mixed.status, 64)
        XCTAssertTrue(mixed.standardError.contains("give no INPUTS, --to"), mixed.standardError)
        let folderless = try Calbridge.run(["import", "--manifest", manifest, "--journal-dir", manifest + "/journals"])
        XCTAssertEqual(folderless.status, 73, "a journal folder that cannot be made: \(folderless.standardError)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("stores").path), "nothing was sent")
        XCTAssertEqual(try Calbridge.run(["import", "a.ics", "--to", "store", "--shard", "0/2"]).status, 64)
        XCTAssertEqual(try Calbridge.run(["import", "a.ics"]).status, 64)
    }
}
