import XCTest

/// CalDAVStore against a real Radicale server on 127.0.0.1, one server for the whole class.
/// Radicale 3.9.0, started with `--auth-type=none`: it takes the basic-auth user as the principal.
final class RadicaleStoreTests: ServerTestCase {
    override class var kind: CalDAVServerKind { .radicale }

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
        try behaviours().invalidCalendarDataIsRefusedWithTheServersReason(status: 400, precondition: nil, detail: "Bad Request")
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
