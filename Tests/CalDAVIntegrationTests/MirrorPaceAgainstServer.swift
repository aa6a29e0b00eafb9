import Foundation
import XCTest

extension FaultsAgainstServer {
    /// A target that takes `limit` requests at once and answers 429 (Retry-After: 1) above, the source
    /// read directly: the mirror settles at `limit` writes at once or fewer, says the pace it settled
    /// at in its summary line and its --json report, and copies every event once.
    func aMirrorSettlesBelowATargetsLimit(_ limit: Int) throws {
        let proxy = try FaultProxy(upstream: server)
        defer { proxy.stop() }
        let folder = try temporaryFolder("fault-mirror-limit")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("calendar.ics")
        try GeneratedCalendar.write(events: Self.events, to: input)
        let source = server.url(server.kind.calendarPath("mirror-limit-source")).absoluteString
        let filled = try CalbridgeCommand.run(["import", input.path, "--to", source, "--user", "user", "--create"])
        XCTAssertEqual(filled.status, 0, filled.errors)
        let targetPath = server.kind.calendarPath("mirror-limit-target")
        try proxy.inject(InjectedFault(fault: .limit, limit: limit))

        let run = try CalbridgeCommand.run(
            [
                "mirror", source, proxy.url(targetPath).absoluteString, "--source-user", "user",
                "--target-user", "user", "--create", "--json",
                "--state", folder.appendingPathComponent("mirror.state.json").path,
            ],
            environment: Self.environment)
        let counts = try proxy.counts()
        report("limit \(limit) mirror", counts)
        XCTAssertEqual(run.status, 0, run.errors)
        let pace = try XCTUnwrap(
            run.output.firstMatch(
                of: /"pace": \{"too_many_requests": ([0-9]+), "writes_at_once": ([0-9]+), "writes_per_second": ([0-9]+)\}/),
            run.output)
        // Every 429 the proxy sent reached the writes' pace: the source was not behind the proxy.
        XCTAssertEqual(Int(pace.1), counts.faults, run.output)
        XCTAssertGreaterThanOrEqual(counts.faults, 1)
        XCTAssertLessThanOrEqual(Int(pace.2) ?? 99, limit, run.output)
        XCTAssertGreaterThan(Int(pace.3) ?? 0, 0, run.output)
        XCTAssertTrue(run.errors.contains("mirror: \(Self.events) created, 0 updated, 0 deleted; "), run.errors)
        XCTAssertTrue(
            run.errors.contains("; the server answered 429 \(pace.1) time\(pace.1 == "1" ? "" : "s"): settled at \(pace.2) write"),
            run.errors)
        try CalendarComparison.assertExportHoldsEveryEventOnce(
            server.url(targetPath).absoluteString, input: input,
            events: Self.events, in: folder)
    }
}
