import CalendarStores
import Foundation
import XCTest

/// `calbridge calendars` and `--calendar` as a user meets them: a server root, `.well-known/caldav`
/// and a calendar home all lead to the account's calendars, `--calendar` picks one, and a collection
/// that is not there is made only with `--create` (otherwise 66, naming the calendars there).
struct DiscoveryAgainstServer {
    let server: CalDAVTestServer

    /// A calendar with a display name and colour of its own, made the way another client would.
    private func makeCalendar(_ segment: String, name: String) throws -> String {
        let store = try CalDAVStore(
            collection: server.url(server.kind.calendarPath(segment)), user: "user", password: "secret",
            createIfMissing: (name: name, color: "#3366FF"))
        return store.collectionURL
    }

    /// A fresh folder holding `one.ics`, one event with a UID of this server's own.
    private func oneEventFile(_ label: String, summary: String) throws -> (folder: URL, input: URL) {
        let folder = try temporaryFolder(label)
        let input = folder.appendingPathComponent("one.ics")
        try Data(event(uid: "\(label)-\(server.kind.rawValue)@example.com", summary: summary)).write(to: input)
        return (folder, input)
    }

    func calendarsListsTheAccountFromTheRootAndWellKnown() throws {
        let url = try makeCalendar("listed", name: "Listed Work")
        for start in ["/", "/.well-known/caldav"] {
            let listed = try CalbridgeCommand.run(["calendars", server.url(start).absoluteString, "--user", "user"])
            XCTAssertEqual(listed.status, 0, listed.errors)
            let line = try XCTUnwrap(listed.output.split(separator: "\n").first { $0.hasSuffix(url) }, listed.output)
            XCTAssertTrue(line.hasPrefix("Listed Work  "), String(line))
            XCTAssertTrue(line.contains("VEVENT"), String(line))
        }
        let json = try CalbridgeCommand.run(["calendars", server.url("/").absoluteString, "--user", "user", "--json"])
        XCTAssertEqual(json.status, 0, json.errors)
        XCTAssertTrue(json.output.contains("{\"name\": \"Listed Work\", \"color\": \"#3366FF"), json.output)
    }

    func calendarNamePicksTheCollectionFromTheRoot() throws {
        let url = try makeCalendar("picked", name: "Picked Team")
        let (folder, input) = try oneEventFile("picked", summary: "Picked")
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = server.url("/").absoluteString

        let imported = try CalbridgeCommand.run(["import", input.path, "--to", root, "--calendar", "Picked Team", "--user", "user"])
        XCTAssertEqual(imported.status, 0, imported.errors)
        let exported = try CalbridgeCommand.run(["export", url, "--user", "user"])
        XCTAssertTrue(exported.output.contains("SUMMARY:Picked"), exported.output)
        let bySegment = try CalbridgeCommand.run(["export", root, "--calendar", "picked", "--user", "user"])
        XCTAssertEqual(bySegment.status, 0, bySegment.errors)
        XCTAssertTrue(bySegment.output.contains("SUMMARY:Picked"), bySegment.output)

        let unnamed = try CalbridgeCommand.run(["export", root, "--user", "user"])
        XCTAssertEqual(unnamed.status, 64, unnamed.errors)
        XCTAssertTrue(unnamed.errors.contains("name one with --calendar NAME"), unnamed.errors)
        XCTAssertTrue(unnamed.errors.contains("Picked Team (\(url))"), unnamed.errors)
    }

