import Foundation
import XCTest

/// The command lines of Documentation/migration-job.yaml, run as its pods run them (`sh -c` with
/// JOB_COMPLETION_INDEX set, one run per index of `completions: 10`) on a manifest of directory
/// stores put where the Jobs mount their volume: the first pass copies every row, an incremental
/// pass carries a change and lists a deletion, and the cutover deletes it and verifies.
final class VerifyMigrationRecipeTests: XCTestCase {
    private static let recipe = CalbridgeCommand.root.appendingPathComponent("Documentation/migration-job.yaml")
    private static let binaries = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()

    /// Each Job's shell command, in the file's order, with /data (the volume) at `data`.
    private func commands(data: URL) throws -> [String] {
        let text = try String(contentsOf: Self.recipe, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: "command: [\"sh\", \"-c\", \"") else { return nil }
            let command = line[start.upperBound...].dropLast(2)
            return command.replacingOccurrences(of: "/data/", with: data.path + "/")
        }
    }

    /// Runs `command` as each of the ten pods would; the exit statuses by index.
    private func runPods(_ command: String) throws -> [Int32] {
        try (0..<10).map { index in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", command]
            var environment = ProcessInfo.processInfo.environment
            environment["JOB_COMPLETION_INDEX"] = String(index)
            environment["PATH"] = Self.binaries.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    private func event(_ uid: String, _ summary: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Example Corp.//CalDAV Client//EN\r\nBEGIN:VEVENT\r\nUID:\(uid)\r\n"
            + "DTSTAMP:20260101T000000Z\r\nDTSTART:20261013T100000Z\r\nDURATION:PT1H\r\nSUMMARY:\(summary)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    }

    func testTheRecipesFirstPassIncrementalPassAndCutoverRunAsWritten() throws {
        let data = try temporaryFolder("recipe")
        defer { try? FileManager.default.removeItem(at: data) }
        let users = ["ana", "ben", "carla"]
        for user in users {
            let store = data.appendingPathComponent("old/\(user)")
            try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
            for n in 1...2 {
                try event("\(user)-\(n)@example.org", "\(user) \(n)").write(
                    to: store.appendingPathComponent("\(user)-\(n)@example.org.ics"),
                    atomically: true, encoding: .utf8)
            }
        }
        try ("source,target\n" + users.map { "old/\($0),new/\($0)\n" }.joined())
            .write(to: data.appendingPathComponent("users.csv"), atomically: true, encoding: .utf8)
        let commands = try commands(data: data)
        XCTAssertEqual(commands.count, 3, "first pass, incremental pass, cutover")
        let (first, incremental, cutover) = (commands[0], commands[1], commands[2])

        XCTAssertEqual(try runPods(first), Array(repeating: 0, count: 10))
        let copied = try FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("new/ben").path).filter {
            $0.hasSuffix(".ics")
        }
        XCTAssertEqual(copied.sorted(), ["ben-1@example.org.ics", "ben-2@example.org.ics"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("users.states").path).count, 3)

        // People keep using the old server: ben changes an event, carla deletes one.
        try event("ben-1@example.org", "ben 1, moved").write(
            to: data.appendingPathComponent("old/ben/ben-1@example.org.ics"),
            atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: data.appendingPathComponent("old/carla/carla-2@example.org.ics"))
        XCTAssertEqual(try runPods(incremental), Array(repeating: 0, count: 10))
        let moved = try String(contentsOf: data.appendingPathComponent("new/ben/ben-1@example.org.ics"), encoding: .utf8)
        XCTAssertTrue(moved.contains("SUMMARY:ben 1, moved"), moved)
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: data.appendingPathComponent("new/carla/carla-2@example.org.ics").path),
            "without --delete a deletion is listed and kept")

        // The cutover deletes it too, and then every shard's verify agrees.
        XCTAssertEqual(try runPods(cutover), Array(repeating: 0, count: 10))
        XCTAssertFalse(FileManager.default.fileExists(atPath: data.appendingPathComponent("new/carla/carla-2@example.org.ics").path))

        // A difference planted on the new server fails the shard whose row it is in (ana: row 0).
        try event("ana-1@example.org", "changed on the new server").write(
            to: data.appendingPathComponent("new/ana/ana-1@example.org.ics"),
            atomically: true, encoding: .utf8)
        let statuses = try runPods(cutover)
        XCTAssertEqual(statuses[0], 1)
        XCTAssertEqual(Array(statuses.dropFirst()), Array(repeating: 0, count: 9))
    }
}
