import Foundation
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `calbridge mirror` against a real server, every request seen by a proxy in front of it: a first
/// run copies a collection of 500 generated events (Benchmarks/generate_calendar.py, the import
/// tests' calendar) into another; after 5 changed on the source (1%), one deleted there and one
/// changed on the target (another client's PUTs, as a calendar app writes them: a whole VCALENDAR
/// at the resource's URL), a dry run sends no write, the next run sends at most 2% of the first's
/// requests, keeps the deletion and skips the conflict, and a run with --delete --on-conflict source
/// carries both out. A run killed part-way, run again, ends with every event there once.
struct MirrorAgainstServer {
    let server: CalDAVTestServer
    var events = 500

    func aSecondRunSendsOnlyTheChangesAndDeletionsAndConflictsAreDecided() throws {
        let (proxy, refuse) = try RefusingProxyScript.start(upstream: server)
        defer { proxy.stop() }
        let log = RefusingProxyScript.requestLog(beside: refuse)
        let folder = try temporaryFolder("mirror")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("calendar.ics")
        try GeneratedCalendar.write(events: events, to: input)
        let sourcePath = server.kind.calendarPath("mirror-source"), targetPath = server.kind.calendarPath("mirror-target")
        let imported = try CalbridgeCommand.run([
            "import", input.path, "--to", server.url(sourcePath).absoluteString, "--user", "user", "--create",
        ])
        XCTAssertEqual(imported.status, 0, imported.errors)
        let state = folder.appendingPathComponent("mirror.json").path
        let arguments = [
            "mirror", proxy.url(sourcePath).absoluteString, proxy.url(targetPath).absoluteString,
            "--source-user", "user", "--target-user", "user", "--state", state, "--json",
        ]

        try Data().write(to: log)
        let first = try report(of: CalbridgeCommand.run(arguments + ["--create"]))
        XCTAssertEqual((first["created"] as? [String])?.count, events)
        let firstRequests = try requests(log).count

        let uids = try uidsOf(input)
        let changed = Array(uids[10..<15]), deleted = uids[20], planted = uids[30]
        for uid in changed {
            XCTAssertLessThan(try putAsAnotherClient(server.url(sourcePath + uid + ".ics"), bytes: event(uid: uid, summary: "Moved")), 300)
        }
        XCTAssertLessThan(try send("DELETE", to: server.url(sourcePath + deleted + ".ics")), 300)
        XCTAssertLessThan(
            try putAsAnotherClient(server.url(targetPath + planted + ".ics"), bytes: event(uid: planted, summary: "Mine")), 300)

        try Data().write(to: log)
        let plan = try report(of: CalbridgeCommand.run(arguments + ["--dry-run", "--delete"]))
        XCTAssertEqual(plan["updated"] as? [String], changed.sorted())
        XCTAssertEqual(plan["deleted"] as? [String], [deleted])
        XCTAssertEqual(try requests(log).filter { $0.hasPrefix("PUT") || $0.hasPrefix("DELETE") }, [])

        try Data().write(to: log)
        let second = try report(of: CalbridgeCommand.run(arguments))
        let secondRequests = try requests(log).count
        XCTAssertLessThanOrEqual(Double(secondRequests), Double(firstRequests) * 0.02, "\(secondRequests) of \(firstRequests)")
        XCTAssertEqual(second["updated"] as? [String], changed.sorted())
        XCTAssertEqual(second["kept_deletions"] as? [String], [deleted])
        XCTAssertEqual(conflicts(second), ["\(planted) skip"])
        XCTAssertTrue(try targetText(targetPath, changed[0]).contains("SUMMARY:Moved"))
        XCTAssertTrue(try targetText(targetPath, planted).contains("SUMMARY:Mine"))

        let decided = try report(of: CalbridgeCommand.run(arguments + ["--delete", "--on-conflict", "source"]))
        XCTAssertEqual(decided["deleted"] as? [String], [deleted])
        XCTAssertEqual(conflicts(decided), ["\(planted) source"])
        XCTAssertFalse(try targetText(targetPath, planted).contains("SUMMARY:Mine"))
        let quiet = try report(of: CalbridgeCommand.run(arguments))
        XCTAssertEqual(quiet["updated"] as? [String], [])
        XCTAssertEqual(conflicts(quiet), [])
        // The target now holds what the source holds.
        let copied = folder.appendingPathComponent("source.ics")
        XCTAssertEqual(
            try CalbridgeCommand.run(["export", server.url(sourcePath).absoluteString, "--user", "user", "-o", copied.path]).status, 0)
        try CalendarComparison.assertExportHoldsEveryEventOnce(
            server.url(targetPath).absoluteString, input: copied, events: events - 1, in: folder)
    }

