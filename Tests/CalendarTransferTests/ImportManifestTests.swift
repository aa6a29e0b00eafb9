import CalendarModel
import CalendarTransfer
import Foundation
import XCTest

/// Reading an import manifest: RFC 4180 cells, paths against the manifest's folder, comments and
/// empty lines, and every problem at its cell's line and column before anything is sent.
final class ImportManifestTests: XCTestCase {
    private func read(_ text: String) throws -> ImportManifest {
        try ImportManifest.read(Array(text.utf8), path: "/jobs/users.csv")
    }

    /// The problems a manifest is refused with, as `file:line:column: error: message`.
    private func problems(_ text: String) -> [String] {
        do {
            _ = try read(text)
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    func testCellsAreReadTheRFC4180WayWithPathsFromTheManifestsFolder() throws {
        let manifest = try read(
            """
            # users moving to the new server
            Input,Store,User,Calendar

            "alice/work, old.ics;alice/""more"".ics",https://dav.example.org/,alice,Work
            /srv/bob.ics,../vdirs/bob,,
            """)
        XCTAssertEqual(manifest.rows.count, 2)
        let alice = manifest.rows[0], bob = manifest.rows[1]
        XCTAssertEqual(alice.inputs, ["/jobs/alice/work, old.ics", "/jobs/alice/\"more\".ics"])
        XCTAssertEqual(alice.store, "https://dav.example.org/")
        XCTAssertEqual(alice.user, "alice")
        XCTAssertEqual(alice.calendar, "Work")
        XCTAssertEqual(alice.passwordVariable, "CALBRIDGE_PASSWORD")
        XCTAssertEqual(alice.line, 4)
        XCTAssertEqual(bob.inputs, ["/srv/bob.ics"])
        XCTAssertEqual(bob.store, "/vdirs/bob")
        XCTAssertNil(bob.user)
        XCTAssertNil(bob.calendar)
        XCTAssertEqual([alice.index, bob.index], [0, 1])
    }

    func testASemicolonDelimitedManifestTakesSeveralInputsInQuotes() throws {
        let manifest = try read("input;store;password_env\r\n\"a.ics;b.ics\";store-a;ALICE_PASSWORD\r\nc.ics;store-c\r\n")
        XCTAssertEqual(manifest.rows.map(\.inputs), [["/jobs/a.ics", "/jobs/b.ics"], ["/jobs/c.ics"]])
        XCTAssertEqual(manifest.rows.map(\.passwordVariable), ["ALICE_PASSWORD", "CALBRIDGE_PASSWORD"])
    }

    func testHeaderProblemsAreAtTheirColumns() {
        XCTAssertEqual(
            problems("input,store,password\na.ics,s\n"),
            [
                "/jobs/users.csv:1:13: error: a manifest does not hold passwords; name an environment variable that holds one in a column password_env"
            ])
        XCTAssertEqual(
            problems("input, stroe\na.ics,s\n"),
            [
                "/jobs/users.csv:1:7: error: unknown column stroe; the columns are input, store, user, calendar, password_env",
                "/jobs/users.csv:1:1: error: the header has no column store; the columns are input, store, user, calendar, password_env",
            ])
        XCTAssertEqual(problems("input,store,input\n"), ["/jobs/users.csv:1:13: error: the column input appears twice"])
        XCTAssertEqual(
            problems("# nothing here\n\n"),
            [
                "/jobs/users.csv:1:1: error: the manifest has no header; its first row names the columns: input,store,user,calendar,password_env"
            ])
    }

    func testRowProblemsAreAtTheirCellsAndAllFoundAtOnce() {
        XCTAssertEqual(
            problems(
                """
                input,store,user,password_env
                a.ics,ftp://host/cal,alice,
                ,store-b,bob,2FA
                c.ics,store-c,carol,X,extra
                d.ics,,dave
                """),
            [
                "/jobs/users.csv:2:7: error: ftp://host/cal is not a CalDAV URL (http:// or https://) nor a directory",
                "/jobs/users.csv:3:1: error: the row has no input; give a calendar file or folder (several separated by ;)",
                "/jobs/users.csv:3:14: error: 2FA is not the name of an environment variable (letters, digits and _, not starting with a digit)",
                "/jobs/users.csv:4:23: error: the row has 5 cells but the header names 4 columns; quote a cell that holds the delimiter",
                "/jobs/users.csv:5:7: error: the row has no store; give a directory or a CalDAV URL",
            ])
    }

    func testLinesAfterACellWithALineBreakKeepTheirFileLineNumbers() {
        XCTAssertEqual(
            problems("input,store\n\"a\nb.ics\",s\nc.ics,ftp://x/\n"),
            [
                "/jobs/users.csv:4:7: error: ftp://x/ is not a CalDAV URL (http:// or https://) nor a directory"
            ])
        XCTAssertEqual(
            problems("input,store\na.ics,s\n\"b.ics,s\n"),
            ["/jobs/users.csv:3:1: error: a quoted field is not closed before the end of the file"])
    }

    func testColumnsCountCharactersAsAnEditorShowsThem() {
        XCTAssertEqual(
            problems("input,store\ninputs/Grüße.ics,ftp://x/\n"),
            [
                "/jobs/users.csv:2:18: error: ftp://x/ is not a CalDAV URL (http:// or https://) nor a directory"
            ])
    }

    func testTwoRowsIntoOneCalendarAreRefusedAtTheSecond() {
        XCTAssertEqual(
            problems(
                """
                input,store,user,calendar
                a.ics,https://dav.example.org/,alice,Work
                b.ics,https://dav.example.org/,alice,Home
                c.ics,https://dav.example.org/,alice,Work
                d.ics,vdir/,,
                e.ics,./vdir,,
                """),
            [
                "/jobs/users.csv:4:7: error: this row imports into the same calendar as line 2; put both rows' inputs in one row, separated by ;",
                "/jobs/users.csv:6:7: error: this row imports into the same calendar as line 5; put both rows' inputs in one row, separated by ;",
            ])
    }

    func testShardsTakeEveryNthRowAndTogetherEveryRowOnce() throws {
        let manifest = try read("input,store\n" + (0..<7).map { "in\($0).ics,store\($0)\n" }.joined())
        let shards = (0..<3).map { ManifestShard(index: $0, count: 3).rows(of: manifest).map(\.index) }
        XCTAssertEqual(shards, [[0, 3, 6], [1, 4], [2, 5]])
        XCTAssertEqual(ManifestShard.whole.rows(of: manifest).count, 7)
        XCTAssertEqual(ManifestShard(index: 6, count: 10).rows(of: manifest).map(\.store), ["/jobs/store6"])
        XCTAssertEqual(ManifestShard(index: 8, count: 10).rows(of: manifest), [])
    }

    func testShardTextIsKOfNWithKBelowN() {
        XCTAssertEqual(try ManifestShard.parse("1/2").get(), ManifestShard(index: 1, count: 2))
        XCTAssertEqual(try ManifestShard.parse("0/1").get(), .whole)
        func refusal(_ text: String) -> String? {
            if case .failure(let problem) = ManifestShard.parse(text) { problem.message } else { nil }
        }
        XCTAssertEqual(refusal("2/2"), "--shard 2/2: K counts shards from 0, so it must be 0 to 1")
        XCTAssertEqual(refusal("-1/2"), "--shard -1/2: K counts shards from 0, so it must be 0 to 1")
        XCTAssertEqual(refusal("0/0"), "--shard 0/0: N, the number of shards, must be at least 1")
        XCTAssertEqual(refusal("1"), "--shard takes K/N (this process's shard K of N, K from 0), as 0/4; not 1")
        XCTAssertEqual(refusal("a/b"), "--shard takes K/N (this process's shard K of N, K from 0), as 0/4; not a/b")
    }

    func testAJournalIsNamedForTheCalendarNotTheRowsPlace() throws {
        let first = try read("input,store,user,calendar\na.ics,https://h/,alice,Work\nb.ics,https://h/,bob,Work\n")
        let moved = try read("input,store,user,calendar\n# bob first now\nb2.ics,https://h/,bob,Work\na.ics,https://h/,alice,Work\n")
        XCTAssertEqual(first.rows[0].journalName, moved.rows[1].journalName)
        XCTAssertEqual(first.rows[1].journalName, moved.rows[0].journalName)
        XCTAssertNotEqual(first.rows[0].journalName, first.rows[1].journalName)
        XCTAssertTrue(first.rows[0].journalName.hasPrefix("alice-work-"), first.rows[0].journalName)
        XCTAssertTrue(first.rows[0].journalName.hasSuffix(".journal"))
    }

    func testTheShardsRowsAreCheckedForMissingInputsAndUnsetPasswords() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("here.ics").path, contents: Data())
        let path = folder.appendingPathComponent("users.csv").path
        let manifest = try ImportManifest.read(
            Array(
                """
                input,store,user,password_env
                here.ics,https://h/,alice,ALICE_PASSWORD
                here.ics;gone.ics,https://h/,bob,
                """.utf8), path: path)
        let found = ImportManifest.check(manifest.rows, file: path, environment: ["BOB_PASSWORD": "x"]).map(\.description)
        XCTAssertEqual(
            found,
            [
                "\(path):2:27: error: the environment variable ALICE_PASSWORD is not set; set it to this row's password",
                "\(path):3:1: error: \(folder.path)/gone.ics is not there; check the name and the path (relative to the manifest's folder)",
            ])
        XCTAssertEqual(ImportManifest.check(manifest.rows, file: path, environment: ["ALICE_PASSWORD": "x"]).count, 1)
    }
}

extension Error {
    fileprivate var diagnostics: [Diagnostic] { (self as? InvalidCalendarData)?.diagnostics ?? [] }
}
