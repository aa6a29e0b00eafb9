import XCTest

/// CalDAVStore against a real Cyrus IMAP 3.6 CalDAV server (Debian's cyrus-imapd and cyrus-caldav) on
/// 127.0.0.1, one server for the whole class, run by Scripts/cyrus-caldav-server with a sasldb user.
///
/// Cyrus's quirks, as these tests meet them:
/// - it refuses a UID that any calendar of the user already holds, under another name or in another
///   collection, with 403 `unique-scheduling-object-resource` naming the href that holds it (even for
///   events without an ORGANIZER), so tests sharing its server never reuse a UID across collections;
/// - it stores what libical writes back: a multi-value EXDATE or CATEGORIES becomes one line per value,
///   RRULE parts come in libical's order, WKST=MO (the default) and empty properties (`LOCATION:`) are
///   left out, so a comparison of what
///   went in with what came out (CalendarComparison, StoredSeries) must see through those;
/// - invalid calendar data is 403 `valid-calendar-object-resource` with its reason in
///   `responsedescription` ("Missing UID property");
/// - its refusals outside DAV (401, 404 on a missing collection) are HTML pages with a version banner;
/// - `/.well-known/caldav` answers 301 to `/dav/calendars`, `/` names the principal
///   (`/dav/principals/user/<user>/`), whose calendar-home-set is `/dav/calendars/user/<user>/`, and a
///   user's first login makes the calendars `Default`, `Inbox` and `Outbox` there (the last two are
///   scheduling collections, not calendars);
/// - master killed with SIGKILL leaves its httpd children serving the port, so it is stopped with SIGTERM.
final class CyrusStoreTests: ServerTestCase {
    override class var kind: CalDAVServerKind { .cyrus }

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

    func testInvalidCalendarDataIsRefusedWithTheServersReason() throws {
        try behaviours().invalidCalendarDataIsRefusedWithTheServersReason(
            status: 403, precondition: "valid-calendar-object-resource", detail: "Missing UID property")
    }

    func testSyncReportsChangesAndRemovalsSinceTheToken() throws {
        try behaviours().syncReportsChangesAndRemovalsSinceTheToken()
    }

    func testATokenTheServerRefusesGivesACompleteListing() throws {
        try behaviours().aTokenTheServerRefusesGivesACompleteListing()
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

    func testAUIDWithSlashSpaceAndAccentRoundTrips() throws {
        try behaviours().aUIDWithSlashSpaceAndAccentRoundTrips()
    }
}
