import Foundation
import XCTest

/// `import --manifest` of 200 small calendars into 200 collections of a real Radicale, as two
/// shards run as two processes at once (as two pods of an Indexed Job would): every collection then
/// holds each of its events exactly once, also when shard 1 is killed part-way and run again.
final class ManifestImportAgainstRadicaleTests: ServerTestCase {
    override class var kind: CalDAVServerKind { .radicale }
    private static let rows = 200
    private static let eventsPerRow = 3

    func testTwoShardsRunAtOnceImportTwoHundredCalendarsWithEveryEventOnce() throws {
        let server = try server()
        let folder = try temporaryFolder("manifest")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = try writeManifest(in: folder, server: server, prefix: "a")
        let started = Date()
        let shards = try (0..<2).map { shard in
            try CalbridgeCommand.start(
                ["import", "--manifest", manifest.path, "--shard", "\(shard)/2", "--create"],
                log: folder.appendingPathComponent("shard\(shard).log"))
        }
        shards.forEach { $0.waitUntilExit() }
        let seconds = Date().timeIntervalSince(started)
        for (shard, process) in shards.enumerated() {
            let log = try String(contentsOf: folder.appendingPathComponent("shard\(shard).log"), encoding: .utf8)
            XCTAssertEqual(process.terminationStatus, 0, log)
            XCTAssertTrue(log.contains("(shard \(shard)/2: 100 of 200 rows): 100 imported, 0 failed"), log)
            XCTAssertEqual(log.components(separatedBy: ": 3 created, 0 updated, 0 already there, 0 failed").count, 101, log)
        }
        for row in 0..<Self.rows {
            XCTAssertEqual(
                try storedUIDs(server, "a", row: row), (0..<Self.eventsPerRow).map { "UID:" + uid(row, $0) }, "collection a\(row)")
        }
        print(String(format: "manifest of \(Self.rows) calendars, two shards at once: %.1f s", seconds))
    }

    func testTwoShardsAtOnceOneKilledAndRunAgainLeaveEveryEventOnce() throws {
        let server = try server()
        let folder = try temporaryFolder("manifest")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = try writeManifest(in: folder, server: server, prefix: "k")
        let arguments = { (shard: Int) in ["import", "--manifest", manifest.path, "--shard", "\(shard)/2", "--create", "--json"] }

        let started = Date()
        let first = try CalbridgeCommand.start(arguments(0), log: folder.appendingPathComponent("shard0.log"))
        let second = try CalbridgeCommand.start(arguments(1), log: folder.appendingPathComponent("shard1.log"))
        let finishedBeforeKill = try waitUntilShard1HasFinished(
            rows: 25, prefix: "k", journals: folder.appendingPathComponent("users.journals"),
            while: second)
        kill(second.processIdentifier, SIGKILL)
        second.waitUntilExit()
        first.waitUntilExit()
        let firstSeconds = Date().timeIntervalSince(started)
        let log = try String(contentsOf: folder.appendingPathComponent("shard0.log"), encoding: .utf8)
        XCTAssertEqual(first.terminationStatus, 0, log)
        XCTAssertTrue(log.contains("(shard 0/2: 100 of 200 rows): 100 imported, 0 failed"), log)
        XCTAssertEqual(second.terminationReason, .uncaughtSignal)

        let rerunStarted = Date()
        let rerun = try CalbridgeCommand.run(arguments(1))
        let rerunSeconds = Date().timeIntervalSince(rerunStarted)
        XCTAssertEqual(rerun.status, 0, rerun.errors)
        XCTAssertTrue(rerun.errors.contains("(shard 1/2: 100 of 200 rows): 100 imported, 0 failed"), rerun.errors)
        // A row whose journal was written before the kill sends nothing again.
        let rows = try rerun.output.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
        XCTAssertEqual(rows.count, 100)
        let untouched = rows.filter {
            ($0["created"] as? [String])?.isEmpty == true && ($0["unchanged"] as? [String])?.count == Self.eventsPerRow
        }
        XCTAssertGreaterThanOrEqual(untouched.count, finishedBeforeKill, rerun.errors)
        XCTAssertLessThan(untouched.count, 100, "the kill came part-way")

        for row in 0..<Self.rows {
            XCTAssertEqual(
                try storedUIDs(server, "k", row: row), (0..<Self.eventsPerRow).map { "UID:" + uid(row, $0) }, "collection k\(row)")
        }
        for row in [1, 199] {
            let exported = try CalbridgeCommand.run(["export", collection(server, "k", row), "--user", "user"])
            XCTAssertEqual(exported.status, 0, exported.errors)
            XCTAssertEqual(exported.output.components(separatedBy: "BEGIN:VEVENT").count - 1, Self.eventsPerRow)
        }
        print(
            "manifest of \(Self.rows) calendars: both shards at once (shard 1 killed after \(finishedBeforeKill)+ rows) "
                + String(format: "%.1f s; shard 1 run again %.1f s", firstSeconds, rerunSeconds))
    }

