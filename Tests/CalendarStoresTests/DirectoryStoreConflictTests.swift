import CalendarStores
import XCTest

/// Writes made against an out-of-date picture of the store are refused, and refused with the error
/// that says why, so a sync can tell "someone else changed it" from "it is gone".
final class DirectoryStoreConflictTests: VdirTestCase {
    func testCreatingAUIDThatExistsThrowsAlreadyExistsAndKeepsTheFile() throws {
        let store = try makeStore()
        let original = event(uid: "dentist@example.com", summary: "Dentist")
        try store.put(uid: "dentist@example.com", bytes: original, expected: nil)
        XCTAssertThrowsError(
            try store.put(
                uid: "dentist@example.com",
                bytes: event(uid: "dentist@example.com", summary: "Other"), expected: nil)
        ) {
            XCTAssertEqual($0 as? StoreError, .alreadyExists(uid: "dentist@example.com"))
        }
        XCTAssertEqual(try store.get(uid: "dentist@example.com")?.bytes, original)
    }

    func testReplacingWithAStaleEtagThrowsChangedElsewhere() throws {
        let mine = try makeStore()
        let theirs = try makeStore()
        let read = try mine.put(
            uid: "review@example.com", bytes: event(uid: "review@example.com", summary: "v1"),
            expected: nil)
        let newer = event(uid: "review@example.com", summary: "v2 from elsewhere")
        try theirs.put(uid: "review@example.com", bytes: newer, expected: read)
        let mineToo = event(uid: "review@example.com", summary: "v2 here")
        XCTAssertThrowsError(try mine.put(uid: "review@example.com", bytes: mineToo, expected: read)) {
            XCTAssertEqual($0 as? StoreError, .changedElsewhere(uid: "review@example.com"))
        }
        XCTAssertEqual(try mine.get(uid: "review@example.com")?.bytes, newer)
    }

    func testReplacingAMissingUIDThrowsNotFound() throws {
        let store = try makeStore()
        XCTAssertThrowsError(
            try store.put(
                uid: "ghost@example.com", bytes: Array("x".utf8),
                expected: "cbf29ce484222325")
        ) {
            XCTAssertEqual($0 as? StoreError, .notFound(uid: "ghost@example.com"))
        }
        XCTAssertEqual(try entries(), [])
    }

    func testDeletingWithAStaleEtagThrowsChangedElsewhereAndKeepsTheFile() throws {
        let store = try makeStore()
        let read = try store.put(
            uid: "gym@example.com", bytes: event(uid: "gym@example.com", summary: "Gym"),
            expected: nil)
        let newer = try store.put(
            uid: "gym@example.com", bytes: event(uid: "gym@example.com", summary: "Gym 7pm"),
            expected: read)
        XCTAssertThrowsError(try store.delete(uid: "gym@example.com", expected: read)) {
            XCTAssertEqual($0 as? StoreError, .changedElsewhere(uid: "gym@example.com"))
        }
        XCTAssertEqual(try store.list(), [StoredResource(uid: "gym@example.com", etag: newer)])
    }

    func testDeletingAMissingUIDThrowsNotFoundEvenWithoutAnEtag() throws {
        let store = try makeStore()
        XCTAssertThrowsError(try store.delete(uid: "ghost@example.com", expected: nil)) {
            XCTAssertEqual($0 as? StoreError, .notFound(uid: "ghost@example.com"))
        }
    }

    func testAnEmptyUIDIsRefusedBecauseItCannotNameAFile() throws {
        let store = try makeStore()
        XCTAssertThrowsError(try store.put(uid: "", bytes: [], expected: nil)) {
            XCTAssertEqual($0 as? StoreError, .unavailable("an empty UID cannot name a file"))
        }
        XCTAssertNil(try store.get(uid: ""))
    }
}
