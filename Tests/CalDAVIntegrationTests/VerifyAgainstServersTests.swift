import Foundation
import XCTest

/// `calbridge verify` between a directory and a real server, each given the same file by `import`:
/// they agree although the server reorders every resource's properties (Radicale and Xandikos both
/// do), and so does a `mirror` of the collection; a SUMMARY changed on the server, an override it
/// lost and a resource only it holds are each found, in the JSON form, with exit 1.
struct VerifyAgainstServer {
    let kind: CalDAVServerKind
    let server: CalDAVTestServer

    private static let sample = CalbridgeCommand.root.appendingPathComponent("Samples/university-courses.ics")

    func agreesAfterOneImportAndFindsPlantedDifferences() throws {
        let folder = try temporaryFolder("verify")
        defer { try? FileManager.default.removeItem(at: folder) }
        let collection = server.url(kind.calendarPath("verify")).absoluteString
        let directory = folder.appendingPathComponent("store").path
        for store in [directory, collection] {
            let imported = try CalbridgeCommand.run(["import", Self.sample.path, "--to", store, "--user", "user", "--create"])
            XCTAssertEqual(imported.status, 0, imported.errors)
        }
        let agreeing = try CalbridgeCommand.run(["verify", directory, collection, "--target-user", "user"])
        XCTAssertEqual(agreeing.status, 0, agreeing.output + agreeing.errors)
        XCTAssertEqual(agreeing.output, "")
        XCTAssertTrue(
            agreeing.errors.contains("verify: 3 on both, 3 agree, 0 differ; 0 missing on the target, 0 only on the target"),
            agreeing.errors)
        // A mirror of the server's collection into another agrees with both.
        let mirrored = server.url(kind.calendarPath("verify-mirror")).absoluteString
        let mirror = try CalbridgeCommand.run([
            "mirror", collection, mirrored, "--source-user", "user", "--target-user", "user", "--create",
        ])
        XCTAssertEqual(mirror.status, 0, mirror.errors)
        for (source, target) in [(collection, mirrored), (directory, mirrored)] {
            let verified = try CalbridgeCommand.run(["verify", source, target, "--source-user", "user", "--target-user", "user"])
            XCTAssertEqual(verified.status, 0, "\(source) → \(target): " + verified.output + verified.errors)
        }

        // The server's copy changes: a SUMMARY, an override gone (the whole resource rewritten
        // without it), and a resource the directory lacks.
        let text = try String(contentsOf: Self.sample, encoding: .utf8)
        let override = try XCTUnwrap(
            text.range(
                of: "BEGIN:VEVENT\r\nUID:umh-ss26-ti-vl@vvz.uni-musterhausen.example.de\r\nDTSTAMP:20260610T090000Z\r\n"
                    + "RECURRENCE-ID"))
        let overrideEnd = try XCTUnwrap(text.range(of: "END:VEVENT\r\n", range: override.upperBound..<text.endIndex))
        var changed = text
        changed.removeSubrange(override.lowerBound..<overrideEnd.upperBound)
        changed = changed.replacingOccurrences(of: "SUMMARY:Statistik für Informatik (Übung)", with: "SUMMARY:Statistik (Übung)")
        let changedFile = folder.appendingPathComponent("changed.ics")
        try changed.write(to: changedFile, atomically: true, encoding: .utf8)
        let extraFile = folder.appendingPathComponent("extra.ics")
        try
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//calbridge tests//EN\r\nBEGIN:VEVENT\r\nUID:extra-1@calbridge.test\r\nDTSTAMP:20260101T000000Z\r\n"
            .appending("DTSTART:20260701T100000Z\r\nDURATION:PT1H\r\nSUMMARY:Only on the server\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
            .write(to: extraFile, atomically: true, encoding: .utf8)
        let planted = try CalbridgeCommand.run(["import", changedFile.path, extraFile.path, "--to", collection, "--user", "user"])
        XCTAssertEqual(planted.status, 0, planted.errors)

        let differing = try CalbridgeCommand.run(["verify", directory, collection, "--target-user", "user", "--json"])
        XCTAssertEqual(differing.status, 1, differing.errors)
        XCTAssertEqual(
            differing.output,
            """
            {"uid": "extra-1@calbridge.test", "status": "extra", "difference": null}
            {"uid": "umh-ss26-stat-ue@vvz.uni-musterhausen.example.de", "status": "different", \
            "difference": "VEVENT SUMMARY: \\"Statistik für Informatik (Übung)\\" on the source, \\"Statistik (Übung)\\" on the target"}
            {"uid": "umh-ss26-ti-vl@vvz.uni-musterhausen.example.de", "status": "different", \
            "difference": "VEVENT override 20260622T101500 is missing on the target"}

            """)
    }
}

final class VerifyAgainstRadicaleTests: ServerTestCase {
    override class var kind: CalDAVServerKind { .radicale }

    func testVerifyAgreesAfterOneImportAndFindsPlantedDifferences() throws {
        try VerifyAgainstServer(kind: Self.kind, server: try server()).agreesAfterOneImportAndFindsPlantedDifferences()
    }
}

final class VerifyAgainstXandikosTests: ServerTestCase {
    override class var kind: CalDAVServerKind { .xandikos }

    func testVerifyAgreesAfterOneImportAndFindsPlantedDifferences() throws {
        try VerifyAgainstServer(kind: Self.kind, server: try server()).agreesAfterOneImportAndFindsPlantedDifferences()
    }
}

/// verify exits as export does when a store cannot be read: 66 for a directory that is not there,
/// 69 for a server nobody answers at (port 9, discard, which nothing serves here).
final class VerifyExitCodesTests: XCTestCase {
    func testAMissingStoreIs66AndAServerThatCannotBeReachedIs69() throws {
        let folder = try temporaryFolder("verify-exits")
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = try CalbridgeCommand.run(["verify", folder.path, folder.appendingPathComponent("nowhere").path])
        XCTAssertEqual(missing.status, 66, missing.errors)
        XCTAssertTrue(missing.errors.contains("nowhere: No such file or directory"), missing.errors)
        let unreachable = try CalbridgeCommand.run(["verify", folder.path, "http://127.0.0.1:9/dav/", "--target-user", "user"])
        XCTAssertEqual(unreachable.status, 69, unreachable.errors)
        XCTAssertTrue(unreachable.errors.contains("connection refused"), unreachable.errors)
        let empty = try CalbridgeCommand.run(["verify", folder.path, folder.path])
        XCTAssertEqual(empty.status, 0, empty.errors)
    }
}
