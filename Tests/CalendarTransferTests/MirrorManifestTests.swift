import CalendarModel
import CalendarTransfer
import Foundation
import XCTest

/// Manifests of mirror rows: a source and a target a row, each with its user, calendar and the
/// environment variable of its password; a state file a row, named after the row; `--shard` counts
/// them as it counts import rows; `mirror --manifest` and `verify --manifest` run them.
final class MirrorManifestTests: XCTestCase {
    private func read(_ text: String) throws -> ImportManifest {
        try ImportManifest.read(Array(text.utf8), path: "/jobs/users.csv")
    }

    private func problems(_ text: String) -> [String] {
        do {
            _ = try read(text)
            return []
        } catch {
            return ((error as? InvalidCalendarData)?.diagnostics ?? []).map(\.description)
        }
    }

    func testAHeaderWithSourceAndTargetMakesMirrorRowsWithTheirOwnCredentials() throws {
        let manifest = try read(
            """
            source,target,source_user,source_password_env,target_user,target_calendar,target_password_env
            https://old.example.org/dav/alice/work/,https://new.example.org/,alice,OLD_PASSWORD,alice,Work,NEW_PASSWORD
            ../vdirs/bob,https://new.example.org/dav/bob/calendar/,,,bob,,
            """)
        XCTAssertTrue(manifest.rows.isEmpty)
        XCTAssertEqual(manifest.mirrorRows.count, 2)
        let alice = manifest.mirrorRows[0], bob = manifest.mirrorRows[1]
        XCTAssertEqual(alice.source.location, "https://old.example.org/dav/alice/work/")
        XCTAssertEqual(alice.source.user, "alice")
        XCTAssertEqual(alice.source.passwordVariable, "OLD_PASSWORD")
        XCTAssertEqual(alice.target.calendar, "Work")
        XCTAssertEqual(alice.target.passwordVariable, "NEW_PASSWORD")
        XCTAssertEqual(alice.source.access(in: ["OLD_PASSWORD": "o", "NEW_PASSWORD": "n"]).password, "o")
        XCTAssertEqual(alice.target.access(in: ["OLD_PASSWORD": "o", "NEW_PASSWORD": "n"]).password, "n")
        XCTAssertEqual(bob.source.location, "/vdirs/bob")
        XCTAssertNil(bob.source.user)
        XCTAssertEqual(bob.target.passwordVariable, "CALBRIDGE_PASSWORD")
        XCTAssertEqual([alice.line, bob.line], [2, 3])
    }

    func testEachRowHasAStateNamedAfterItsPairThatSurvivesReordering() throws {
        let rows =
            "https://old.example.org/a/,https://new.example.org/a/,alice\nhttps://old.example.org/b/,https://new.example.org/b/,bob\n"
        let first = try read("source,target,target_user\n" + rows).mirrorRows
        let reordered = try read(
            "source,target,target_user\n# bob first now\n" + rows.split(separator: "\n").reversed().joined(separator: "\n")
        )
        .mirrorRows
        XCTAssertEqual(
            first[0].stateName,
            "alice-a-" + FNV1a.hex("https://old.example.org/a/\n\n\n\nhttps://new.example.org/a/\nalice\n".utf8)
                + ".mirror.json")
        XCTAssertEqual(Set(first.map(\.stateName)), Set(reordered.map(\.stateName)))
        XCTAssertNotEqual(first[0].stateName, first[1].stateName)
        // Another source for the same target is another pair: its state starts afresh.
        let moved = try read("source,target,target_user\nhttps://other.example.org/a/,https://new.example.org/a/,alice\n").mirrorRows[0]
        XCTAssertNotEqual(moved.stateName, first[0].stateName)
    }

    func testTheShardTakesEveryNthMirrorRow() throws {
        let manifest = try read("source,target\n" + (0..<5).map { "old/\($0),new/\($0)" }.joined(separator: "\n"))
        XCTAssertEqual(ManifestShard(index: 1, count: 2).mirrorRows(of: manifest).map(\.target.location), ["/jobs/new/1", "/jobs/new/3"])
        XCTAssertEqual(ManifestShard(index: 0, count: 2).mirrorRows(of: manifest).map(\.index), [0, 2, 4])
    }

