import CalendarModel
import ICalendar
import Occurrences
import Platform
import Recurrence
import TimeZones
import XCTest

/// The iCalendar reader (scanner, content lines, values, libical's judgement) and the recurrence
/// engine do work in proportion to their input, however it is shaped.
final class ICalendarLinearTimeTests: XCTestCase {
    private func read(_ bytes: [UInt8]) {
        var scanner = CalendarScanner(input: InputFile(name: "shape.ics", contents: bytes))
        let reader = ComponentReader(file: "shape.ics")
        while let item = try? scanner.next() {
            if case .component(let raw) = item { _ = reader.read(raw) }
        }
    }

    private func event(_ body: [UInt8]) -> [UInt8] {
        Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:1\r\nDTSTART:20260101T100000Z\r\n".utf8) + body
            + Array("\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
    }

    func testOneHugeFieldIsReadInLinearTime() {
        assertLinear(
            "ics one huge DESCRIPTION", size: 64 << 10,
            input: { event(Array("DESCRIPTION:".utf8) + repeated("word\\, more\\n ", toBytes: $0)) }, read: read)
    }

    func testManyTinyLinesAreReadInLinearTime() {
        assertLinear(
            "ics many tiny lines", size: 32 << 10, input: { event(repeated("X-A:b\r\n", toBytes: $0) + Array("X-A:b".utf8)) }, read: read)
    }

    func testALongRunOfFoldedLinesIsReadInLinearTime() {
        assertLinear(
            "ics one line folded many times", size: 64 << 10,
            input: { event(Array("SUMMARY:a".utf8) + repeated("\r\n folded", toBytes: $0)) }, read: read)
    }

    func testAMillionParametersAreReadInLinearTime() {
        assertLinear(
            "ics many parameters", size: 32 << 10,
            input: { event(Array("X-P".utf8) + repeated(";A=1", toBytes: $0) + Array(":v".utf8)) }, read: read)
    }

    func testManyComponentsNestedAsDeepAsAllowedAreReadInLinearTime() {
        let depth = CalendarScanner.maximumDepth - 3
        let nest = String(repeating: "BEGIN:X-N\r\n", count: depth) + "X-A:b\r\n" + String(repeating: "END:X-N\r\n", count: depth)
        assertLinear(
            "ics deep nesting, many times", size: 32 << 10,
            input: { event(repeated(nest, toBytes: $0) + Array("X-A:b".utf8)) }, read: read)
    }

    func testManyComponentsAreReadInLinearTime() {
        let component = "BEGIN:VEVENT\r\nUID:x\r\nDTSTART:20260101T100000Z\r\nRRULE:FREQ=WEEKLY;COUNT=3\r\nEND:VEVENT\r\n"
        assertLinear(
            "ics many events", size: 32 << 10,
            input: { size in
                Array("BEGIN:VCALENDAR\r\n".utf8) + repeated(component, toBytes: size)
                    + Array("END:VCALENDAR\r\n".utf8)
            }, read: read)
    }

    func testARuleThatYieldsNothingForCenturiesCostsWorkInProportionToItsBudget() throws {
        let rule = try RecurrenceRule(parsing: "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30")
        let start = LocalDateTime(date: CalendarDate(year: 2026, month: 1, day: 1))
        // The input's size is the budget of empty periods: how far the iterator looks before giving up.
        assertLinear(
            "rrule that matches nothing", size: 2_000, input: { Array(repeating: 0, count: $0) },
            read: { budget in
                var instances = RecurrenceIterator(rule: rule, start: start, isDateOnly: false, emptyPeriodBudget: budget.count)
                XCTAssertNil(instances.next())
            })
    }

    func testExpandingADailyRuleOverALongerWindowCostsWorkInProportionToTheWindow() throws {
        let calendar = Component(
            name: "VCALENDAR",
            components: [
                Component(
                    name: "VEVENT",
                    properties: [
                        Property(name: "UID", value: "daily"), Property(name: "DTSTART", value: "20000101T090000Z"),
                        Property(name: "RRULE", value: "FREQ=DAILY"),
                    ])
            ])
        let utc = FixedOffsetZone(seconds: 0)
        assertLinear(
            "expand over a window", size: 400, input: { Array(repeating: 0, count: $0) },
            read: { days in
                var expansion = CalendarExpansion(calendar: calendar)
                let from = LocalDateTime(date: CalendarDate(year: 2001, month: 1, day: 1))
                let to = LocalDateTime(date: from.date.adding(days: days.count))
                XCTAssertEqual(try? expansion.occurrences(from: from, to: to, in: utc).count, days.count)
            })
    }
}
