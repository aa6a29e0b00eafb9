import CalendarModel
import XCTest

/// `DateValue(option:)`, the one reader of every date option: the basic and the ISO form mean the
/// same value, anything else (or a day that does not exist) is none.
final class DateOptionTests: XCTestCase {
    func testTheBasicAndTheISOFormReadAsTheSameValue() {
        let day = CalendarDate(year: 2026, month: 1, day: 5)
        let nine = LocalDateTime(date: day, hour: 9, minute: 0)
        for (basic, iso, value) in [
            ("20260105", "2026-01-05", DateValue.date(day)),
            ("20260105T090000", "2026-01-05T09:00:00", .floating(nine)),
            ("20260105T090000Z", "2026-01-05T09:00:00Z", .utc(nine)),
        ] {
            XCTAssertEqual(DateValue(option: basic), value, basic)
            XCTAssertEqual(DateValue(option: iso), value, iso)
        }
        XCTAssertEqual(DateValue(option: "2026-01-05T09:00"), .floating(nine), "seconds may be left out")
        XCTAssertEqual(DateValue(option: "20260105T0900Z"), .utc(nine))
    }

    func testAnythingElseIsNone() {
        for text in [
            "2026-1-05", "2026-01-5", "2026-0105", "202601-05", "2026-01-05T9:00", "2026-01-05T09:00:0", "2026-01-05T",
            "2026-02-30", "20260230", "2026-01-05T24:00:00", "2026-01-05 09:00", "2026-01-05t09:00", "+2026-01-05", "２０２６0105", "",
        ] {
            XCTAssertNil(DateValue(option: text), text)
        }
    }
}