    func aKilledRunRunAgainEndsWithEveryEventOnce() throws {
        let (proxy, refuse) = try RefusingProxyScript.start(upstream: server)
        defer { proxy.stop() }
        let log = RefusingProxyScript.requestLog(beside: refuse)
        let folder = try temporaryFolder("mirror-killed")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("calendar.ics")
        try GeneratedCalendar.write(events: events, to: input)
        let source = folder.appendingPathComponent("source").path
        XCTAssertEqual(try CalbridgeCommand.run(["import", input.path, "--to", source]).status, 0)
        let targetPath = server.kind.calendarPath("mirror-killed")
        let state = folder.appendingPathComponent("mirror.json")
        let arguments = [
            "mirror", source, proxy.url(targetPath).absoluteString, "--target-user", "user", "--state", state.path, "--create",
        ]

        try Data().write(to: log)
        let mirror = try CalbridgeCommand.start(arguments, log: folder.appendingPathComponent("mirror.log"))
        try waitUntil(puts: 250, in: log, while: mirror)
        kill(mirror.processIdentifier, SIGKILL)
        mirror.waitUntilExit()
        // Saved every 200 writes: what the run did before its last save is not asked for again.
        let recorded = try (JSONSerialization.jsonObject(with: Data(contentsOf: state)) as? [String: Any])?["resources"] as? [String: Any]
        XCTAssertGreaterThanOrEqual(recorded?.count ?? 0, 200)
        let entry = try XCTUnwrap(recorded?.first?.value as? [String: String])
        XCTAssertEqual(entry["target_href"].map { $0.hasPrefix(targetPath) }, true, "\(entry)")

        let again = try report(of: CalbridgeCommand.run(arguments + ["--json"]))
        let created = (again["created"] as? [String])?.count ?? 0, unchanged = (again["unchanged"] as? [String])?.count ?? 0
        XCTAssertEqual(created + unchanged, events - (recorded?.count ?? 0))
        XCTAssertEqual(again["updated"] as? [String], [])
        try CalendarComparison.assertExportHoldsEveryEventOnce(
            server.url(targetPath).absoluteString, input: input, events: events, in: folder)
    }

    /// The JSON report on standard output, after asserting the run's exit 0.
    private func report(of run: (status: Int32, output: String, errors: String)) throws -> [String: Any] {
        XCTAssertEqual(run.status, 0, run.errors)
        guard let object = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any] else {
            throw ToolFailed(description: "no JSON report: \(run.output)")
        }
        return object
    }

    private func conflicts(_ report: [String: Any]) -> [String] {
        (report["conflicts"] as? [[String: String]] ?? []).map { "\($0["uid"] ?? "") \($0["resolution"] ?? "")" }
    }

    private func requests(_ log: URL) throws -> [String] {
        try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    private func uidsOf(_ input: URL) throws -> [String] {
        let lines = try String(contentsOf: input, encoding: .utf8).components(separatedBy: "\r\n")
        var seen = Set<String>()
        return lines.filter { $0.hasPrefix("UID:") }.map { String($0.dropFirst(4)) }.filter { seen.insert($0).inserted }
    }

    private func targetText(_ path: String, _ uid: String) throws -> String {
        let exported = try CalbridgeCommand.run(["export", server.url(path).absoluteString, "--user", "user"])
        let blocks = exported.output.components(separatedBy: "BEGIN:VEVENT").filter { $0.contains("UID:\(uid)\r\n") }
        return blocks.joined()
    }

    /// Waits until the proxy has passed on `count` PUTs.
    private func waitUntil(puts count: Int, in log: URL, while process: Process) throws {
        let deadline = Date().addingTimeInterval(300)
        while Date() < deadline, process.isRunning {
            if let lines = try? requests(log), lines.filter({ $0.hasPrefix("PUT") }).count >= count { return }
            usleep(50_000)
        }
        throw ToolFailed(description: "the mirror ended or stalled before it sent \(count) PUTs")
    }

    /// A request another client makes, bypassing calbridge: its status.
    private func send(_ method: String, to url: URL) throws -> Int {
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue("Basic " + Data("user:secret".utf8).base64EncodedString(), forHTTPHeaderField: "Authorization")
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var status = 0
        URLSession.shared.dataTask(with: request) { _, response, _ in
            status = (response as? HTTPURLResponse)?.statusCode ?? 0
            done.signal()
        }.resume()
        guard done.wait(timeout: .now() + 15) == .success else { throw URLError(.timedOut) }
        return status
    }
}

/// What mirror does against Radicale 3.9.
final class RadicaleMirrorTests: ServerTestCase {
    override class var kind: CalDAVServerKind { .radicale }

    func testChangesAreNamedByHrefSinceTheMarkAndFetchLearnsEachUID() throws {
        try MirrorChangesAgainstServer(server: try server()).changesAreNamedByHrefSinceTheMarkAndFetchLearnsEachUID()
    }

    func testASecondRunSendsOnlyTheChangesAndDeletionsAndConflictsAreDecided() throws {
        try MirrorAgainstServer(server: try server()).aSecondRunSendsOnlyTheChangesAndDeletionsAndConflictsAreDecided()
    }

    func testAKilledRunRunAgainEndsWithEveryEventOnce() throws {
        try MirrorAgainstServer(server: try server()).aKilledRunRunAgainEndsWithEveryEventOnce()
    }
}

/// What mirror does against Xandikos 0.4.
final class XandikosMirrorTests: ServerTestCase {
    override class var kind: CalDAVServerKind { .xandikos }

    func testChangesAreNamedByHrefSinceTheMarkAndFetchLearnsEachUID() throws {
        try MirrorChangesAgainstServer(server: try server()).changesAreNamedByHrefSinceTheMarkAndFetchLearnsEachUID()
    }

    func testASecondRunSendsOnlyTheChangesAndDeletionsAndConflictsAreDecided() throws {
        try MirrorAgainstServer(server: try server()).aSecondRunSendsOnlyTheChangesAndDeletionsAndConflictsAreDecided()
    }

    func testAKilledRunRunAgainEndsWithEveryEventOnce() throws {
        try MirrorAgainstServer(server: try server()).aKilledRunRunAgainEndsWithEveryEventOnce()
    }
}
