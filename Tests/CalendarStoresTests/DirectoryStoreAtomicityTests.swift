import CalendarStores
import Foundation
import XCTest

/// Writes are whole or nothing: no temporary files stay behind, and a write cut short leaves the
/// previous content readable.
final class DirectoryStoreAtomicityTests: VdirTestCase {
    func testNoTemporaryFilesRemainAfterWrites() throws {
        let store = try makeStore()
        var etag = try store.put(uid: "a@example.com", bytes: event(uid: "a@example.com", summary: "1"), expected: nil)
        for summary in ["2", "3", "4"] {
            etag = try store.put(
                uid: "a@example.com", bytes: event(uid: "a@example.com", summary: summary),
                expected: etag)
        }
        try store.put(uid: "b@example.com", bytes: event(uid: "b@example.com", summary: "B"), expected: nil)
        XCTAssertEqual(try entries(), ["a@example.com.ics", "b@example.com.ics"])
    }

    func testAWriteCutShortBeforeTheRenameLeavesThePreviousContent() throws {
        let store = try makeStore()
        let original = event(uid: "a@example.com", summary: "Original")
        let etag = try store.put(uid: "a@example.com", bytes: original, expected: nil)
        // What a crash mid-put leaves: the temporary file beside the destination, half written,
        // never renamed.
        let half = event(uid: "a@example.com", summary: "Replacement").prefix(60)
        try Data(half).write(to: URL(fileURLWithPath: directory + "/.a@example.com.ics.calbridge-Q7x2Lm"))

        XCTAssertEqual(try store.get(uid: "a@example.com")?.bytes, original)
        XCTAssertEqual(try store.list(), [StoredResource(uid: "a@example.com", etag: etag)])
        let replacement = event(uid: "a@example.com", summary: "Replacement")
        try store.put(uid: "a@example.com", bytes: replacement, expected: etag)
        XCTAssertEqual(try store.get(uid: "a@example.com")?.bytes, replacement)
    }

    func testAPutThatCannotWriteFailsAndLeavesThePreviousContent() throws {
        try XCTSkipIf(geteuid() == 0, "root writes into read-only directories, so the write would not fail")
        let store = try makeStore()
        let original = event(uid: "a@example.com", summary: "Original")
        let etag = try store.put(uid: "a@example.com", bytes: original, expected: nil)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory) }

        XCTAssertThrowsError(
            try store.put(
                uid: "a@example.com",
                bytes: event(uid: "a@example.com", summary: "New"), expected: etag)
        ) {
            guard case .unavailable = $0 as? StoreError else { return XCTFail("\($0)") }
        }
        XCTAssertEqual(try store.get(uid: "a@example.com")?.bytes, original)
        XCTAssertEqual(try entries(), ["a@example.com.ics"])
    }
}
