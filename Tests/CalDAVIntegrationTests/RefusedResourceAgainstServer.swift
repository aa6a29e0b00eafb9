import Foundation
import XCTest

/// A server that fails on one particular resource (500, every time) while it stores the others: the
/// import sends every other resource, lists the refused one, exits 1 (`--json` names it in
/// "failed"), and the same command with --resume, once the server takes it, sends only that one.
struct RefusedResourceAgainstServer {
    let server: CalDAVTestServer

    func theOtherResourcesGoOnAndAResumeSendsOnlyTheRefusedOne() throws {
        let (proxy, refuse) = try RefusingProxyScript.start(upstream: server)
        defer { proxy.stop() }
        let folder = try temporaryFolder("refused")
        defer { try? FileManager.default.removeItem(at: folder) }
        let uids = (0..<20).map { String(format: "item-%02d-calbridge-test", $0) }
        let input = folder.appendingPathComponent("items.ics")
        try Data(calendar(uids).utf8).write(to: input)
        try "item-07-calbridge-test.ics".write(to: refuse, atomically: true, encoding: .utf8)
        let collection = proxy.url(server.kind.calendarPath("refused")).absoluteString
        let arguments = [
            "import", input.path, "--to", collection, "--user", "user", "--create", "--json",
            "--journal", folder.appendingPathComponent("journal").path,
        ]

        let first = try CalbridgeCommand.run(arguments)
        XCTAssertEqual(first.status, 1, first.errors)
        XCTAssertTrue(
            first.errors.hasPrefix(
                #"{"kind": "summary", "file": null, "line": null, "column": null, "severity": null, "message": "import: 19 created, 0 updated, 0 already there, 1 failed"#
            ), first.errors)
        XCTAssertTrue(first.errors.contains("item-07-calbridge-test: the server kept failing on it: PUT "), first.errors)
        XCTAssertTrue(first.output.contains("\"failed\": [{\"uid\": \"item-07-calbridge-test\", \"error\": "), first.output)

        try "".write(to: refuse, atomically: true, encoding: .utf8)
        let again = try CalbridgeCommand.run(arguments + ["--resume"])
        XCTAssertEqual(again.status, 0, again.errors)
        XCTAssertTrue(
            again.errors.hasPrefix(
                #"{"kind": "summary", "file": null, "line": null, "column": null, "severity": null, "message": "import: 1 created, 0 updated, 19 already there, 0 failed"#
            ), again.errors)
        let exported = try CalbridgeCommand.run(["export", collection, "--user", "user"])
        let found = exported.output.components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") }.map { String($0.dropFirst(4)) }
        XCTAssertEqual(found.sorted(), uids)
    }

    /// `sync` with one lecture refused: the others are written, the refused one is named, the run
    /// exits 1 and leaves the state file as it was (here: not there yet), so the next sync, once the
    /// store takes it, writes it and saves the state.
    func aRefusedLectureIsListedAndTheStateFileWaitsForTheSyncThatGetsItThere() throws {
        let (proxy, refuse) = try RefusingProxyScript.start(upstream: server)
        defer { proxy.stop() }
        let folder = try temporaryFolder("refused-sync")
        defer { try? FileManager.default.removeItem(at: folder) }
        let timetable = folder.appendingPathComponent("term.json")
        let state = folder.appendingPathComponent("term.state.json")
        let lectures = ["l0", "l1", "refused-lecture", "l3"].enumerated().map { index, id in
            "{\"id\": \"\(id)\", \"title\": \"Lecture \(index)\", \"weekday\": \"MO\", \"start\": \"\(8 + index):00\", \"end\": \"\(8 + index):45\", \"weeks\": \"all\"}"
        }
        try Data(
            """
            {"calendar": {"id": "term", "name": "Term", "timezone": "Europe/Berlin"},
             "term": {"start": "2026-10-12", "end": "2026-10-23", "breaks": []},
             "lectures": [\(lectures.joined(separator: ", "))], "changes": []}
            """.utf8
        ).write(to: timetable)
        try "refused-lecture".write(to: refuse, atomically: true, encoding: .utf8)
        let collection = proxy.url(server.kind.calendarPath("refused-sync")).absoluteString
        let arguments = ["sync", timetable.path, "--to", collection, "--user", "user", "--state", state.path, "--create"]

        let first = try CalbridgeCommand.run(arguments)
        XCTAssertEqual(first.status, 1, first.errors)
        XCTAssertTrue(first.errors.contains("sync: 3 created, 0 updated, 0 deleted, 0 untouched"), first.errors)
        XCTAssertTrue(
            first.errors.contains(
                """
                calbridge: the store refused 1 of the changes; the state file is unchanged, so the next sync tries them again:
                  term-refused-lecture@calbridge: 
                """), first.errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: state.path), "the state was saved although a lecture is missing")

        try "".write(to: refuse, atomically: true, encoding: .utf8)
        let again = try CalbridgeCommand.run(arguments)
        XCTAssertEqual(again.status, 0, again.errors)
        // With no state yet every lecture counts as new: the three already there are written again.
        XCTAssertTrue(again.errors.contains("sync: 1 created, 3 updated, 0 deleted, 0 untouched"), again.errors)
        XCTAssertTrue(FileManager.default.fileExists(atPath: state.path))
    }

    private func calendar(_ uids: [String]) -> String {
        let events = uids.enumerated().map { index, uid in
            "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20260302T\(String(format: "%02d", index))0000Z\r\n"
                + "DURATION:PT30M\r\nSUMMARY:Item \(index)\r\nEND:VEVENT\r\n"
        }
        return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//calbridge tests//EN\r\n" + events.joined() + "END:VCALENDAR\r\n"
    }
}

/// One refused resource, with Radicale 3.9 behind the proxy.
final class RadicaleRefusedResourceTests: ServerTestCase {
    override class var kind: CalDAVServerKind { .radicale }

    func testTheOtherResourcesGoOnAndAResumeSendsOnlyTheRefusedOne() throws {
        try RefusedResourceAgainstServer(server: try server()).theOtherResourcesGoOnAndAResumeSendsOnlyTheRefusedOne()
    }

    func testARefusedLectureIsListedAndTheStateFileWaitsForTheSyncThatGetsItThere() throws {
        try RefusedResourceAgainstServer(server: try server()).aRefusedLectureIsListedAndTheStateFileWaitsForTheSyncThatGetsItThere()
    }
}
