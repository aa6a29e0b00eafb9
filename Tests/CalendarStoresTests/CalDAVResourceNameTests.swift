@testable import CalendarStores
import XCTest

/// The names calbridge gives CalDAV resources hold no `%`, so a server that decodes a path twice
/// (DAViCal) reads the same one segment as a server that decodes it once.
final class CalDAVResourceNameTests: XCTestCase {
    private let plain = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._@-~")

    func testAUIDOfPlainBytesIsItsOwnName() {
        XCTAssertEqual(CalDAVPath.resourceName(for: "7kq2m0c1@google.com"), "7kq2m0c1@google.com.ics")
        XCTAssertEqual(CalDAVPath.uid(forName: "7kq2m0c1@google.com.ics"), "7kq2m0c1@google.com")
    }

    func testOtherUIDsGetPlainBytesAndAHashOfTheWholeUID() throws {
        // Names live on servers between runs and versions: the hash is 64-bit FNV-1a of the UID's
        // UTF-8, its value here computed apart from calbridge (Python), each escaped byte a '-'.
        XCTAssertEqual(CalDAVPath.resourceName(for: "team/planning@example.com"), "team-planning@example.com~58f27e03eed4adbd.ics")
        XCTAssertEqual(CalDAVPath.resourceName(for: "Zoë 2026"), "Zo---2026~f11654e774597e5e.ics")
        let uids = [
            "team/planning@example.com", "team planning@example.com", "team%2Fplanning@example.com",
            "Zoë 2026", ".hidden", "..", String(repeating: "ü/", count: 300),
        ]
        let names = uids.map(CalDAVPath.resourceName(for:))
        XCTAssertEqual(Set(names).count, uids.count, "\(names)")
        for (uid, name) in zip(uids, names) {
            XCTAssertTrue(Set(name).isSubset(of: plain), name)
            XCTAssertFalse(name.hasPrefix("."), name)
            XCTAssertLessThanOrEqual(name.utf8.count, 200, uid)
            // A hashed name names no UID: the listing learns it from the resource's data.
            XCTAssertNil(CalDAVPath.uid(forName: name), name)
        }
        XCTAssertEqual(names[4].prefix(8), "-hidden~")
    }
}
