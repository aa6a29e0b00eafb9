import CalendarStores
import Foundation
import XCTest

/// import, mirror, export and sync through `FaultProxy` in front of a real server, under each fault
/// it injects: each command exits 0, or 75 (run again) after which the same command (import with
/// `--resume`) does, and the server, read directly rather than through the proxy, then holds every
/// resource exactly once. The proxy's counts go to standard error as `fault-proxy:` lines.
struct FaultsAgainstServer {
    let server: CalDAVTestServer
    static let events = 50
    static let lectures = 20
    /// A deadline of two seconds a request, so a stall of three costs seconds, not minutes.
    static let environment: [String: String?] = ["CALBRIDGE_REQUEST_TIMEOUT": "2"]

    /// Every resource there once after import, mirror, export and sync under `fault` (`exportFault` for the
    /// export, which sends only two or three requests).
    func everyResourceOnceUnder(_ fault: InjectedFault, exportFault: InjectedFault, name: String? = nil) throws {
        let name = name ?? fault.fault.rawValue
        let proxy = try FaultProxy(upstream: server)
        defer { proxy.stop() }
        let folder = try temporaryFolder("fault-\(name)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("calendar.ics")
        try GeneratedCalendar.write(events: Self.events, to: input)
        let path = server.kind.calendarPath("fault-\(name)")
        let through = proxy.url(path).absoluteString
        let journal = folder.appendingPathComponent("journal").path

        try proxy.inject(fault)
        try converge(
            ["import", input.path, "--to", through, "--user", "user", "--create", "--journal", journal],
            again: ["--resume"], proxy: proxy, label: "\(name) import")
        try CalendarComparison.assertExportHoldsEveryEventOnce(
            server.url(path).absoluteString, input: input,
            events: Self.events, in: folder)

        // Both stores of the mirror behind the proxy: its reads of the source and writes to the target meet the fault.
        let mirrorPath = server.kind.calendarPath("fault-mirror-\(name)")
        try proxy.inject(fault)
        try converge(
            [
                "mirror", through, proxy.url(mirrorPath).absoluteString, "--source-user", "user", "--target-user", "user",
                "--create", "--state", folder.appendingPathComponent("mirror.state.json").path,
            ],
            proxy: proxy, label: "\(name) mirror")
        try CalendarComparison.assertExportHoldsEveryEventOnce(
            server.url(mirrorPath).absoluteString, input: input,
            events: Self.events, in: folder)

        let output = folder.appendingPathComponent("through-proxy.ics")
        try proxy.inject(exportFault)
        try converge(["export", through, "--user", "user", "-o", output.path], proxy: proxy, label: "\(name) export")
        let exported = try CalendarComparison.compare(input: input, output: output)
        XCTAssertEqual(exported.outputUIDs, Self.events)
        XCTAssertEqual(exported.outputEvents, Self.events)
        XCTAssertEqual(exported.duplicated + exported.missing, [])

        let term = try writeTimetable(in: folder)
        let syncPath = server.kind.calendarPath("fault-sync-\(name)")
        try proxy.inject(fault)
        try converge(
            [
                "sync", term.path, "--to", proxy.url(syncPath).absoluteString, "--user", "user", "--create",
                "--state", folder.appendingPathComponent("term.state.json").path,
            ],
            proxy: proxy, label: "\(name) sync")
        let synced = try CalbridgeCommand.run(["export", server.url(syncPath).absoluteString, "--user", "user"])
        XCTAssertEqual(synced.status, 0, synced.errors)
        let uids = synced.output.components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") }
        XCTAssertEqual(uids.count, Self.lectures, "each lecture once")
        XCTAssertEqual(Set(uids).count, Self.lectures)
    }

    /// A create whose connection is reset once its body went out, with a server answering the
    /// retry's failed `If-None-Match: *` as sabre/dav 4.7 does: the import counts it as already there,
    /// not as "1 failed (412 … If-None-Match …)", and exits 0 with every event there once.
    func aCreateWhoseAnswerWasLostIsAlreadyThere() throws {
        let proxy = try FaultProxy(upstream: server)
        defer { proxy.stop() }
        let folder = try temporaryFolder("fault-unknown-create")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("calendar.ics")
        try GeneratedCalendar.write(events: Self.events, to: input)
        let path = server.kind.calendarPath("unknown-create")
        try proxy.inject(InjectedFault(fault: .resetResponse, methods: ["PUT"], every: 4, sabre412: true))

        let run = try CalbridgeCommand.run(
            [
                "import", input.path, "--to", proxy.url(path).absoluteString, "--user", "user",
                "--create", "--journal", folder.appendingPathComponent("journal").path,
            ],
            environment: Self.environment)
        let counts = try proxy.counts()
        report("unknown create import", counts)
        XCTAssertEqual(run.status, 0, run.errors)
        let summary = run.errors.firstMatch(of: /import: ([0-9]+) created, 0 updated, ([0-9]+) already there, 0 failed/)
        let (created, there) = (Int(summary?.1 ?? "") ?? -1, Int(summary?.2 ?? "") ?? -1)
        XCTAssertEqual(created + there, Self.events, run.errors)
        // A retry may meet a reset of its own, so two faults can settle one create.
        XCTAssertGreaterThanOrEqual(there, 5, run.errors)
        XCTAssertLessThanOrEqual(there, counts.faults, run.errors)
        try CalendarComparison.assertExportHoldsEveryEventOnce(
            server.url(path).absoluteString, input: input,
            events: Self.events, in: folder)
    }

    /// A sync whose lectures are all there already, sent again with no state (so each is an update
    /// with `If-Match`) through resets after every third request's body went out: each update whose
    /// answer was lost is settled by what the server holds, and the sync exits 0.
    func updatesWhoseAnswersWereLostAreSettled() throws {
        let proxy = try FaultProxy(upstream: server)
        defer { proxy.stop() }
        let folder = try temporaryFolder("fault-updates")
        defer { try? FileManager.default.removeItem(at: folder) }
        let term = try writeTimetable(in: folder)
        let through = proxy.url(server.kind.calendarPath("fault-updates")).absoluteString
        let first = try CalbridgeCommand.run([
            "sync", term.path, "--to", through, "--user", "user", "--create",
            "--state", folder.appendingPathComponent("first.json").path,
        ])
        XCTAssertEqual(first.status, 0, first.errors)
        try proxy.inject(InjectedFault(fault: .resetResponse, methods: ["PUT"], every: 3))

        let again = try CalbridgeCommand.run(
            [
                "sync", term.path, "--to", through, "--user", "user",
                "--state", folder.appendingPathComponent("second.json").path,
            ],
            environment: Self.environment)
        let counts = try proxy.counts()
        report("lost updates sync", counts)
        XCTAssertEqual(again.status, 0, again.errors)
        XCTAssertTrue(again.errors.contains("sync: 0 created, \(Self.lectures) updated, 0 deleted"), again.errors)
        XCTAssertGreaterThanOrEqual(counts.faults, 5)
    }

    /// An import into a collection that holds the events already, whose listing REPORT is cut after
    /// some of its responses: exit 75 with the advice to resume (not 69: the server was reached), and
    /// the resume finds every event there.
    func anImportWhoseListingIsCutShortSaysToResume() throws {
        let proxy = try FaultProxy(upstream: server)
        defer { proxy.stop() }
        let folder = try temporaryFolder("fault-listing")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("calendar.ics")
        try GeneratedCalendar.write(events: Self.events, to: input)
        let arguments = [
            "import", input.path, "--to", proxy.url(server.kind.calendarPath("fault-listing")).absoluteString,
            "--user", "user", "--create", "--journal", folder.appendingPathComponent("journal").path,
        ]
        let first = try CalbridgeCommand.run(arguments)
        XCTAssertEqual(first.status, 0, first.errors)
        try proxy.inject(InjectedFault(fault: .cutMultistatus, methods: ["REPORT"], every: 1, most: 1))

        let cut = try CalbridgeCommand.run(arguments)
        XCTAssertEqual(cut.status, 75, cut.errors)
        XCTAssertTrue(cut.errors.contains("broke off after"), cut.errors)
        XCTAssertTrue(cut.errors.contains("run the same command with --resume"), cut.errors)
        let resumed = try CalbridgeCommand.run(arguments + ["--resume"])
        report("cut listing import (2 runs)", try proxy.counts())
        XCTAssertEqual(resumed.status, 0, resumed.errors)
        XCTAssertTrue(resumed.errors.contains("import: 0 created, 0 updated, \(Self.events) already there, 0 failed"), resumed.errors)
    }

    /// A `.well-known/caldav` that answers 404 leads to the server root and its principal (RFC 6764 §6).
    func aWellKnownThatAnswers404FallsBackToTheRoot() throws {
        let made = try CalDAVStore(
            collection: server.url(server.kind.calendarPath("well-known-fallback")), user: "user",
            password: "secret", createIfMissing: (name: "Fallback", color: nil))
        let proxy = try FaultProxy(upstream: server)
        defer { proxy.stop() }
        try proxy.inject(InjectedFault(fault: .wellKnown404))

        let listed = try CalbridgeCommand.run(["calendars", proxy.url("/.well-known/caldav").absoluteString, "--user", "user"])
        report("well-known 404 calendars", try proxy.counts())
        XCTAssertEqual(listed.status, 0, listed.errors)
        let url = made.collectionURL.replacingOccurrences(of: ":\(server.port)/", with: ":\(proxy.process.port)/")
        XCTAssertTrue(listed.output.split(separator: "\n").contains { $0.hasPrefix("Fallback  ") && $0.hasSuffix(url) }, listed.output)
        XCTAssertEqual(try proxy.counts().faults, 1)
    }

    /// A server that takes `limit` requests at once and answers 429 (Retry-After: 1) above: the import
    /// settles at `limit` writes at once or fewer, says so (also in --json), and finishes.
    func anImportSettlesBelowAServersLimit(_ limit: Int) throws {
        let proxy = try FaultProxy(upstream: server)
        defer { proxy.stop() }
        let folder = try temporaryFolder("fault-limit")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("calendar.ics")
        try GeneratedCalendar.write(events: Self.events, to: input)
        let path = server.kind.calendarPath("limited")
        try proxy.inject(InjectedFault(fault: .limit, limit: limit))

        let run = try CalbridgeCommand.run(
            [
                "import", input.path, "--to", proxy.url(path).absoluteString, "--user", "user",
                "--create", "--json",
            ], environment: Self.environment)
        report("limit \(limit) import", try proxy.counts())
        XCTAssertEqual(run.status, 0, run.errors)
        let pace = try XCTUnwrap(
            run.output.firstMatch(of: /"pace": \{"too_many_requests": ([0-9]+), "writes_at_once": ([0-9]+),/),
            run.output)
        XCTAssertGreaterThanOrEqual(Int(pace.1) ?? 0, 1)
        XCTAssertLessThanOrEqual(Int(pace.2) ?? 99, limit, run.output)
        XCTAssertTrue(
            run.errors.contains(/the server answered 429 [0-9]+ times?: settled at [0-9] writes? at once, [0-9]+ a second/),
            run.errors)
        try CalendarComparison.assertExportHoldsEveryEventOnce(
            server.url(path).absoluteString, input: input,
            events: Self.events, in: folder)
    }

    /// Runs calbridge until it exits 0: each run exits 0 or 75 (run again), the runs after the
    /// first with `again` added; at most four runs.
    private func converge(
        _ arguments: [String], again: [String] = [], proxy: FaultProxy, label: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        var runs = 0
        defer { try? report("\(label) (\(runs) run\(runs == 1 ? "" : "s"))", proxy.counts()) }
        while true {
            runs += 1
            let run = try CalbridgeCommand.run(arguments + (runs > 1 ? again : []), environment: Self.environment)
            if run.status == 0 { return }
            XCTAssertEqual(run.status, 75, "run \(runs): \(run.errors)", file: file, line: line)
            guard run.status == 75, runs < 4 else {
                XCTFail("\(label) did not finish in \(runs) runs: \(run.errors)", file: file, line: line)
                return
            }
        }
    }

    func report(_ label: String, _ counts: FaultCounts) {
        FileHandle.standardError.write(Data("fault-proxy: \(server.kind.rawValue) \(label): \(counts)\n".utf8))
    }

    /// A timetable of `lectures` weekly lectures over two weeks.
    private func writeTimetable(in folder: URL) throws -> URL {
        let lectures = (0..<Self.lectures).map { index in
            "{\"id\": \"l\(index)\", \"title\": \"Lecture \(index)\", \"weekday\": \"\(["MO", "TU", "WE", "TH", "FR"][index % 5])\", "
                + "\"start\": \"\(8 + index % 8):00\", \"end\": \"\(8 + index % 8):45\", \"weeks\": \"all\"}"
        }
        let term = folder.appendingPathComponent("term.json")
        try Data(
            """
            {"calendar": {"id": "term", "name": "Term", "timezone": "Europe/Berlin"},
             "term": {"start": "2026-10-12", "end": "2026-10-23", "breaks": []},
             "lectures": [\(lectures.joined(separator: ", "))], "changes": []}
            """.utf8
        ).write(to: term)
        return term
    }
}

/// The faults, each on every Nth request and bounded, so that a run of 50 events meets a few.
enum FaultPlan {
    static let tooMany = InjectedFault(fault: .tooMany, every: 6, most: 3)
    static let unavailableBurst = InjectedFault(fault: .unavailableBurst, every: 9, most: 2, burst: 3)
    static let resetRequest = InjectedFault(fault: .resetRequest, every: 5, most: 5)
    static let resetResponse = InjectedFault(fault: .resetResponse, every: 5, most: 5)
    static let stall = InjectedFault(fault: .stall, every: 8, most: 2, stall: 3)
    static let cutMultistatus = InjectedFault(fault: .cutMultistatus, every: 2, most: 2)

    /// The same fault on the second request and only once: an export sends two or three.
    static func once(_ fault: InjectedFault) -> InjectedFault {
        var once = fault
        (once.every, once.most) = (2, 1)
        return once
    }
}

/// The faults in front of Radicale 3.
final class FaultRadicaleTests: ServerTestCase {
    override class var kind: CalDAVServerKind { .radicale }

    private func run(_ fault: InjectedFault, name: String? = nil) throws {
        try FaultsAgainstServer(server: try server()).everyResourceOnceUnder(fault, exportFault: FaultPlan.once(fault), name: name)
    }

    func testTooManyRequests() throws { try run(FaultPlan.tooMany) }
    func testBurstsOf503() throws { try run(FaultPlan.unavailableBurst) }
    func testResetsInTheMiddleOfARequestBody() throws { try run(FaultPlan.resetRequest) }
    func testResetsInTheMiddleOfAnAnswer() throws { try run(FaultPlan.resetResponse) }
    func testStallsLongerThanTheDeadline() throws { try run(FaultPlan.stall) }
    func testMultistatusAnswersCutShort() throws { try run(FaultPlan.cutMultistatus) }

    /// Resets after the body went out on a seeded tenth of all requests, whatever their method.
    func testASeededShareOfResetsInTheMiddleOfAnAnswer() throws {
        try run(InjectedFault(fault: .resetResponse, share: 0.1, seed: 7, most: 8), name: "seeded-resets")
    }

    /// A second sync over lectures already there: each update's answer may be lost after its body
    /// went out, and the retry's `If-Match` then names the etag the first try replaced.
    func testUpdatesWhoseAnswersWereLostAreSettled() throws {
        try FaultsAgainstServer(server: try server()).updatesWhoseAnswersWereLostAreSettled()
    }

    func testACreateWhoseAnswerWasLostIsAlreadyThere() throws {
        try FaultsAgainstServer(server: try server()).aCreateWhoseAnswerWasLostIsAlreadyThere()
    }

    func testAnImportWhoseListingIsCutShortSaysToResume() throws {
        try FaultsAgainstServer(server: try server()).anImportWhoseListingIsCutShortSaysToResume()
    }

    func testAWellKnownThatAnswers404FallsBackToTheRoot() throws {
        try FaultsAgainstServer(server: try server()).aWellKnownThatAnswers404FallsBackToTheRoot()
    }

    func testAnImportSettlesBelowAServersLimit() throws {
        try FaultsAgainstServer(server: try server()).anImportSettlesBelowAServersLimit(2)
    }

    func testAMirrorSettlesBelowATargetsLimit() throws {
        try FaultsAgainstServer(server: try server()).aMirrorSettlesBelowATargetsLimit(2)
    }
}

/// The faults in front of Xandikos.
final class FaultXandikosTests: ServerTestCase {
    override class var kind: CalDAVServerKind { .xandikos }

    private func run(_ fault: InjectedFault) throws {
        try FaultsAgainstServer(server: try server()).everyResourceOnceUnder(fault, exportFault: FaultPlan.once(fault))
    }

    func testTooManyRequests() throws { try run(FaultPlan.tooMany) }
    func testBurstsOf503() throws { try run(FaultPlan.unavailableBurst) }
    func testResetsInTheMiddleOfARequestBody() throws { try run(FaultPlan.resetRequest) }
    func testResetsInTheMiddleOfAnAnswer() throws { try run(FaultPlan.resetResponse) }
    func testStallsLongerThanTheDeadline() throws { try run(FaultPlan.stall) }
    func testMultistatusAnswersCutShort() throws { try run(FaultPlan.cutMultistatus) }

    func testUpdatesWhoseAnswersWereLostAreSettled() throws {
        try FaultsAgainstServer(server: try server()).updatesWhoseAnswersWereLostAreSettled()
    }

    func testACreateWhoseAnswerWasLostIsAlreadyThere() throws {
        try FaultsAgainstServer(server: try server()).aCreateWhoseAnswerWasLostIsAlreadyThere()
    }

    func testAnImportWhoseListingIsCutShortSaysToResume() throws {
        try FaultsAgainstServer(server: try server()).anImportWhoseListingIsCutShortSaysToResume()
    }

    func testAWellKnownThatAnswers404FallsBackToTheRoot() throws {
        try FaultsAgainstServer(server: try server()).aWellKnownThatAnswers404FallsBackToTheRoot()
    }

    func testAnImportSettlesBelowAServersLimit() throws {
        try FaultsAgainstServer(server: try server()).anImportSettlesBelowAServersLimit(2)
    }

    func testAMirrorSettlesBelowATargetsLimit() throws {
        try FaultsAgainstServer(server: try server()).aMirrorSettlesBelowATargetsLimit(2)
    }
}