    func testProblemsAreFoundAtTheirCells() {
        XCTAssertEqual(
            problems("source,target,source_password\nold,new,secret\n"),
            [
                "/jobs/users.csv:1:15: error: a manifest does not hold passwords; name an environment variable that holds one in a column source_password_env"
            ])
        XCTAssertEqual(
            problems("source,target,store\nold,new,x\n"),
            ["/jobs/users.csv:1:15: error: unknown column store; the columns are " + ImportManifest.mirrorColumns.joined(separator: ", ")])
        XCTAssertEqual(
            problems("source,target,target_password_env\nold,,1PASSWORD\nold,new,\nolder,new,\n"),
            [
                "/jobs/users.csv:2:5: error: the row has no store; give a directory or a CalDAV URL",
                "/jobs/users.csv:2:6: error: 1PASSWORD is not the name of an environment variable (letters, digits and _, not starting with a digit)",
                "/jobs/users.csv:4:7: error: this row mirrors into the same calendar as line 3; each calendar takes one source",
            ])
        let manifest = try? read("source,target,target_password_env\nold,new,NEW_PASSWORD\n")
        XCTAssertEqual(
            ImportManifest.check(manifest?.mirrorRows ?? [], file: "users.csv", environment: [:]).map(\.description),
            ["users.csv:2:9: error: the environment variable NEW_PASSWORD is not set; set it to this row's password"])
    }

    func testMirrorRowsAreCopiedThenVerifiedAndAnImportManifestIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mirror-manifest-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        for user in ["alice", "bob"] {
            let store = folder.appendingPathComponent("old/\(user)")
            try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
            try
                "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Example Corp.//CalDAV Client//EN\r\nBEGIN:VEVENT\r\nUID:\(user)-1@example.org\r\n"
                .appending(
                    "DTSTAMP:20260101T000000Z\r\nDTSTART:20261013T100000Z\r\nSUMMARY:\(user)'s meeting\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
                )
                .write(to: store.appendingPathComponent("\(user)-1@example.org.ics"), atomically: true, encoding: .utf8)
        }
        let path = folder.appendingPathComponent("users.csv").path
        try "source,target\nold/alice,new/alice\nold/bob,new/bob\n".write(toFile: path, atomically: true, encoding: .utf8)

        let mirrored = try ManifestMirror(manifestPath: path).run { _ in }
        XCTAssertEqual(mirrored.rows.map { $0.report?.created ?? [] }, [["alice-1@example.org"], ["bob-1@example.org"]])
        XCTAssertEqual(mirrored.summary, "manifest \(path) (2 rows): 2 mirrored, 0 failed\n")
        let states = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("users.states").path).sorted()
        XCTAssertEqual(states, mirrored.rows.map(\.row.stateName).sorted())
        let again = try ManifestMirror(manifestPath: path).run { _ in }
        XCTAssertEqual(again.rows.map { $0.report?.created.count ?? -1 }, [0, 0], "a second pass finds nothing to copy")

        try "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Example Corp.//CalDAV Client//EN\r\nBEGIN:VEVENT\r\nUID:extra-1@example.org\r\n"
            .appending(
                "DTSTAMP:20260101T000000Z\r\nDTSTART:20261014T100000Z\r\nSUMMARY:Only on the target\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            )
            .write(toFile: folder.appendingPathComponent("new/bob/extra-1@example.org.ics").path, atomically: true, encoding: .utf8)
        var verification = ManifestVerification(manifestPath: path)
        verification.shard = ManifestShard(index: 1, count: 2)
        let verified = try verification.run { _ in }
        XCTAssertEqual(verified.rows.map(\.row.line), [3])
        XCTAssertEqual(verified.failedRows.map(\.row.line), [3], "bob's target holds a resource the source lacks")
        XCTAssertTrue(try ManifestVerification(manifestPath: path).run { _ in }.rows[0].report?.agrees == true)

        try "input,store\na.ics,new/carol\n".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try ManifestMirror(manifestPath: path).run { _ in }) { error in
            XCTAssertTrue("\(error)".contains("holds import rows"), "\(error)")
        }
    }
}
