import CalendarModel
import XCTest

final class RecurrenceRuleTests: XCTestCase {
    func testEveryPartIsRead() throws {
        let rule = try RecurrenceRule(
            parsing:
                "FREQ=YEARLY;INTERVAL=2;BYMONTH=1,3;BYDAY=-1SU,2MO,TU;BYHOUR=8,9;BYMINUTE=30;BYSECOND=0;BYSETPOS=-1;WKST=SU;UNTIL=20301231T230000Z;BYWEEKNO=20,-1;BYYEARDAY=-1,100;BYMONTHDAY=-2,15"
        )
        XCTAssertEqual(rule.frequency, .yearly)
        XCTAssertEqual(rule.interval, 2)
        XCTAssertEqual(rule.byMonth, [1, 3])
        XCTAssertEqual(rule.byDay, [.init(.sunday, ordinal: -1), .init(.monday, ordinal: 2), .init(.tuesday)])
        XCTAssertEqual(rule.byHour, [8, 9])
        XCTAssertEqual(rule.bySetPos, [-1])
        XCTAssertEqual(rule.weekStart, .sunday)
        XCTAssertEqual(rule.byWeekNo, [20, -1])
        XCTAssertEqual(rule.byYearDay, [-1, 100])
        XCTAssertEqual(rule.byMonthDay, [-2, 15])
        XCTAssertEqual(rule.until, .utc(LocalDateTime(date: CalendarDate(year: 2030, month: 12, day: 31), hour: 23)))
    }

    func testWrittenFormReadsBackAsTheSameRule() throws {
        let rule = try RecurrenceRule(parsing: "BYDAY=MO,WE;RSCALE=GREGORIAN;FREQ=WEEKLY;COUNT=10;SKIP=FORWARD")
        XCTAssertEqual(rule.icalendarText, "FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10;RSCALE=GREGORIAN;SKIP=FORWARD")
        XCTAssertEqual(try RecurrenceRule(parsing: rule.icalendarText), rule)
    }

    func testRulesTheRfcForbidsAreRefusedWithAReason() {
        XCTAssertThrowsError(try RecurrenceRule(parsing: "FREQ=DAILY;COUNT=3;UNTIL=20260101")) { error in
            XCTAssertTrue("\(error)".contains("COUNT and UNTIL"))
        }
        XCTAssertThrowsError(try RecurrenceRule(parsing: "FREQ=MONTHLY;BYMONTH=13"))
        XCTAssertThrowsError(try RecurrenceRule(parsing: "FREQ=SOMETIMES"))
        XCTAssertThrowsError(try RecurrenceRule(parsing: "BYDAY=MO"))
        XCTAssertThrowsError(try RecurrenceRule(parsing: "FREQ=WEEKLY;BYDAY=XX"))
        XCTAssertThrowsError(try RecurrenceRule(parsing: "FREQ=WEEKLY;INTERVAL=0"))
    }

    /// Parts are cut as splitting at ';' and at the first '=' always cut them: empty parts and a
    /// leading '=' are skipped, a later '=' belongs to the value, and a missing value is refused.
    func testPartsAreCutAtTheFirstEqualsSign() throws {
        let rule = try RecurrenceRule(parsing: "freq=daily;;==INTERVAL=2;BYDAY=MO,,TU")
        XCTAssertEqual(rule.frequency, .daily)
        XCTAssertEqual(rule.interval, 2)
        XCTAssertEqual(rule.byDay, [.init(.monday), .init(.tuesday)])
        XCTAssertThrowsError(try RecurrenceRule(parsing: "FREQ=DAILY;WKST==MO")) { error in
            XCTAssertEqual("\(error)", "WKST==MO is not a weekday")
        }
        XCTAssertThrowsError(try RecurrenceRule(parsing: "FREQ=DAILY;INTERVAL=")) { error in
            XCTAssertEqual("\(error)", "'INTERVAL=' is not NAME=VALUE")
        }
        XCTAssertThrowsError(try RecurrenceRule(parsing: "FREQ=DAILY;BYHOUR=1,,2"))
    }

