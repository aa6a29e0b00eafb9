import CalendarStores
import XCTest

/// CalDAVStore against a real DAViCal 1.1.12 (Debian's davical: PHP under Apache 2 prefork, PostgreSQL
/// 15) on 127.0.0.1, one server for the whole class, run by Scripts/davical-caldav-server with its own
/// PostgreSQL cluster and the user `user` (password `secret`).
///
/// DAViCal's quirks, as these tests meet them:
/// - a failed If-Match or If-None-Match is a 412 whose `DAV:error` names the header (`<if-match/>`,
///   `<if-none-match/>`), not a precondition of the content: calbridge took it for a refusal (the
///   stale-etag, already-exists and delete tests failed so) before `CalDAVReply.isFailedCondition`;
/// - it lets a second resource of the collection hold a UID one already holds (no `no-uid-conflict`);
/// - a sync token it never gave is answered with every resource as changed, not refused;
/// - a UID with a slash cannot be stored under calbridge's name for it (405, see below);
/// - data it cannot read is refused with a bare 412 and a plain-text reason ("No calendar content"),
///   no `DAV:error` body: the status that means "an If-None-Match or If-Match failed" elsewhere, so a
///   bare 412 to a creating PUT is "already there" only when something is at the path;
/// - its own URLs are under the script's name, `/caldav.php/<user>/<collection>/`, and its hrefs say
///   so even when the request came through a rewritten path (the script serves `/user/...` too);
/// - `/.well-known/caldav` answers 301 to `/caldav.php/`, and `/` (handed to caldav.php) names the
///   principal `/caldav.php/user/`, which is its own calendar home;
/// - a refused login is 401 with the plain text "Please log in for access to this system.";
/// - every request is a PHP run on a new PostgreSQL connection (a backend process each), so writes go
///   on side by side, each in a transaction of its own: the server that takes concurrent writes.
final class DavicalStoreTests: ServerTestCase {
    override class var kind: CalDAVServerKind { .davical }

    private func behaviours() throws -> CalDAVStoreBehaviours {
        CalDAVStoreBehaviours(server: try server())
    }

    func testCreateListGetUpdateAndDeleteFollowTheEtags() throws {
        try behaviours().createListGetUpdateAndDeleteFollowTheEtags()
    }

    func testUpdatingWithAStaleEtagIsRefusedAsChangedElsewhere() throws {
        try behaviours().updatingWithAStaleEtagIsRefusedAsChangedElsewhere()
    }

    func testCreatingAUIDThatExistsIsRefusedAsAlreadyExists() throws {
        try behaviours().creatingAUIDThatExistsIsRefusedAsAlreadyExists()
    }

    /// Before calbridge looked at the path, this bare 412 was reported as "already exists".
    func testInvalidCalendarDataIsRefusedWithTheServersReason() throws {
        try behaviours().invalidCalendarDataIsRefusedWithTheServersReason(
            status: 412, precondition: nil, detail: "No calendar content")
    }

    func testSyncReportsChangesAndRemovalsSinceTheToken() throws {
        try behaviours().syncReportsChangesAndRemovalsSinceTheToken()
    }

    /// DAViCal does not refuse a sync token it never gave (no 403 `valid-sync-token`): it answers with
    /// every resource as changed and nothing removed, which calbridge cannot tell from a delta.
    func testATokenDAViCalNeverGaveIsAnsweredWithEveryResourceAsChanged() throws {
        let store = try behaviours().makeStore()
        let uid = "kept@example.com"
        let etag = try store.put(uid: uid, bytes: event(uid: uid, summary: "Kept"), expected: nil)

        let changes = try store.changes(since: "http://example.com/ns/sync/no-such-token")
        XCTAssertFalse(changes.isCompleteListing)
        XCTAssertEqual(changes.changed, [StoredResource(uid: uid, etag: etag)])
        XCTAssertEqual(changes.removed, [])
        XCTAssertNotNil(changes.token)
    }

    func testTwoHundredResourcesAreEachListedOnce() throws {
        try behaviours().twoHundredResourcesAreEachListedOnce()
    }

    func testDiscoveryFromTheRootFindsTheCalendar() throws {
        try behaviours().discoveryFromTheRootFindsTheCalendar()
    }

    func testAMissingCollectionIsNotFoundUnlessItIsToBeCreated() throws {
        try behaviours().aMissingCollectionIsNotFoundUnlessItIsToBeCreated()
    }

    func testAResourceAnotherClientNamedIsFoundByItsUID() throws {
        try behaviours().aResourceAnotherClientNamedIsFoundByItsUID()
    }

    /// DAViCal decodes a request's path once more than Apache has: a name holding `%2F` (sent as
    /// `%252F`) would reach it as two segments and be refused with 405. calbridge's names hold no `%`,
    /// so UIDs with a slash, a space and an accent go in, are listed, read and deleted.
    func testAUIDWithSlashSpaceAndAccentRoundTrips() throws {
        try behaviours().aUIDWithSlashSpaceAndAccentRoundTrips()
    }
}

/// The commands against DAViCal: the samples go in and come back (a re-import writes nothing), and an
/// import with `--jobs 8` killed mid-way is finished by `--resume` with every UID exactly once.
final class DavicalCommandsTests: ServerTestCase {
    override class var kind: CalDAVServerKind { .davical }

    private func commands() throws -> CommandsAgainstServer {
        CommandsAgainstServer(kind: .davical, server: try server())
    }

    func testSamplesGoInAndComeBack() throws { try commands().samplesGoInAndComeBack() }
    func testKilledImportIsFinishedByResumeWithEverySeriesOnce() throws {
        try commands().killedImportIsFinishedByResumeWithEverySeriesOnce()
    }
    func testAUIDUnderAForeignNameIsUpdatedNotDuplicated() throws { try commands().aUIDUnderAForeignNameIsUpdatedNotDuplicated() }
}
