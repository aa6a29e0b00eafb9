import XCTest

/// CalDAVStore against a real Xandikos server on 127.0.0.1, one server for the whole class.
/// Xandikos 0.4.10, started with `--defaults`: a principal at /user/ with its calendar home at /user/calendars/.
final class XandikosStoreTests: ServerTestCase {
    override class var kind: CalDAVServerKind { .xandikos }

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
            status: 412, precondition: "valid-calendar-data", detail: "Not a valid calendar file")
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