    func aMissingCollectionIsMadeOnlyWithCreate() throws {
        let listed = try makeCalendar("existing", name: "Existing")
        let (folder, input) = try oneEventFile("created", summary: "Created")
        defer { try? FileManager.default.removeItem(at: folder) }
        let typo = server.url(server.kind.calendarPath("exsting")).absoluteString

        let refused = try CalbridgeCommand.run(["import", input.path, "--to", typo, "--user", "user"])
        XCTAssertEqual(refused.status, 66, refused.errors)
        XCTAssertTrue(refused.errors.contains("there is no calendar \(typo)"), refused.errors)
        XCTAssertTrue(refused.errors.contains("Existing (\(listed))"), refused.errors)
        XCTAssertTrue(refused.errors.contains("add --create"), refused.errors)
        let dryRefused = try CalbridgeCommand.run(["import", input.path, "--to", typo, "--user", "user", "--dry-run"])
        XCTAssertEqual(dryRefused.status, 66, dryRefused.errors)

        let planned = try CalbridgeCommand.run(["import", input.path, "--to", typo, "--user", "user", "--dry-run", "--create"])
        XCTAssertEqual(planned.status, 0, planned.errors)
        XCTAssertTrue(planned.errors.hasPrefix("import: 1 would be created"), planned.errors)
        XCTAssertEqual(try CalbridgeCommand.run(["export", typo, "--user", "user"]).status, 66, "a dry run makes nothing")

        let created = try CalbridgeCommand.run([
            "import", input.path, "--to", server.url("/").absoluteString,
            "--calendar", "Brand New", "--create", "--user", "user",
        ])
        XCTAssertEqual(created.status, 0, created.errors)
        let calendars = try CalDAVAccount.calendars(at: server.url("/"), user: "user", password: "secret")
        let made = try XCTUnwrap(calendars.first { $0.displayName == "Brand New" }, "\(calendars)")
        XCTAssertTrue(made.url.hasSuffix("/Brand-New/"), made.url)
    }

    /// X-WR-CALNAME and the colour name the collection --create makes, and come back with export.
    func theCalendarsNameAndColourGoIntoTheCollectionAndComeBack() throws {
        let sample = CalbridgeCommand.root.appendingPathComponent("Samples/apple-export.ics").path
        let collection = server.url(server.kind.calendarPath("zuhause")).absoluteString
        let imported = try CalbridgeCommand.run(["import", sample, "--to", collection, "--user", "user", "--create"])
        XCTAssertEqual(imported.status, 0, imported.errors)
        let made = try CalDAVAccount.calendars(at: server.url("/"), user: "user", password: "secret").first { $0.url == collection }
        XCTAssertEqual(made?.displayName, "Zuhause")
        XCTAssertEqual(made?.color?.prefix(7).uppercased(), "#FFCC00")
        let exported = try CalbridgeCommand.run(["export", collection, "--user", "user"])
        XCTAssertTrue(exported.output.contains("X-WR-CALNAME:Zuhause\r\n"), exported.output)
        XCTAssertTrue(exported.output.contains("X-APPLE-CALENDAR-COLOR:#FFCC00"), exported.output)
    }

    /// Nothing listens on the port: no retries (they would only wait), exit 69 at once.
    func aRefusedConnectionFailsWithoutRetrying() throws {
        let closed = server.url("/").absoluteString.replacingOccurrences(of: ":\(server.port)/", with: ":1/")
        let exported = try CalbridgeCommand.run(["export", closed, "--user", "user"])
        XCTAssertEqual(exported.status, 69, exported.errors)
        XCTAssertTrue(exported.errors.contains("failed: connection refused: nothing listens there"), exported.errors)
        XCTAssertFalse(exported.errors.contains("times in"), exported.errors)
    }
}

/// Discovery against Radicale 3.9: `/` names the principal `/user/`, which is its own calendar home.
final class RadicaleDiscoveryTests: ServerTestCase {
    override class var kind: CalDAVServerKind { .radicale }
    private func discovery() throws -> DiscoveryAgainstServer { DiscoveryAgainstServer(server: try server()) }

