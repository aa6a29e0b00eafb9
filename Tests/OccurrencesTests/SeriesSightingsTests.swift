@testable import Occurrences
import XCTest

/// `expand` tells the series keys it met in a fixed space: a key met again is always told, and a
/// key never met is seldom taken for one (it would only be expanded once more).
final class SeriesSightingsTests: XCTestCase {
    func testAKeyMetAgainIsAlwaysToldAndNewKeysSeldomAreTakenForOld() {
        var sightings = SeriesSightings()
        let keys = (0..<100_000).map { SeriesKey(isTodo: false, uid: "event-\($0)@example.org").hashValue }
        let mistaken = keys.filter { sightings.insert($0) }.count
        XCTAssertLessThan(mistaken, 10, "new keys taken for ones met before")
        XCTAssertTrue(keys.allSatisfy { sightings.insert($0) })
    }
}
