import CalendarStores
import XCTest

/// Creating, replacing and deleting through the store, and what the etags say along the way.
final class DirectoryStoreRoundTripTests: VdirTestCase {
    func testCreateReplaceDeleteRoundTripWithEtags() throws {
        let store = try makeStore()
        let first = event(uid: "standup-42@example.com", summary: "Standup")
        let created = try store.put(uid: "standup-42@example.com", bytes: first, expected: nil)
        XCTAssertEqual(try entries(), ["standup-42@example.com.ics"])
        XCTAssertEqual(try store.list(), [StoredResource(uid: "standup-42@example.com", etag: created)])
        let read = try XCTUnwrap(store.get(uid: "standup-42@example.com"))
        XCTAssertEqual(read.bytes, first)
        XCTAssertEqual(read.etag, created)

        let second = event(uid: "standup-42@example.com", summary: "Standup (moved)")
        let replaced = try store.put(uid: "standup-42@example.com", bytes: second, expected: created)
        XCTAssertNotEqual(replaced, created)
        XCTAssertEqual(try store.get(uid: "standup-42@example.com")?.bytes, second)
        XCTAssertEqual(try store.list().map(\.etag), [replaced])

        try store.delete(uid: "standup-42@example.com", expected: replaced)
        XCTAssertNil(try store.get(uid: "standup-42@example.com"))
        XCTAssertEqual(try store.list(), [])
        XCTAssertEqual(try entries(), [])
    }

    func testEtagIsTheSameForTheSameBytesInAnotherStoreInstance() throws {
        let bytes = event(uid: "lunch@example.org", summary: "Lunch")
        let etag = try makeStore().put(uid: "lunch@example.org", bytes: bytes, expected: nil)
        XCTAssertEqual(etag.count, 16)
        let reopened = try DirectoryStore(directory: directory, create: false)
        XCTAssertEqual(try reopened.get(uid: "lunch@example.org")?.etag, etag)
        // Rewriting identical bytes keeps the etag: it follows content, not time or inode.
        XCTAssertEqual(try reopened.put(uid: "lunch@example.org", bytes: bytes, expected: etag), etag)
    }

    func testEmptyFileHasTheFNV1aOffsetBasisAsEtag() throws {
        let store = try makeStore()
        XCTAssertEqual(try store.put(uid: "empty", bytes: [], expected: nil), "cbf29ce484222325")
        XCTAssertEqual(try store.put(uid: "a", bytes: Array("a".utf8), expected: nil), "af63dc4c8601ec8c")
    }

    func testInitCreatesAMissingDirectoryAndItsParents() throws {
        let nested = directory + "/calendars/work/"
        let store = try DirectoryStore(directory: nested)
        XCTAssertEqual(store.directory, directory + "/calendars/work")
        XCTAssertEqual(try store.list(), [])
        XCTAssertEqual(try entries(), ["calendars"])
    }

    func testInitWithoutCreateRefusesAMissingDirectory() {
        XCTAssertThrowsError(try DirectoryStore(directory: directory, create: false)) { error in
            XCTAssertEqual(error as? StoreError, .unavailable("\(directory) does not exist"))
        }
    }

    func testInitRefusesAPathThatIsAFile() throws {
        _ = try makeStore()
        try writeFile("calendar.ics", "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n")
        let file = directory + "/calendar.ics"
        XCTAssertThrowsError(try DirectoryStore(directory: file)) { error in
            XCTAssertEqual(error as? StoreError, .unavailable("\(file) is not a directory"))
        }
    }
}
