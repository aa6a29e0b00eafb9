import CalendarModel
import XCTest

/// Value types are named once, in `ValueType`: every name reads back as its type in either case, a
/// name of no known type is kept as written, and each type's check says which values are of it.
final class ValueTypeTests: XCTestCase {
    func testEveryTypeReadsBackFromItsNameInEitherCase() {
        for type in ValueType.allCases {
            XCTAssertEqual(ValueType(name: type.name), type, type.name)
            XCTAssertEqual(ValueType(name: type.icalendarName), type, type.icalendarName)
        }
        XCTAssertEqual(Set(ValueType.allCases.map(\.name)).count, ValueType.allCases.count, "each name once")
    }

    func testTheNamesAreThoseOfRFC5545AndRFC6321() {
        XCTAssertEqual(ValueType.dateTime.icalendarName, "DATE-TIME")
        XCTAssertEqual(ValueType.calendarAddress.name, "cal-address", "RFC 6321 §3.6.3")
        XCTAssertEqual(ValueType.utcOffset.name, "utc-offset")
        XCTAssertEqual(ValueType.xmlReference.icalendarName, "XML-REFERENCE", "RFC 9253 §8.2")
        XCTAssertEqual(ValueType(name: "Date-Time"), .dateTime)
    }

    func testAnUnknownTypeIsKeptAsWrittenInLowerCase() {
        XCTAssertEqual(ValueType(name: "X-VENDOR-TYPE"), .other("x-vendor-type"))
        XCTAssertEqual(ValueType(name: "X-VENDOR-TYPE").icalendarName, "X-VENDOR-TYPE")
        XCTAssertEqual(ValueType(name: "unknown"), .unknown, "RFC 7265 §5's own name")
    }

    func testEachTypeReadsItsOwnValuesOnly() {
        XCTAssertTrue(ValueType.date.reads("20260329"))
        XCTAssertFalse(ValueType.date.reads("20260329T100000"))
        XCTAssertTrue(ValueType.dateTime.reads("20260329T100000Z "), "blanks at the end aside")
        XCTAssertFalse(ValueType.dateTime.reads("20260230T100000"), "no 30 February")
        XCTAssertTrue(ValueType.duration.reads("-PT15M"))
        XCTAssertTrue(ValueType.recur.reads("FREQ=WEEKLY;BYDAY=MO"))
        XCTAssertFalse(ValueType.recur.reads("FREQ=WEEKLY;UNTL=20260101"))
        XCTAssertTrue(ValueType.period.reads("20260329T100000Z/PT1H"))
        XCTAssertFalse(ValueType.utcOffset.reads("+1"))
        XCTAssertTrue(ValueType.time.reads("100000Z"))
        XCTAssertFalse(ValueType.boolean.reads("yes"))
        XCTAssertTrue(ValueType.text.reads("anything, at all"))
        XCTAssertTrue(ValueType.other("x-a").reads("anything"))
    }
}

/// The parts of a recurrence rule are named in one list: RFC 6321's order for the web formats, and
/// which of them jCal writes as numbers.
final class RecurrenceRulePartTests: XCTestCase {
    func testTheWebFormatsOrderIsRFC6321s() {
        let ordered = RecurrenceRulePart.allCases.filter { $0.webOrder != nil }.sorted { ($0.webOrder ?? 0) < ($1.webOrder ?? 0) }
        XCTAssertEqual(
            ordered.map(\.webName),
            [
                "freq", "until", "count", "interval", "bysecond", "byminute", "byhour", "byday",
                "bymonthday", "byyearday", "byweekno", "bymonth", "bysetpos", "wkst",
            ])
        XCTAssertNil(RecurrenceRulePart.scale.webOrder, "RFC 7529 came after RFC 6321's schema")
        XCTAssertEqual(RecurrenceRulePart(webName: "bysetpos"), .bySetPosition)
        XCTAssertNil(RecurrenceRulePart(webName: "x-name"))
    }

    func testJCalWritesTheIntegerPartsAsNumbers() {
        XCTAssertEqual(
            Set(RecurrenceRulePart.allCases.filter(\.isNumeric).map(\.rawValue)),
            ["COUNT", "INTERVAL", "BYSECOND", "BYMINUTE", "BYHOUR", "BYMONTHDAY", "BYYEARDAY", "BYWEEKNO", "BYMONTH", "BYSETPOS"])
    }

    func testTheReaderKnowsEveryPartAndNoOther() {
        XCTAssertNotNil(RecurrenceRuleReading("FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU;BYSETPOS=1;WKST=SU;RSCALE=GREGORIAN;SKIP=OMIT").rule)
        XCTAssertEqual(
            RecurrenceRuleReading("FREQ=DAILY;UNTL=20260101").problems.map(\.fault),
            ["UNTL is not a rule part of RFC 5545 or RFC 7529"])
    }
}
