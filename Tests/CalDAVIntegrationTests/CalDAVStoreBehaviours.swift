import CalendarStores
import Foundation
import XCTest

/// What every CalDAV server must do with CalDAVStore, written once and run by one test class per
/// server. Each behaviour works in a calendar collection of its own, so tests share a server
/// without seeing each other's resources.
struct CalDAVStoreBehaviours {
    let server: CalDAVTestServer

    func makeStore(_ name: String = "cal-\(UUID().uuidString.prefix(8).lowercased())") throws -> CalDAVStore {
        try CalDAVStore(
            collection: server.url(server.kind.calendarPath(name)), user: "user", password: "secret",
            createIfMissing: (name: "Work", color: "#3366FF"))
    }

    func createListGetUpdateAndDeleteFollowTheEtags() throws {
        let store = try makeStore()
        let uid = "standup@example.com"
        XCTAssertEqual(try store.list(), [])

        let created = try store.put(uid: uid, bytes: event(uid: uid, summary: "Stand-up"), expected: nil)
        XCTAssertEqual(try store.list(), [StoredResource(uid: uid, etag: created)])
        let first = try XCTUnwrap(store.get(uid: uid))
        XCTAssertEqual(first.etag, created)
        XCTAssertTrue(text(first.bytes).contains("SUMMARY:Stand-up"))

        let updated = try store.put(uid: uid, bytes: event(uid: uid, summary: "Stand-up, moved"), expected: created)
        XCTAssertNotEqual(updated, created)
        let second = try XCTUnwrap(store.get(uid: uid))
        XCTAssertEqual(second.etag, updated)
        XCTAssertTrue(text(second.bytes).contains("SUMMARY:Stand-up\\, moved"))

        try store.delete(uid: uid, expected: updated)
        XCTAssertNil(try store.get(uid: uid))
        XCTAssertEqual(try store.list(), [])
        XCTAssertThrowsError(try store.delete(uid: uid, expected: nil)) {
            XCTAssertEqual($0 as? StoreError, .notFound(uid: uid))
        }
        XCTAssertThrowsError(try store.put(uid: uid, bytes: event(uid: uid, summary: "Back"), expected: updated)) {
            XCTAssertEqual($0 as? StoreError, .notFound(uid: uid))
        }
    }

    func updatingWithAStaleEtagIsRefusedAsChangedElsewhere() throws {
        let store = try makeStore()
        let uid = "review@example.com"
        let first = try store.put(uid: uid, bytes: event(uid: uid, summary: "Review"), expected: nil)
        let second = try store.put(uid: uid, bytes: event(uid: uid, summary: "Review, by Ana"), expected: first)

        XCTAssertThrowsError(try store.put(uid: uid, bytes: event(uid: uid, summary: "Review, by Bo"), expected: first)) {
            XCTAssertEqual($0 as? StoreError, .changedElsewhere(uid: uid))
        }
        XCTAssertThrowsError(try store.delete(uid: uid, expected: first)) {
            XCTAssertEqual($0 as? StoreError, .changedElsewhere(uid: uid))
        }
        let kept = try XCTUnwrap(store.get(uid: uid))
        XCTAssertEqual(kept.etag, second)
        XCTAssertTrue(text(kept.bytes).contains("Review\\, by Ana"))
    }

    func creatingAUIDThatExistsIsRefusedAsAlreadyExists() throws {
        let store = try makeStore()
        let uid = "retro@example.com"
        let etag = try store.put(uid: uid, bytes: event(uid: uid, summary: "Retro"), expected: nil)

        XCTAssertThrowsError(try store.put(uid: uid, bytes: event(uid: uid, summary: "Other retro"), expected: nil)) {
            XCTAssertEqual($0 as? StoreError, .alreadyExists(uid: uid))
        }
        XCTAssertEqual(try store.get(uid: uid)?.etag, etag)
    }

    /// Radicale answers 400 with plain text; Xandikos 412 with `valid-calendar-data` and its reason.
    func invalidCalendarDataIsRefusedWithTheServersReason(status: Int, precondition: String?, detail: String) throws {
        let store = try makeStore()
        let broken = Array("BEGIN:VCALENDAR\r\nthis line is not a property\r\nEND:VCALENDAR\r\n".utf8)

        XCTAssertThrowsError(try store.put(uid: "broken@example.com", bytes: broken, expected: nil)) { error in
            guard case .refused(let actualStatus, let actualPrecondition, let actualDetail)? = error as? CalDAVError else {
                return XCTFail("expected CalDAVError.refused, got \(error)")
            }
            XCTAssertEqual(actualStatus, status)
            XCTAssertEqual(actualPrecondition, precondition)
            XCTAssertTrue(actualDetail.contains(detail), actualDetail)
            XCTAssertFalse(String(describing: error).contains("secret"))
        }
        XCTAssertEqual(try store.list(), [])
    }

