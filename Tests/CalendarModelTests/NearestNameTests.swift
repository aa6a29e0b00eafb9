import CalendarModel
import XCTest

final class NearestNameTests: XCTestCase {
    func testASlipOfTheKeyboardFindsTheNameMeant() {
        XCTAssertEqual(NearestName.nearest(to: "exapnd", among: ["convert", "expand", "export"]), "expand")
        XCTAssertEqual(NearestName.nearest(to: "Europe/Berln", among: ["Europe/Berlin", "Europe/Bern"]), "Europe/Berlin")
        XCTAssertEqual(NearestName.nearest(to: "europe/berlin", among: ["Europe/Berlin"]), "Europe/Berlin")
    }

    func testANameFarFromEveryOneFindsNone() {
        // Two letters of three changed is another word, not a slip.
        XCTAssertNil(NearestName.nearest(to: "FOO", among: ["ROC", "UTC", "GMT"]))
        XCTAssertNil(NearestName.nearest(to: "team.ics", among: ["convert", "expand", "export"]))
    }

    func testANameWithOtherDigitsIsNeverOffered() {
        // GMT+1 and GMT+0 are an hour apart: no slip to be mended.
        XCTAssertNil(NearestName.nearest(to: "GMT+1", among: ["GMT+0", "GMT-0"]))
    }

    func testEditDistanceCountsInsertionsDeletionsAndSubstitutions() {
        XCTAssertEqual(NearestName.editDistance("kitten", "sitting"), 3)
        XCTAssertEqual(NearestName.editDistance("", "abc"), 3)
        XCTAssertEqual(NearestName.editDistance("same", "same"), 0)
    }
}
