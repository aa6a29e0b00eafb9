import CalendarStores
import Foundation
import XCTest

/// vdirs written by other tools (vdirsyncer, khal, Thunderbird exports) name files as they like;
/// the UID inside decides whose file it is, and the store updates such files where they are.
final class DirectoryStoreForeignFileTests: VdirTestCase {
    func testAForeignFileNameIsListedWithTheUIDInsideAndUpdatedInPlace() throws {
        _ = try makeStore()
        try writeFile("abc.ics", String(decoding: event(uid: "x@y", summary: "Theirs"), as: UTF8.self))
        // A fresh store, as in a new process: nothing is known until the directory is read.
        let store = try makeStore()
        let listed = try store.list()
        XCTAssertEqual(listed.map(\.uid), ["x@y"])

        let ours = event(uid: "x@y", summary: "Edited by calbridge")
        let etag = try store.put(uid: "x@y", bytes: ours, expected: listed[0].etag)
        XCTAssertEqual(try entries(), ["abc.ics"])
        XCTAssertEqual(try readFile("abc.ics"), String(decoding: ours, as: UTF8.self))
        XCTAssertThrowsError(try store.put(uid: "x@y", bytes: ours, expected: nil)) {
            XCTAssertEqual($0 as? StoreError, .alreadyExists(uid: "x@y"))
        }
        try store.delete(uid: "x@y", expected: etag)
        XCTAssertEqual(try entries(), [])
    }

    func testGetFindsAForeignFileWithoutAPriorList() throws {
        let store = try makeStore()
        try writeFile("7f3a9c.ics", String(decoding: event(uid: "x@y", summary: "Theirs"), as: UTF8.self))
        XCTAssertEqual(try store.get(uid: "x@y")?.bytes, event(uid: "x@y", summary: "Theirs"))
    }

    func testAForeignFileAddedAfterAListIsFoundOnceTheDirectoryChanged() throws {
        let store = try makeStore()
        try store.put(uid: "mine@example.com", bytes: event(uid: "mine@example.com", summary: "Mine"), expected: nil)
        XCTAssertEqual(try store.list().map(\.uid), ["mine@example.com"])
        try writeFile("Z8K1.ics", String(decoding: event(uid: "x@y", summary: "Theirs"), as: UTF8.self))
        // The store notices by the directory's modification time; pin it to a value the list cannot
        // have seen, so the test does not depend on the clock ticking between the two steps.
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)],
            ofItemAtPath: directory)
        XCTAssertEqual(try store.get(uid: "x@y")?.bytes, event(uid: "x@y", summary: "Theirs"))
        XCTAssertThrowsError(try store.put(uid: "x@y", bytes: [], expected: nil)) {
            XCTAssertEqual($0 as? StoreError, .alreadyExists(uid: "x@y"))
        }
    }

    func testOtherFilesAndDotFilesAreIgnored() throws {
        let store = try makeStore()
        try writeFile("color", "#ff0000")
        try writeFile("displayname", "Work")
        try writeFile(".abc.ics.tmp", "BEGIN:VCALENDAR\r\nUID:half-written\r\n")
        try writeFile(".hidden.ics", "UID:hidden\r\n")
        try writeFile("notes.txt", "UID:not-a-calendar\r\n")
        XCTAssertEqual(try store.list(), [])
        XCTAssertNil(try store.get(uid: "hidden"))
    }

    func testTheUIDIsTakenFromTheEventNotFromAnAlarmAndIsUnfoldedAndUnescaped() throws {
        let store = try makeStore()
        try writeFile(
            "1.ics",
            """
            BEGIN:VCALENDAR\r
            BEGIN:VEVENT\r
            DTSTART:20240110T140000Z\r
            BEGIN:VALARM\r
            UID:alarm-1\r
            END:VALARM\r
            uid;X-NOTE="a:b":meet\\,ing@exa\r
             mple.com\r
            END:VEVENT\r
            END:VCALENDAR\r

            """)
        XCTAssertEqual(try store.list().map(\.uid), ["meet,ing@example.com"])
    }

    func testTwoFilesClaimingOneUIDListItOnceAndPreferTheStoresOwnName() throws {
        let store = try makeStore()
        try writeFile("copy.ics", String(decoding: event(uid: "x@y", summary: "Copy"), as: UTF8.self))
        try writeFile("x@y.ics", String(decoding: event(uid: "x@y", summary: "Own"), as: UTF8.self))
        XCTAssertEqual(try store.list().count, 1)
        XCTAssertEqual(try store.get(uid: "x@y")?.bytes, event(uid: "x@y", summary: "Own"))
    }
}
