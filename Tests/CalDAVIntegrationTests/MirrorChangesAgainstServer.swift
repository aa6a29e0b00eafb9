import CalendarStores
import Foundation
import XCTest

/// What `mirror` asks a CalDAV source, store by store: the changes since a mark by href in one
/// sync-collection REPORT, however the resources are named (one here named by another client, as
/// calendar apps name theirs), and their data with the UIDs it declares in one calendar-multiget.
struct MirrorChangesAgainstServer {
    let server: CalDAVTestServer

    func changesAreNamedByHrefSinceTheMarkAndFetchLearnsEachUID() throws {
        let url = server.url(server.kind.calendarPath("changes-\(UUID().uuidString.prefix(8).lowercased())"))
        let store = try CalDAVStore(collection: url, user: "user", password: "secret", createIfMissing: (name: "Changes", color: nil))
        let etagA = try store.put(uid: "changes-a@example.com", bytes: event(uid: "changes-a@example.com", summary: "A"), expected: nil)
        XCTAssertLessThan(
            try putAsAnotherClient(
                url.appendingPathComponent("0F2C-foreign-name.ics"),
                bytes: event(uid: "changes-x@example.com", summary: "X")), 300)

        var sent = store.requestsSent
        let all = try store.changes(after: nil)
        XCTAssertEqual(store.requestsSent - sent, 1)
        XCTAssertTrue(all.isCompleteListing)
        let mark = try XCTUnwrap(all.mark)
        XCTAssertNotNil(mark.syncToken)
        XCTAssertEqual(Set(all.changed.map { lastSegment($0.href) }), ["changes-a@example.com.ics", "0F2C-foreign-name.ics"])

        sent = store.requestsSent
        var fetched: [FetchedResource] = []
        try store.fetch(all.changed.map(\.href)) { fetched.append($0) }
        XCTAssertEqual(store.requestsSent - sent, 1)
        XCTAssertEqual(Set(fetched.map(\.uid)), ["changes-a@example.com", "changes-x@example.com"])
        XCTAssertEqual(Set(fetched.map { ResourceVersion(href: $0.href, etag: $0.etag) }), Set(all.changed))
        XCTAssertTrue(text(fetched.first { $0.uid == "changes-x@example.com" }?.bytes).contains("SUMMARY:X"))

        // Fetching taught the store where the foreign UID lives: deleting it by UID finds it.
        try store.put(uid: "changes-a@example.com", bytes: event(uid: "changes-a@example.com", summary: "A, later"), expected: etagA)
        try store.delete(uid: "changes-x@example.com", expected: nil)
        let delta = try store.changes(after: mark)
        XCTAssertFalse(delta.isCompleteListing)
        XCTAssertEqual(delta.changed.map { lastSegment($0.href) }, ["changes-a@example.com.ics"])
        XCTAssertEqual(delta.removed.map(lastSegment), ["0F2C-foreign-name.ics"])
        XCTAssertNotEqual(delta.mark, mark)

        let refused = try store.changes(after: ChangeMark(syncToken: "http://example.com/ns/sync/no-such-token"))
        XCTAssertTrue(refused.isCompleteListing)
        XCTAssertEqual(refused.changed.map { lastSegment($0.href) }, ["changes-a@example.com.ics"])
    }

    private func lastSegment(_ href: String) -> String {
        href.split(separator: "/").last.map(String.init)?.removingPercentEncoding ?? href
    }
}
