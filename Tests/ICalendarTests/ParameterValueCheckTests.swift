import CalendarModel
@testable import ICalendar
import XCTest

/// The parser's quick test of which parameters to look up (`ParameterValueCheck.mayBeClosed`) against
/// the design table it stands in for, and the per-line record of those parameters.
final class ParameterValueCheckTests: XCTestCase {
    private func mayBeClosed(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        return ParameterValueCheck.mayBeClosed(bytes, 0..<bytes.count)
    }

    func testEveryClosedParameterOfTheDesignTablePassesTheQuickTestInAnyCase() {
        XCTAssertEqual(Set(ParameterDesignTable.closedNames), ["RSVP", "RANGE", "RELATED", "ENCODING"])
        for name in ParameterDesignTable.closedNames {
            XCTAssertTrue(mayBeClosed(name), name)
            XCTAssertTrue(mayBeClosed(name.lowercased()), name)
        }
    }

    func testTheCommonParametersAreRuledOutWithoutALookup() {
        for name in ["TZID", "ROLE", "PARTSTAT", "CN", "VALUE", "CUTYPE", "LANGUAGE", "SENT-BY", "FMTTYPE", "X-RSVP", "R", ""] {
            XCTAssertFalse(mayBeClosed(name), name)
        }
    }

    func testALinesCandidatesPastTheSixtyFourthAreAllKeptByTheLastBit() {
        var candidates = ClosedParameterCandidates()
        XCTAssertTrue(candidates.isEmpty)
        candidates.insert(2)
        candidates.insert(70)
        XCTAssertEqual((0..<100).filter(candidates.contains), [2] + Array(63..<100))
    }
}
