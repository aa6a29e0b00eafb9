import Foundation
import XCTest

/// `calbridge import` and `export` as a user runs them against a real server: the samples go in and
/// come back, an import killed half-way is finished with --resume with every series there exactly
/// once, and the python `caldav` client reads what calbridge wrote. The server going down mid-import
/// is `ServerRestartDuringImport`.
struct CommandsAgainstServer {
    let kind: CalDAVServerKind
    let server: CalDAVTestServer

    private var root: URL { CalbridgeCommand.root }

    private func run(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        try CalbridgeCommand.run(arguments)
    }

    private func uids(_ text: String) -> [String] {
        text.components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") }.map { String($0.dropFirst(4)) }
    }

    func samplesGoInAndComeBack() throws {
        let collection = server.url(kind.calendarPath("samples")).absoluteString
        let samples = ["google-export.ics", "outlook-export.ics", "university-courses.ics"].map {
            root.appendingPathComponent("Samples/" + $0).path
        }
        let input = try samples.map { try String(contentsOfFile: $0, encoding: .utf8) }.joined()
        let imported = try run(["import"] + samples + ["--to", collection, "--user", "user", "--create"])
        XCTAssertEqual(imported.status, 0, imported.errors)
        let again = try run(["import"] + samples + ["--to", collection, "--user", "user"])
        XCTAssertEqual(again.status, 0, again.errors)
        let created = imported.errors.firstMatch(of: /import: ([0-9]+) created/).map { String($0.1) } ?? "?"
        XCTAssertTrue(
            again.errors.contains("import: 0 created, 0 updated, \(created) already there, 0 failed"),
            "an unchanged input writes nothing: \(again.errors)")
        let exported = try run(["export", collection, "--user", "user"])
        XCTAssertEqual(exported.status, 0, exported.errors)
        XCTAssertEqual(Set(uids(exported.output)), Set(uids(input)), "every series, updated rather than duplicated")
        XCTAssertEqual(exported.output.components(separatedBy: "BEGIN:VEVENT").count, input.components(separatedBy: "BEGIN:VEVENT").count)
    }

    /// With --jobs 8, killed mid-way; --resume finishes it.
    func killedImportIsFinishedByResumeWithEverySeriesOnce() throws {
        let collection = server.url(kind.calendarPath("resume")).absoluteString
        let folder = try temporaryFolder("resume")
        defer { try? FileManager.default.removeItem(at: folder) }
        let count = 400
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//calbridge tests//EN\r\n"
        for n in 0..<count {
            text +=
                "BEGIN:VEVENT\r\nUID:resume-\(n)@calbridge.test\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20260301T\(String(format: "%02d", n % 24))0000Z\r\n"
                + "DURATION:PT30M\r\nSUMMARY:Event \(n)\r\nEND:VEVENT\r\n"
        }
        text += "END:VCALENDAR\r\n"
        let input = folder.appendingPathComponent("many.ics").path
        let journal = folder.appendingPathComponent("many.journal").path
        try text.write(toFile: input, atomically: true, encoding: .utf8)

        // Eight requests at once: the journal must stay exact with writes finishing out of order.
        let process = try CalbridgeCommand.start(
            [
                "import", input, "--to", collection, "--user", "user", "--journal", journal, "--create",
                "--jobs", "8",
            ],
            log: folder.appendingPathComponent("import.log"))
        // Kill it once the journal shows it is well under way (it is saved every 50 resources).
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, (try? Data(contentsOf: URL(fileURLWithPath: journal)).count) ?? 0 < 1000 { usleep(20_000) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal, "the import was killed mid-way")

        let resumed = try run(["import", input, "--to", collection, "--user", "user", "--journal", journal, "--resume", "--jobs", "8"])
        XCTAssertEqual(resumed.status, 0, resumed.errors)
        XCTAssertTrue(resumed.errors.contains("already there"), resumed.errors)
        let exported = try run(["export", collection, "--user", "user"])
        let found = uids(exported.output)
        XCTAssertEqual(found.count, count, "every series exactly once")
        XCTAssertEqual(Set(found).count, count)
    }

