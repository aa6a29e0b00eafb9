import Foundation
import XCTest

/// A server that fails on one particular resource (500, every time) while it stores the others: the
/// import sends every other resource, lists the refused one, exits 1 (`--json` names it in
/// "failed"), and the same command with --resume, once the server takes it, sends only that one.
struct RefusedResourceAgainstServer {
    let server: CalDAVTestServer

    func theOtherResourcesGoOnAndAResumeSendsOnlyTheRefusedOne() throws {
        guard let bin = CalDAVTestServer.binFolder() else { throw XCTSkip("no .venv python to run the proxy") }
        let (proxy, refuse) = try RefusingProxyScript.start(python: bin.appendingPathComponent("python"), upstream: server)
        defer { proxy.stop() }
        let folder = try temporaryFolder("refused")
        defer { try? FileManager.default.removeItem(at: folder) }
        let uids = (0..<20).map { String(format: "item-%02d-calbridge-test", $0) }
        let input = folder.appendingPathComponent("items.ics")
        try Data(calendar(uids).utf8).write(to: input)
        try "item-07-calbridge-test.ics".write(to: refuse, atomically: true, encoding: .utf8)
        let collection = proxy.url(server.kind.calendarPath("refused")).absoluteString
        let arguments = ["import", input.path, "--to", collection, "--user", "user", "--create", "--json",
                         "--journal", folder.appendingPathComponent("journal").path]

        let first = try CalbridgeCommand.run(arguments)
        XCTAssertEqual(first.status, 1, first.errors)
        XCTAssertTrue(first.errors.hasPrefix("import: 19 created, 0 updated, 0 already there, 1 failed"), first.errors)
        XCTAssertTrue(first.errors.contains("item-07-calbridge-test: the server kept failing on it: PUT "), first.errors)
        XCTAssertTrue(first.output.contains("\"failed\": [{\"uid\": \"item-07-calbridge-test\", \"error\": "), first.output)

        try "".write(to: refuse, atomically: true, encoding: .utf8)
        let again = try CalbridgeCommand.run(arguments + ["--resume"])
        XCTAssertEqual(again.status, 0, again.errors)
        XCTAssertTrue(again.errors.hasPrefix("import: 1 created, 0 updated, 19 already there, 0 failed"), again.errors)
        let exported = try CalbridgeCommand.run(["export", collection, "--user", "user"])
        let found = exported.output.components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") }.map { String($0.dropFirst(4)) }
        XCTAssertEqual(found.sorted(), uids)
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
}
