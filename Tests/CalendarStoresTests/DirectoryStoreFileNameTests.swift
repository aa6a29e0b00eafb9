import CalendarStores
import XCTest

/// UIDs become file names that are safe anywhere and distinct for distinct UIDs, and `list`
/// recovers the UIDs from them.
final class DirectoryStoreFileNameTests: VdirTestCase {
    private let safe = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._@-%~")

    func testAwkwardUIDsGetEscapedNamesAndComeBackFromList() throws {
        let store = try makeStore()
        let expectedNames = [
            "team/standup@example.com": "team%2Fstandup@example.com.ics",
            "team%2Fstandup@example.com": "team%252Fstandup@example.com.ics",
            "weekly sync 2024": "weekly%20sync%202024.ics",
            "Müller-Geburtstag@familie.de": "M%C3%BCller-Geburtstag@familie.de.ics",
            ".hidden": "%2Ehidden.ics",
            "..": "%2E..ics",
        ]
        for uid in expectedNames.keys {
            try store.put(uid: uid, bytes: Array("no UID line, so only the name tells".utf8), expected: nil)
        }
        XCTAssertEqual(try entries(), expectedNames.values.sorted())
        XCTAssertEqual(try store.list().map(\.uid), expectedNames.keys.sorted())
        for uid in expectedNames.keys {
            XCTAssertNotNil(try store.get(uid: uid), uid)
        }
    }

    func testA400CharacterUIDGetsA200ByteNameWithAHashAndIsListedFromItsContent() throws {
        let store = try makeStore()
        let long = String(repeating: "x", count: 390) + "@a.example"
        let longer = String(repeating: "x", count: 390) + "@b.example"
        XCTAssertEqual(long.count, 400)
        let bytes = event(uid: long, summary: "Long")
        try store.put(uid: long, bytes: bytes, expected: nil)
        try store.put(uid: longer, bytes: event(uid: longer, summary: "Longer"), expected: nil)

        let names = try entries()
        XCTAssertEqual(names.count, 2)
        for name in names {
            XCTAssertEqual(name.utf8.count, 200)
            XCTAssertTrue(name.hasPrefix(String(repeating: "x", count: 179) + "~"), name)
            XCTAssertTrue(name.allSatisfy { safe.contains($0) }, name)
        }
        XCTAssertEqual(try store.list().map(\.uid), [long, longer])
        XCTAssertEqual(try DirectoryStore(directory: directory).get(uid: long)?.bytes, bytes)
    }

    func testALongUIDOfEscapedCharactersIsNeverCutInsideAnEscape() throws {
        let store = try makeStore()
        let uid = "a" + String(repeating: "ü", count: 100)
        try store.put(uid: uid, bytes: event(uid: uid, summary: "Umlauts"), expected: nil)
        let name = try XCTUnwrap(entries().first)
        XCTAssertLessThanOrEqual(name.utf8.count, 200)
        let stem = try XCTUnwrap(name.split(separator: "~").first)
        // "a" then whole three-character escapes only: a cut one would leave a dangling "%" or "%C".
        XCTAssertEqual(stem.count, 178)
        XCTAssertTrue(stem.hasSuffix("%C3%BC%C3"), String(stem))
        XCTAssertEqual(try store.list().map(\.uid), [uid])
    }

    func testAUIDWhosePlainNameIsTakenByAnotherUIDGetsAHashedName() throws {
        let store = try makeStore()
        try writeFile("abc.ics", String(decoding: event(uid: "x@y", summary: "Foreign"), as: UTF8.self))
        let mine = event(uid: "abc", summary: "Mine")
        try store.put(uid: "abc", bytes: mine, expected: nil)
        XCTAssertEqual(try readFile("abc.ics").contains("UID:x@y"), true)
        XCTAssertEqual(try store.get(uid: "abc")?.bytes, mine)
        XCTAssertEqual(try store.list().map(\.uid), ["abc", "x@y"])
        let hashed = try XCTUnwrap(entries().first { $0 != "abc.ics" })
        XCTAssertTrue(hashed.hasPrefix("abc~"), hashed)
    }
}