    func aUIDUnderAForeignNameIsUpdatedNotDuplicated() throws {
        let collection = server.url(kind.calendarPath("foreign"))
        let folder = try temporaryFolder("foreign")
        defer { try? FileManager.default.removeItem(at: folder) }
        let uid = "x-foreign@example.com"
        let made = try run([
            "import", root.appendingPathComponent("Samples/apple-export.ics").path, "--to", collection.absoluteString,
            "--user", "user", "--create",
        ])
        XCTAssertEqual(made.status, 0, made.errors)
        XCTAssertEqual(
            try putAsAnotherClient(collection.appendingPathComponent("abc123.ics"), bytes: event(uid: uid, summary: "Before")), 201)
        let input = folder.appendingPathComponent("after.ics")
        try Data(event(uid: uid, summary: "After")).write(to: input)

        let imported = try run(["import", input.path, "--to", collection.absoluteString, "--user", "user"])
        XCTAssertEqual(imported.status, 0, imported.errors)
        XCTAssertTrue(imported.errors.hasPrefix("import: 0 created, 1 updated"), imported.errors)
        let exported = try run(["export", collection.absoluteString, "--user", "user"])
        XCTAssertEqual(uids(exported.output).filter { $0 == uid }.count, 1, exported.output)
        XCTAssertTrue(exported.output.contains("SUMMARY:After"), exported.output)
        XCTAssertFalse(exported.output.contains("SUMMARY:Before"), exported.output)
    }

    /// Killed before the journal's first save: --resume finds no journal and goes by the store.
    func resumeWithoutAJournalYetGoesByTheStore() throws {
        let collection = server.url(kind.calendarPath("no-journal")).absoluteString
        let folder = try temporaryFolder("no-journal")
        defer { try? FileManager.default.removeItem(at: folder) }
        // A sample no other test of the class imports: Cyrus refuses a UID another calendar holds.
        let sample = root.appendingPathComponent("Samples/semester-informatik.ics").path
        XCTAssertEqual(try run(["import", sample, "--to", collection, "--user", "user", "--create"]).status, 0)
        let journal = folder.appendingPathComponent("never-saved.journal").path
        let resumed = try run(["import", sample, "--to", collection, "--user", "user", "--journal", journal, "--resume"])
        XCTAssertEqual(resumed.status, 0, resumed.errors)
        let series = Set(uids(try String(contentsOfFile: sample, encoding: .utf8))).count
        XCTAssertTrue(resumed.errors.contains("import: 0 created, 0 updated, \(series) already there, 0 failed"), resumed.errors)
        XCTAssertTrue(FileManager.default.fileExists(atPath: journal), "the journal is written from then on")
    }

    func pythonCaldavClientReadsWhatCalbridgeWrote() throws {
        guard let bin = CalDAVTestServer.binFolder() else { throw XCTSkip("no .venv") }
        let collection = server.url(kind.calendarPath("python")).absoluteString
        // A sample samplesGoInAndComeBack does not import: Cyrus refuses a UID another calendar holds.
        let sample = root.appendingPathComponent("Samples/team-calendar.ics").path
        XCTAssertEqual(try run(["import", sample, "--to", collection, "--user", "user", "--create"]).status, 0)
        let script = """
            import sys, caldav
            client = caldav.DAVClient(url=sys.argv[1], username="user", password="secret")
            calendar = client.calendar(url=sys.argv[1])
            uids = sorted({str(e.icalendar_component.get("UID")) for e in calendar.events()})
            print("\\n".join(uids))
            """
        let process = Process()
        process.executableURL = bin.appendingPathComponent("python")
        process.arguments = ["-c", script, collection]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        // calendar.events() gives the VEVENTs; the sample's last UID is a VTODO's.
        let expected = Set(uids(try String(contentsOfFile: sample, encoding: .utf8)).dropLast())
        XCTAssertEqual(Set(output.split(separator: "\n").map(String.init)), expected)
    }
}

/// The commands against Radicale 3.9.
final class RadicaleCommandsTests: ServerTestCase {
    override class var kind: CalDAVServerKind { .radicale }

    private func commands() throws -> CommandsAgainstServer {
        CommandsAgainstServer(kind: .radicale, server: try server())
    }

    func testAUIDUnderAForeignNameIsUpdatedNotDuplicated() throws { try commands().aUIDUnderAForeignNameIsUpdatedNotDuplicated() }
    func testResumeWithoutAJournalYetGoesByTheStore() throws { try commands().resumeWithoutAJournalYetGoesByTheStore() }

