import Foundation
import XCTest

/// A server that goes down in the middle of `calbridge sync`: the run stops with exit 75 and leaves
/// the state file as it was, so the same sync run again once the server is back brings every lecture
/// to its new version. (Had the state been saved, the lectures not yet written would count as
/// unchanged from then on, and the store would keep their old rooms for good.)
struct ServerRestartDuringSync {
    let server: CalDAVTestServer
    /// Lectures in the timetable: enough that the sync is still writing when the server goes down.
    var lectures = 200

    func syncEndsWithExit75AndTheSameSyncAgainWritesEveryChange() throws {
        let folder = try temporaryFolder("sync-restart")
        defer { try? FileManager.default.removeItem(at: folder) }
        let timetable = folder.appendingPathComponent("term.json")
        let state = folder.appendingPathComponent("term.state.json")
        let collection = server.url(server.kind.calendarPath("sync-restart")).absoluteString
        let arguments = ["sync", timetable.path, "--to", collection, "--user", "user", "--state", state.path, "--create"]

        try Data(term(roomPrefix: "OLD").utf8).write(to: timetable)
        let first = try CalbridgeCommand.run(arguments)
        XCTAssertEqual(first.status, 0, first.errors)
        let stateBefore = try Data(contentsOf: state)

        try Data(term(roomPrefix: "NEW").utf8).write(to: timetable)
        let log = folder.appendingPathComponent("sync.log")
        let syncer = try CalbridgeCommand.start(arguments, log: log)
        try waitUntil(storageMentions: "LOCATION:NEW-", times: 20, while: syncer)
        server.halt(with: SIGKILL)
        syncer.waitUntilExit()
        let said = try String(contentsOf: log, encoding: .utf8)
        XCTAssertEqual(syncer.terminationStatus, 75, said)
        XCTAssertTrue(said.contains("run the same sync again once the server is back"), said)
        XCTAssertEqual(try Data(contentsOf: state), stateBefore, "the state file changed although the sync stopped part-way")

        try server.restart()
        let again = try CalbridgeCommand.run(arguments)
        XCTAssertEqual(again.status, 0, again.errors)
        let exported = try CalbridgeCommand.run(["export", collection, "--user", "user"])
        XCTAssertEqual(exported.status, 0, exported.errors)
        let rooms = exported.output.components(separatedBy: "\r\n").filter { $0.hasPrefix("LOCATION:") }
        XCTAssertEqual(rooms.sorted(), (0..<lectures).map { "LOCATION:NEW-\($0)" }.sorted())
    }

    /// A two-week term with `lectures` weekly lectures, each in room `<roomPrefix>-<number>`.
    private func term(roomPrefix: String) -> String {
        let weekdays = ["MO", "TU", "WE", "TH", "FR"]
        let items = (0..<lectures).map { number in
            let hour = 8 + number / weekdays.count % 10
            return """
                {"id": "L\(number)", "title": "Lecture \(number)", "kind": "Vorlesung", "lecturer": "Prof. \(number)", \
                "room": "\(roomPrefix)-\(number)", "weekday": "\(weekdays[number % weekdays.count])", \
                "start": "\(hour):00", "end": "\(hour):45", "weeks": "all"}
                """
        }
        return """
            {"calendar": {"id": "restart", "name": "Restart", "color": "#1E90FF", "timezone": "Europe/Berlin"},
             "term": {"start": "2026-10-12", "end": "2026-10-23", "breaks": []},
             "lectures": [\(items.joined(separator: ",\n"))], "changes": []}
            """
    }

    /// Waits until `times` of the server's stored items contain `text`.
    private func waitUntil(storageMentions text: String, times: Int, while syncer: Process) throws {
        let deadline = Date().addingTimeInterval(300)
        while Date() < deadline, syncer.isRunning {
            let items =
                FileManager.default.enumerator(at: server.storage, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "ics" } ?? []
            let written = items.filter { (try? String(contentsOf: $0, encoding: .utf8))?.contains(text) == true }.count
            if written >= times { return }
            usleep(50_000)
        }
        throw ToolFailed(description: "the sync ended or stalled before the server held \(times) items with \(text)")
    }
}