    private func uid(_ row: Int, _ event: Int) -> String {
        "row\(row)-event\(event)@manifest.test"
    }

    /// The collection of row `row`, named `prefix` and the row (each test imports into collections of its own).
    private func collection(_ server: CalDAVTestServer, _ prefix: String, _ row: Int) -> String {
        server.url(server.kind.calendarPath("\(prefix)\(row)")).absoluteString
    }

    /// One calendar file a row (three VCALENDARs of one event each, which import merges), and the
    /// manifest naming a collection of its own for each.
    private func writeManifest(in folder: URL, server: CalDAVTestServer, prefix: String) throws -> URL {
        var manifest = "# one collection per row\ninput,store,user\n"
        for row in 0..<Self.rows {
            let bytes = (0..<Self.eventsPerRow).flatMap { event(uid: uid(row, $0), summary: "Row \(row), event \($0)", day: 10 + $0) }
            try Data(bytes).write(to: folder.appendingPathComponent("calendars/row\(row).ics", isDirectory: false).creatingFolder())
            manifest += "calendars/row\(row).ics,\(collection(server, prefix, row)),user\n"
        }
        let path = folder.appendingPathComponent("users.csv")
        try manifest.write(to: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Waits until shard 1 (the odd rows) has written the journals of `count` finished rows; how many it had.
    private func waitUntilShard1HasFinished(rows count: Int, prefix: String, journals: URL, while importer: Process) throws -> Int {
        let deadline = Date().addingTimeInterval(300)
        while Date() < deadline, importer.isRunning {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: journals.path)) ?? []
            let finished = names.filter { name in
                name.hasPrefix("user-\(prefix)")
                    && (name.wholeMatch(of: /user-[a-z]+([0-9]+)-[0-9a-f]+\.journal/).flatMap { Int($0.1) }.map { $0 % 2 == 1 } ?? false)
            }.count
            if finished >= count { return finished }
            usleep(20_000)
        }
        throw ToolFailed(description: "shard 1 ended or stalled before \(count) of its rows were finished")
    }

    /// The UID lines of the resources Radicale keeps for the collection of row `row`, sorted.
    private func storedUIDs(_ server: CalDAVTestServer, _ prefix: String, row: Int) throws -> [String] {
        let folder = server.storage.appendingPathComponent("collection-root/user/\(prefix)\(row)")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".ics") }.flatMap { name in
            try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8).components(separatedBy: "\r\n").filter {
                $0.hasPrefix("UID:")
            }
        }.sorted()
    }
}

extension URL {
    /// This file's URL, after making the folder it goes in.
    fileprivate func creatingFolder() throws -> URL {
        try FileManager.default.createDirectory(at: deletingLastPathComponent(), withIntermediateDirectories: true)
        return self
    }
}
