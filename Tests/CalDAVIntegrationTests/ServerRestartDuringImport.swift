import CalendarStores
import Foundation
import XCTest

/// A server that goes down in the middle of `calbridge import` and comes back on the same port
/// with the same storage: the importer retries within its budget, then stops with exit 75 and
/// says to resume, its journal readable and partly filled; `--resume` then sends the rest, and the
/// collection holds every event of the input exactly once, as it was.
struct ServerRestartDuringImport {
    let server: CalDAVTestServer
    /// SIGKILL is a crash; SIGTERM a shutdown that lets the request being written finish.
    let signal: Int32
    /// Series in the calendar: enough that the import is still running when the server goes down.
    var events = 500

    func importEndsWithExit75AndResumeFinishesItWithEveryEventOnce() throws {
        let folder = try temporaryFolder("restart")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("calendar.ics")
        let journal = folder.appendingPathComponent("calendar.journal")
        try GeneratedCalendar.write(events: events, to: input)
        let collection = server.url(server.kind.calendarPath("restart")).absoluteString
        let arguments = ["import", input.path, "--to", collection, "--user", "user", "--journal", journal.path, "--create"]

        let importer = try CalbridgeCommand.start(arguments, log: folder.appendingPathComponent("import.log"))
        try waitUntil(journalHolds: 100, journal, while: importer)
        server.halt(with: signal)
        importer.waitUntilExit()
        let log = try String(contentsOf: folder.appendingPathComponent("import.log"), encoding: .utf8)
        XCTAssertEqual(importer.terminationStatus, 75, log)
        XCTAssertTrue(log.contains("the store stopped answering after"), log)
        XCTAssertTrue(log.contains("run the same command with --resume once the server is back"), log)
        let recorded = try JSONDecoder().decode(ImportJournal.self, from: Data(contentsOf: journal)).entries.count
        XCTAssertGreaterThanOrEqual(recorded, 100)
        XCTAssertLessThan(recorded, events)

        try server.restart()
        let resumed = try CalbridgeCommand.run(arguments + ["--resume"])
        XCTAssertEqual(resumed.status, 0, resumed.errors)
        // What the journal recorded and what got there after its last save are both left alone.
        let already = resumed.errors.firstMatch(of: /([0-9]+) created, 0 updated, ([0-9]+) already there, 0 failed/)
        let (created, there) = (Int(already?.1 ?? "") ?? -1, Int(already?.2 ?? "") ?? -1)
        XCTAssertGreaterThanOrEqual(there, recorded, resumed.errors)
        XCTAssertEqual(created + there, events, resumed.errors)
        let finished = try JSONDecoder().decode(ImportJournal.self, from: Data(contentsOf: journal))
        XCTAssertEqual(finished.entries.count, events)

        try CalendarComparison.assertExportHoldsEveryEventOnce(collection, input: input, events: events, in: folder)
    }

    /// Waits until the journal (saved every 50 resources) records `count` resources.
    private func waitUntil(journalHolds count: Int, _ journal: URL, while importer: Process) throws {
        let deadline = Date().addingTimeInterval(300)
        while Date() < deadline, importer.isRunning {
            if let data = try? Data(contentsOf: journal),
                let read = try? JSONDecoder().decode(ImportJournal.self, from: data), read.entries.count >= count
            {
                return
            }
            usleep(50_000)
        }
        throw ToolFailed(description: "the import ended or stalled before its journal held \(count) resources")
    }
}
