import CalendarModel
@testable import ICalendar
import XCTest

/// The one-master-per-UID check keeps 16 bytes per series member, not its UID: members whose
/// fingerprints meet in the first half are still told apart by the second, and the place kept is
/// enough to say where the first member stood, in which input.
final class SeriesFingerprintTests: XCTestCase {
    private func event(_ uid: String, line: Int, recurrenceID: String? = nil) -> Component {
        var properties = [Property(name: "UID", value: uid)]
        if let recurrenceID { properties.append(Property(name: "RECURRENCE-ID", value: recurrenceID)) }
        return Component(name: "VEVENT", properties: properties, location: SourceLocation(line: line))
    }

    func testMembersWhoseFirstHashesMeetAreToldApartByTheSecond() {
        // Every member gets the same first half: only the second tells them apart.
        var checks = CalendarWideChecks { uid, recurrenceID in
            SeriesFingerprint(first: 7, second: SeriesFingerprint(uid: uid, recurrenceID: recurrenceID).second)
        }
        XCTAssertNil(checks.component(event("a@example.org", line: 3), file: "one.ics"))
        XCTAssertNil(checks.component(event("b@example.org", line: 9), file: "one.ics"))
        XCTAssertNil(checks.component(event("a@example.org", line: 12, recurrenceID: "20260105T090000Z"), file: "one.ics"))
        let second = checks.component(event("a@example.org", line: 20), file: "one.ics")
        XCTAssertEqual(second?.location?.line, 20)
        XCTAssertEqual(second?.message.hasPrefix("VEVENT has UID a@example.org as the component at line 3 does"), true)
        // b was kept beside a, whose first half it shares, and is found there.
        let secondB = checks.component(event("b@example.org", line: 25), file: "one.ics")
        XCTAssertEqual(secondB?.message.hasPrefix("VEVENT has UID b@example.org as the component at line 9 does"), true)
        XCTAssertNil(checks.component(event("c@example.org", line: 30), file: "one.ics"))
    }

    func testASecondMasterInALaterInputNamesTheInputAndLineOfTheFirst() {
        var checks = CalendarWideChecks()
        XCTAssertNil(checks.component(event("a@example.org", line: 4), file: "one.ics"))
        XCTAssertNil(checks.component(event("a@example.org", line: 8, recurrenceID: "20260105T090000Z"), file: "two.ics"))
        let override = checks.component(event("a@example.org", line: 30, recurrenceID: "20260105T090000Z"), file: "one.ics")
        XCTAssertEqual(
            override?.message.hasPrefix(
                "VEVENT overrides RECURRENCE-ID 20260105T090000Z of UID a@example.org a second time (first at two.ics line 8)"), true)
        let master = checks.component(event("a@example.org", line: 40), file: "two.ics")
        XCTAssertEqual(master?.message.hasPrefix("VEVENT has UID a@example.org as the component at one.ics line 4 does"), true)
    }
}
