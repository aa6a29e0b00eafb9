import CalendarModel
import CalendarWebFormats
import Foundation
import XCTest

/// The xCal calbridge writes, checked against RFC 6321 Appendix A's schema (with the extensions of
/// RFC 6321 §5 and RFC 7986 added, see Schema/xcal.rnc).
final class XCalSchemaTests: XCTestCase {
    /// Corpus files whose content Appendix A itself does not allow, so their xCal cannot validate.
    static let outsideTheSchema = [
        "apple-default-alarm-none.ics": "Apple's ACTION:NONE alarm and RELTYPE=SNOOZE (RFC 9074) are not in Appendix A",
        "broken-missing-dtstamp.ics": "a VEVENT without DTSTAMP, which the schema requires",
        "broken-missing-uid.ics": "a VEVENT without UID, which the schema requires",
    ]

    func testWrittenXCalValidatesForEveryCorpusFileTheSchemaCanDescribe() throws {
        var validated = 0
        for url in corpusFiles where Self.outsideTheSchema[url.lastPathComponent] == nil {
            let problems = try XCalSchema.problems(in: XCalWriter().document(for: readICalendar(url)))
            XCTAssertEqual(problems, [], url.lastPathComponent)
            validated += 1
        }
        XCTAssertGreaterThanOrEqual(validated, 55)
    }

    func testTheSchemaStillRefusesWhatRFC6321Forbids() throws {
        let wrongType = Array(
            """
            <icalendar xmlns="urn:ietf:params:xml:ns:icalendar-2.0"><vcalendar><properties><prodid><text>x</text></prodid>
            <version><text>2.0</text></version></properties><components><vevent><properties><uid><text>1</text></uid>
            <dtstamp><date-time>2026-01-01T00:00:00Z</date-time></dtstamp><dtstart><text>soon</text></dtstart></properties>
            </vevent></components></vcalendar></icalendar>
            """.utf8)
        XCTAssertFalse(try XCalSchema.problems(in: wrongType).isEmpty)
    }
}
