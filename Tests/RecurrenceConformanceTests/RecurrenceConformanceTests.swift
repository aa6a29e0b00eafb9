import CalendarModel
import Foundation
import Occurrences
import XCTest

/// Runs every case of `Vectors/rrule-vectors.json` (libical 4.0.3's own vectors; where they come from
/// is in `Vectors/README.md`) through the recurrence engine as `calbridge recur` does: the rule read by
/// `RecurrenceRule`, its instances from `RuleInstances`, written as iCalendar values.
final class RecurrenceConformanceTests: XCTestCase {
    struct Vectors: Decodable {
        var cases: [Case]
    }

    struct Case: Decodable {
        var description: String?
        var rrule: String
        var dtstart: String
        // swift-format-ignore: AlwaysUseLowerCamelCase
        // The vector files' own key, decoded by name.
        var start_at: String?
        var expected: [String]
    }

    /// Where calbridge and libical 4.0.3 part ways, what calbridge answers and why the RFC allows it.
    static let documentedDifferences: [Int: (answer: [String], why: String)] = [
        79: (
            ["20241230", "20251230", "20301230", "20311230"],
            """
            libical 4.0.3 refuses BYMONTH with BYMONTHDAY and BYWEEKNO in one YEARLY rule ("UNIMPLEMENTED").
            RFC 5545 §3.3.10's table lists all three as expanding parts of YEARLY and the parts combine by
            intersection, so the rule means "30 December when it lies in week 1 of the next year": true
            in 2024, 2025, 2030 and 2031 (1 January of 2025, 2026, 2031, 2032 falls Wednesday to Sunday).
            """
        ),
        133: (["20321230T000000Z"], unsynchronizedWeek53),
        134: (["20711231T000000Z"], unsynchronizedWeek53),
    ]

    /// Cases 133 and 134 start on Sunday 2027-01-03 with a rule that only yields Thursdays.
    static let unsynchronizedWeek53 = """
        DTSTART is not an instance of its rule (a Sunday; the rule yields Thursdays), and RFC 5545
        §3.8.5.3 leaves such a recurrence set undefined. calbridge counts INTERVAL from the
        week-numbering year DTSTART lies in (2026, week 53), as libical itself does when DTSTART is
        an instance (cases 142 and 145); libical 4.0.3 counts from the calendar year (2027) here.
        With steps of 6 years that gives 2032 (which has a week 53), with steps of 5 years 2071.
        """

    func testEveryVectorThroughTheRecurrenceEngine() throws {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "rrule-vectors", withExtension: "json", subdirectory: "Vectors"))
        let vectors = try JSONDecoder().decode(Vectors.self, from: Data(contentsOf: url))
        XCTAssertEqual(vectors.cases.count, 146)
        var agreeing = 0
        for (index, vector) in vectors.cases.enumerated() {
            let tail = vector.start_at.map { at in vector.expected.filter { $0 >= at } } ?? vector.expected
            let count = max(Self.documentedDifferences[index]?.answer.count ?? tail.count, 1)
            let got = try instances(of: vector, count: count)
            if let documented = Self.documentedDifferences[index] {
                XCTAssertEqual(got, documented.answer, "case \(index) \(vector.rrule): \(documented.why)")
            } else {
                XCTAssertEqual(got, tail, "case \(index): \(vector.rrule) from \(vector.dtstart) — \(vector.description ?? "")")
                if got == tail { agreeing += 1 }
            }
        }
        XCTAssertEqual(agreeing, vectors.cases.count - Self.documentedDifferences.count)
    }

    /// The first `count` instances of the vector's rule, as `calbridge recur` prints them.
    private func instances(of vector: Case, count: Int) throws -> [String] {
        let rule = try RecurrenceRule(parsing: vector.rrule)
        let start = try XCTUnwrap(DateValue(icalendar: vector.dtstart), vector.dtstart)
        let startingAt = try vector.start_at.map { try XCTUnwrap(DateValue(icalendar: $0), $0) }
        return RuleInstances(rule: rule, start: start, startingAt: startingAt).prefix(count).map(\.icalendarText)
    }
}
