import Foundation
import XCTest

/// What `export` asks a real server, as a proxy in front of it sees: one PROPFIND (discovery) and one
/// calendar-query REPORT for the whole collection; with `--from/--to` the REPORT for the events
/// carries the window as a time-range filter, a day wider at each end (the tasks' REPORT does not),
/// and the calendar written holds only the series with an occurrence in the window.
struct ExportRequestsAgainstServer {
    let server: CalDAVTestServer

    func anExportAsksOnePropfindAndOneReportAndAWindowGoesToTheServer() throws {
        let (proxy, refuse) = try RefusingProxyScript.start(upstream: server)
        defer { proxy.stop() }
        let folder = try temporaryFolder("export-requests")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("months.ics")
        try Data(calendar(months: 1...6).utf8).write(to: input)
        let collection = proxy.url(server.kind.calendarPath("export-requests")).absoluteString
        let imported = try CalbridgeCommand.run(["import", input.path, "--to", collection, "--user", "user", "--create"])
        XCTAssertEqual(imported.status, 0, imported.errors)
        let log = RefusingProxyScript.requestLog(beside: refuse)
        let path = server.kind.calendarPath("export-requests")

        try Data().write(to: log)
        let whole = try CalbridgeCommand.run(["export", collection, "--user", "user"])
        XCTAssertEqual(whole.status, 0, whole.errors)
        XCTAssertEqual(uids(whole.output), (1...6).map { "month-\($0)-export-requests" })
        XCTAssertEqual(try requests(log), ["PROPFIND \(path)", "REPORT \(path)"])

        try Data().write(to: log)
        let march = try CalbridgeCommand.run(["export", collection, "--user", "user", "--from", "2026-03-01", "--to", "2026-04-01"])
        XCTAssertEqual(march.status, 0, march.errors)
        XCTAssertEqual(uids(march.output), ["month-3-export-requests"])
        let range = "REPORT \(path) time-range start=\"20260228T000000Z\" end=\"20260402T000000Z\""
        XCTAssertEqual(try requests(log), ["PROPFIND \(path)", range, "REPORT \(path)"])
    }

    private func requests(_ log: URL) throws -> [String] {
        try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    private func uids(_ text: String) -> [String] {
        text.components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") }.map { String($0.dropFirst(4)) }.sorted()
    }

    /// One event in the middle of each month, UIDs of this test's own (Cyrus refuses a UID another calendar holds).
    private func calendar(months: ClosedRange<Int>) -> String {
        let events = months.map { month in
            "BEGIN:VEVENT\r\nUID:month-\(month)-export-requests\r\nDTSTAMP:20260101T000000Z\r\n"
                + "DTSTART:2026\(String(format: "%02d", month))15T100000Z\r\nDURATION:PT1H\r\nSUMMARY:Month \(month)\r\nEND:VEVENT\r\n"
        }
        return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//calbridge tests//EN\r\n" + events.joined() + "END:VCALENDAR\r\n"
    }
}

/// What export asks Radicale 3.9.
final class RadicaleExportRequestsTests: ServerTestCase {
    override class var kind: CalDAVServerKind { .radicale }

    func testAnExportAsksOnePropfindAndOneReportAndAWindowGoesToTheServer() throws {
        try ExportRequestsAgainstServer(server: try server()).anExportAsksOnePropfindAndOneReportAndAWindowGoesToTheServer()
    }
}

/// What export asks Cyrus IMAP 3.6's CalDAV.
final class CyrusExportRequestsTests: ServerTestCase {
    override class var kind: CalDAVServerKind { .cyrus }

    func testAnExportAsksOnePropfindAndOneReportAndAWindowGoesToTheServer() throws {
        try ExportRequestsAgainstServer(server: try server()).anExportAsksOnePropfindAndOneReportAndAWindowGoesToTheServer()
    }
}
