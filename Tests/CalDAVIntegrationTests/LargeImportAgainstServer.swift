import Foundation
import XCTest

/// A generated calendar of many events imported into a real server, exported back and compared
/// event by event with the input; a second run with --resume then finds every event already there.
///
/// The size is CALBRIDGE_LARGE_IMPORT_EVENTS when set; unset, 2,000 events for Cyrus and 1,000 for
/// Radicale and Xandikos. The issue asks for 20,000, which neither Python server takes within a CI run:
/// each creating PUT costs them time in proportion to what the collection already holds. Radicale
/// 3.9.0 checks the new UID against every stored item (`has_uid` reads each item's cache entry):
/// measured in-process on the 2-core development machine, 4.8 ms of CPU per PUT into an empty
/// collection, 44 ms at 1,000 items, 211 ms at 5,000 and 966 ms at 20,000. Xandikos 0.4.10 rescans
/// its UIDs and rewrites the collection's git index and tree with every commit (server CPU 16 ms per
/// PUT over the first 250 items, 53 ms from 750 to 1,000) and keeps each tree as a loose object. So
/// the test's time grows with the square of its size: in a fresh-clone `Scripts/test` of 2026-11-29,
/// 2,000 events took 341 s (Radicale) and 328 s (Xandikos), 1,000 took 89–100 s and 95–96 s; Cyrus
/// took 65–72 s for 2,000 and keeps that size. An import sends its resources as one batch whatever
/// their number, so 1,000 run the same code as 2,000.
struct LargeImportAgainstServer {
    let server: CalDAVTestServer

    /// The events to import: CALBRIDGE_LARGE_IMPORT_EVENTS, or the server's default size.
    var events: Int {
        let fallback = server.kind == .cyrus ? 2_000 : 1_000
        return ProcessInfo.processInfo.environment["CALBRIDGE_LARGE_IMPORT_EVENTS"].flatMap { Int($0) } ?? fallback
    }

    func everyEventArrivesOnceAndComesBackAsItWent() throws {
        let events = self.events
        let folder = try temporaryFolder("large")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("calendar-\(events).ics")
        try GeneratedCalendar.write(events: events, to: input)
        let collection = server.url(server.kind.calendarPath("large")).absoluteString
        let arguments = [
            "import", input.path, "--to", collection, "--user", "user", "--create",
            "--journal", folder.appendingPathComponent("journal").path,
        ]

        let imported = try CalbridgeCommand.run(arguments)
        XCTAssertEqual(imported.status, 0, imported.errors)
        XCTAssertTrue(imported.errors.hasPrefix("import: \(events) created, 0 updated, 0 already there, 0 failed"), imported.errors)

        try CalendarComparison.assertExportHoldsEveryEventOnce(collection, input: input, events: events, in: folder)

        let again = try CalbridgeCommand.run(arguments + ["--resume"])
        XCTAssertEqual(again.status, 0, again.errors)
        XCTAssertTrue(again.errors.hasPrefix("import: 0 created, 0 updated, \(events) already there, 0 failed"), again.errors)
    }
}

/// A large import into Radicale 3.9.
final class RadicaleLargeImportTests: ServerTestCase {
    override class var kind: CalDAVServerKind { .radicale }

    func testEveryEventArrivesOnceAndComesBackAsItWent() throws {
        try LargeImportAgainstServer(server: try server()).everyEventArrivesOnceAndComesBackAsItWent()
    }
}

/// A large import into Xandikos 0.4.
final class XandikosLargeImportTests: ServerTestCase {
    override class var kind: CalDAVServerKind { .xandikos }

    func testEveryEventArrivesOnceAndComesBackAsItWent() throws {
        try LargeImportAgainstServer(server: try server()).everyEventArrivesOnceAndComesBackAsItWent()
    }
}

/// A large import into Cyrus IMAP 3.6's CalDAV.
final class CyrusLargeImportTests: ServerTestCase {
    override class var kind: CalDAVServerKind { .cyrus }

    func testEveryEventArrivesOnceAndComesBackAsItWent() throws {
        try LargeImportAgainstServer(server: try server()).everyEventArrivesOnceAndComesBackAsItWent()
    }
}