    func syncReportsChangesAndRemovalsSinceTheToken() throws {
        let store = try makeStore()
        let a = "sync-a@example.com", b = "sync-b@example.com", c = "sync-c@example.com"
        let etagA = try store.put(uid: a, bytes: event(uid: a, summary: "A"), expected: nil)
        let etagB = try store.put(uid: b, bytes: event(uid: b, summary: "B"), expected: nil)

        let initial = try store.changes(since: nil)
        XCTAssertTrue(initial.isCompleteListing)
        XCTAssertEqual(Set(initial.changed), [StoredResource(uid: a, etag: etagA), StoredResource(uid: b, etag: etagB)])
        let token = try XCTUnwrap(initial.token)

        let newA = try store.put(uid: a, bytes: event(uid: a, summary: "A, later"), expected: etagA)
        try store.delete(uid: b, expected: etagB)
        let etagC = try store.put(uid: c, bytes: event(uid: c, summary: "C"), expected: nil)

        let delta = try store.syncChanges(since: token)
        XCTAssertEqual(Set(delta.changed), [StoredResource(uid: a, etag: newA), StoredResource(uid: c, etag: etagC)])
        XCTAssertEqual(delta.removed, [b])
        let next = try XCTUnwrap(delta.token)
        XCTAssertNotEqual(next, token)

        let quiet = try store.syncChanges(since: next)
        XCTAssertEqual(quiet.changed, [])
        XCTAssertEqual(quiet.removed, [])
    }

    func aTokenTheServerRefusesGivesACompleteListing() throws {
        let store = try makeStore()
        let uid = "kept@example.com"
        let etag = try store.put(uid: uid, bytes: event(uid: uid, summary: "Kept"), expected: nil)

        let changes = try store.changes(since: "http://example.com/ns/sync/no-such-token")
        XCTAssertTrue(changes.isCompleteListing)
        XCTAssertEqual(changes.changed, [StoredResource(uid: uid, etag: etag)])
        XCTAssertEqual(changes.removed, [])
        XCTAssertNotNil(changes.token)
    }

    func twoHundredResourcesAreEachListedOnce() throws {
        let store = try makeStore()
        var written: [String: String] = [:]
        for index in 0..<200 {
            let uid = String(format: "bulk-%03d@example.com", index)
            written[uid] = try store.put(
                uid: uid, bytes: event(uid: uid, summary: "Bulk \(index)", day: 1 + index % 28),
                expected: nil)
        }
        let listed = try store.list()
        XCTAssertEqual(listed.count, 200)
        XCTAssertEqual(Dictionary(listed.map { ($0.uid, $0.etag) }, uniquingKeysWith: { first, _ in first }), written)
    }

    func discoveryFromTheRootFindsTheCalendar() throws {
        let store = try makeStore("discovered")
        let calendars = try CalDAVStore.discoverCalendars(root: server.url("/"), user: "user", password: "secret")
        XCTAssertTrue(
            calendars.map(\.absoluteString).contains(store.collectionURL),
            "\(calendars) lacks \(store.collectionURL)")
        XCTAssertEqual(Set(calendars).count, calendars.count)
    }

    func aMissingCollectionIsNotFoundUnlessItIsToBeCreated() throws {
        let url = server.url(server.kind.calendarPath("absent-\(UUID().uuidString.prefix(8).lowercased())"))
        XCTAssertThrowsError(try CalDAVStore(collection: url, user: "user", password: "secret")) {
            XCTAssertEqual($0 as? CalDAVError, .collectionNotFound(url.absoluteString))
        }
        let created = try CalDAVStore(collection: url, user: "user", password: "secret", createIfMissing: (name: "Home", color: nil))
        XCTAssertEqual(try created.list(), [])
    }

    func aResourceAnotherClientNamedIsFoundByItsUID() throws {
        let name = "cal-\(UUID().uuidString.prefix(8).lowercased())"
        let store = try makeStore(name)
        let uid = "0F3A-foreign@example.com"
        let status = try putAsAnotherClient(
            server.url(server.kind.calendarPath(name) + "Lunch%20with%20Ana.ics"),
            bytes: event(uid: uid, summary: "Lunch"))
        XCTAssertEqual(status, 201)

        // A fresh store has listed nothing yet: the miss under the UID's own name makes it look.
        let fresh = try makeStore(name)
        let found = try XCTUnwrap(fresh.get(uid: uid))
        XCTAssertTrue(text(found.bytes).contains("SUMMARY:Lunch"))
        XCTAssertEqual(try store.list(), [StoredResource(uid: uid, etag: found.etag)])

        let updated = try store.put(uid: uid, bytes: event(uid: uid, summary: "Lunch, moved"), expected: found.etag)
        XCTAssertEqual(try store.list(), [StoredResource(uid: uid, etag: updated)], "updated in place, not duplicated")
        try store.delete(uid: uid, expected: updated)
        XCTAssertEqual(try store.list(), [])
    }

    /// calbridge's names for such UIDs hold no `%`, which a server decoding paths twice (DAViCal)
    /// would read as another path; the listing learns each UID from the resource's data.
    func aUIDWithSlashSpaceAndAccentRoundTrips() throws {
        let store = try makeStore()
        for uid in ["team/planning 2026 Zoë@example.com", "a%2Fb@example.com", "..", "plain-uid@example.com"] {
            let etag = try store.put(uid: uid, bytes: event(uid: uid, summary: "Planning"), expected: nil)
            XCTAssertEqual(try store.list(), [StoredResource(uid: uid, etag: etag)], uid)
            XCTAssertEqual(try store.get(uid: uid)?.etag, etag, uid)
            try store.delete(uid: uid, expected: etag)
            XCTAssertNil(try store.get(uid: uid), uid)
        }
    }
}