    func testCalendarsListsTheAccountFromTheRootAndWellKnown() throws { try discovery().calendarsListsTheAccountFromTheRootAndWellKnown() }
    func testCalendarNamePicksTheCollectionFromTheRoot() throws { try discovery().calendarNamePicksTheCollectionFromTheRoot() }
    func testAMissingCollectionIsMadeOnlyWithCreate() throws { try discovery().aMissingCollectionIsMadeOnlyWithCreate() }
    func testTheCalendarsNameAndColourGoIntoTheCollectionAndComeBack() throws {
        try discovery().theCalendarsNameAndColourGoIntoTheCollectionAndComeBack()
    }
    func testARefusedConnectionFailsWithoutRetrying() throws { try discovery().aRefusedConnectionFailsWithoutRetrying() }
}

/// Discovery against Xandikos 0.4: the principal `/user/` has its calendar home at `/user/calendars/`.
final class XandikosDiscoveryTests: ServerTestCase {
    override class var kind: CalDAVServerKind { .xandikos }
    private func discovery() throws -> DiscoveryAgainstServer { DiscoveryAgainstServer(server: try server()) }

    func testCalendarsListsTheAccountFromTheRootAndWellKnown() throws { try discovery().calendarsListsTheAccountFromTheRootAndWellKnown() }
    func testCalendarNamePicksTheCollectionFromTheRoot() throws { try discovery().calendarNamePicksTheCollectionFromTheRoot() }
    func testAMissingCollectionIsMadeOnlyWithCreate() throws { try discovery().aMissingCollectionIsMadeOnlyWithCreate() }
    func testTheCalendarsNameAndColourGoIntoTheCollectionAndComeBack() throws {
        try discovery().theCalendarsNameAndColourGoIntoTheCollectionAndComeBack()
    }
}

/// Discovery against Cyrus 3.6: `.well-known/caldav` answers 301 to `/dav/calendars`, which names the
/// principal; Cyrus checks the password, so a wrong one is met here too.
final class CyrusDiscoveryTests: ServerTestCase {
    override class var kind: CalDAVServerKind { .cyrus }
    private func discovery() throws -> DiscoveryAgainstServer { DiscoveryAgainstServer(server: try server()) }

    func testCalendarsListsTheAccountFromTheRootAndWellKnown() throws { try discovery().calendarsListsTheAccountFromTheRootAndWellKnown() }
    func testCalendarNamePicksTheCollectionFromTheRoot() throws { try discovery().calendarNamePicksTheCollectionFromTheRoot() }
    func testAMissingCollectionIsMadeOnlyWithCreate() throws { try discovery().aMissingCollectionIsMadeOnlyWithCreate() }
    func testTheCalendarsNameAndColourGoIntoTheCollectionAndComeBack() throws {
        try discovery().theCalendarsNameAndColourGoIntoTheCollectionAndComeBack()
    }

    /// Cyrus answers 401 with an HTML page carrying its version banner; the message says what to check.
    func testARefusedPasswordNamesTheUserAndNotTheServersPage() throws {
        let collection = try server().url(CalDAVServerKind.cyrus.calendarPath("Default")).absoluteString
        let wrong = try CalbridgeCommand.run(["export", collection, "--user", "user"], environment: ["CALBRIDGE_PASSWORD": "wrong"])
        XCTAssertEqual(wrong.status, 69, wrong.errors)
        XCTAssertTrue(wrong.errors.contains("the server refused user user: check --user and CALBRIDGE_PASSWORD"), wrong.errors)
        XCTAssertFalse(wrong.errors.contains("(unset)"), wrong.errors)
        XCTAssertFalse(wrong.errors.contains("Cyrus-HTTP"), wrong.errors)
        let unset = try CalbridgeCommand.run(["export", collection, "--user", "nobody"], environment: ["CALBRIDGE_PASSWORD": nil])
        XCTAssertEqual(unset.status, 69, unset.errors)
        XCTAssertTrue(unset.errors.contains("the server refused user nobody: check --user and CALBRIDGE_PASSWORD (unset)"), unset.errors)
    }
}