    func testSamplesGoInAndComeBack() throws { try commands().samplesGoInAndComeBack() }
    func testKilledImportIsFinishedByResumeWithEverySeriesOnce() throws {
        try commands().killedImportIsFinishedByResumeWithEverySeriesOnce()
    }
    func testPythonCaldavClientReadsWhatCalbridgeWrote() throws { try commands().pythonCaldavClientReadsWhatCalbridgeWrote() }

    /// SIGKILL: Radicale writes each item to a temporary file and renames it, so a crash leaves
    /// nothing half-written and it serves the same storage again at once.
    func testServerKilledMidImportIsFinishedByResumeWithEveryEventOnce() throws {
        try ServerRestartDuringImport(server: try server(), signal: SIGKILL)
            .importEndsWithExit75AndResumeFinishesItWithEveryEventOnce()
    }

    func testServerKilledMidSyncLeavesTheStateAndTheSameSyncAgainWritesEveryChange() throws {
        try ServerRestartDuringSync(server: try server()).syncEndsWithExit75AndTheSameSyncAgainWritesEveryChange()
    }
}

/// The commands against Xandikos 0.4.
final class XandikosCommandsTests: ServerTestCase {
    override class var kind: CalDAVServerKind { .xandikos }

    private func commands() throws -> CommandsAgainstServer {
        CommandsAgainstServer(kind: .xandikos, server: try server())
    }

    func testAUIDUnderAForeignNameIsUpdatedNotDuplicated() throws { try commands().aUIDUnderAForeignNameIsUpdatedNotDuplicated() }
    func testResumeWithoutAJournalYetGoesByTheStore() throws { try commands().resumeWithoutAJournalYetGoesByTheStore() }

    func testSamplesGoInAndComeBack() throws { try commands().samplesGoInAndComeBack() }
    func testKilledImportIsFinishedByResumeWithEverySeriesOnce() throws {
        try commands().killedImportIsFinishedByResumeWithEverySeriesOnce()
    }
    func testPythonCaldavClientReadsWhatCalbridgeWrote() throws { try commands().pythonCaldavClientReadsWhatCalbridgeWrote() }

    /// SIGTERM, not SIGKILL: Xandikos 0.4.10 killed while it commits leaves the collection's
    /// `.git/index.lock` behind, and after a restart answers every write there 423 Locked until
    /// someone deletes the file (calbridge then stops with exit 75 and the 423 as reason). On
    /// SIGTERM it finishes the request it is writing and shuts down cleanly.
    func testServerStoppedMidImportIsFinishedByResumeWithEveryEventOnce() throws {
        try ServerRestartDuringImport(server: try server(), signal: SIGTERM)
            .importEndsWithExit75AndResumeFinishesItWithEveryEventOnce()
    }
}

/// The commands against Cyrus IMAP 3.6's CalDAV.
final class CyrusCommandsTests: ServerTestCase {
    override class var kind: CalDAVServerKind { .cyrus }

    private func commands() throws -> CommandsAgainstServer {
        CommandsAgainstServer(kind: .cyrus, server: try server())
    }

    func testAUIDUnderAForeignNameIsUpdatedNotDuplicated() throws { try commands().aUIDUnderAForeignNameIsUpdatedNotDuplicated() }
    func testResumeWithoutAJournalYetGoesByTheStore() throws { try commands().resumeWithoutAJournalYetGoesByTheStore() }

    func testSamplesGoInAndComeBack() throws { try commands().samplesGoInAndComeBack() }
    func testKilledImportIsFinishedByResumeWithEverySeriesOnce() throws {
        try commands().killedImportIsFinishedByResumeWithEverySeriesOnce()
    }
    func testPythonCaldavClientReadsWhatCalbridgeWrote() throws { try commands().pythonCaldavClientReadsWhatCalbridgeWrote() }

    /// SIGTERM: Cyrus's master killed with SIGKILL leaves its httpd children holding the port.
    func testServerStoppedMidImportIsFinishedByResumeWithEveryEventOnce() throws {
        try ServerRestartDuringImport(server: try server(), signal: SIGTERM)
            .importEndsWithExit75AndResumeFinishesItWithEveryEventOnce()
    }
}