    func testTheLenientReadingSaysWhatItDoesWithEachProblem() throws {
        func read(_ text: String) -> (String?, [String]) {
            let reading = RecurrenceRuleReading(text)
            return (reading.rule?.icalendarText, reading.problems.map(\.description))
        }
        XCTAssertTrue(read("") == (nil, ["the rule has no FREQ; the rule is ignored"]))
        XCTAssertTrue(read("BYDAY=MO") == (nil, ["the rule has no FREQ; the rule is ignored"]))
        XCTAssertTrue(read("FREQ=WEEKLY;COUNT=-3") == ("FREQ=WEEKLY", ["COUNT=-3 is not a positive number; COUNT is dropped"]))
        XCTAssertTrue(
            read("FREQ=WEEKLY;BYDAY= TU") == ("FREQ=WEEKLY;BYDAY=TU", ["BYDAY=' TU' has blanks around its value; read as BYDAY=TU"]))
        XCTAssertTrue(
            read("FREQ=WEEKLY;BYDAY= TU;UNTL=20191023") == (nil, ["UNTL is not a rule part of RFC 5545 or RFC 7529; the rule is ignored"]),
            "an unknown part drops the rule, and the fixes before it no longer matter")
        XCTAssertTrue(
            read("FREQ=DAILY;COUNT=3;UNTIL=20260101") == (
                "FREQ=DAILY;UNTIL=20260101;COUNT=3",
                ["COUNT and UNTIL must not both be given (RFC 5545 §3.3.10); the series ends at whichever comes first"]
            ))
        XCTAssertTrue(
            read("RSCALE=ETHIOPIC;FREQ=MONTHLY;BYMONTH=13")
                == (nil, ["RSCALE=ETHIOPIC is a calendar scale calbridge does not expand; the rule is ignored"]))
        XCTAssertTrue(
            read("RSCALE=GREGORIAN;FREQ=YEARLY;BYMONTH=3,5L") == (
                "FREQ=YEARLY;BYMONTH=3;RSCALE=GREGORIAN",
                ["BYMONTH=3,5L names leap months, which Gregorian years do not have; they are dropped"]
            ))
        XCTAssertTrue(
            read("FREQ=YEARLY;BYMONTH=5L")
                == (nil, ["BYMONTH=5L names leap months, which Gregorian years do not have; the rule yields nothing but DTSTART"]))
    }
}

/// Rules calbridge makes are written through `RecurrenceRule`, in the order most writers use.
final class RecurrenceRuleWritingTests: XCTestCase {
    func testLargerUnitsComeFirstAndTheEndLast() {
        var rule = RecurrenceRule(frequency: .yearly)
        rule.byDay = [.init(.sunday, ordinal: -1)]
        rule.byMonth = [3]
        rule.until = .utc(LocalDateTime(date: CalendarDate(year: 2037, month: 3, day: 29), hour: 1, minute: 0, second: 0))
        rule.interval = 2
        XCTAssertEqual(rule.icalendarText, "FREQ=YEARLY;INTERVAL=2;BYMONTH=3;BYDAY=-1SU;UNTIL=20370329T010000Z")
    }
}

/// TEXT escapes: iCalendar drops the backslash of an escape it does not define; vCard keeps it.
final class TextEscapingTests: XCTestCase {
    func testUnknownEscapesByFormat() {
        XCTAssertEqual(TextEscaping.unescape(#"C:\temp\, a\;b\nc\\"#), "C:temp, a;b\nc\\")
        XCTAssertEqual(TextEscaping.unescape(#"C:\temp\, a\;b\nc\\"#, unknown: .asWritten), "C:\\temp, a;b\nc\\")
    }

    func testSplitsAtUnescapedSeparatorsOnly() {
        XCTAssertEqual(TextEscaping.split(#"Doe;Jane\;Ann;;"#, at: ";"), ["Doe", #"Jane\;Ann"#, "", ""])
        XCTAssertEqual(TextEscaping.splitList(#"a\,b,c"#), [#"a\,b"#, "c"])
    }
}
