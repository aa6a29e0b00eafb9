import CalendarModel
import ICalendar
import Occurrences
import Platform
import XCTest

/// The rules of issue 14 that the messy-series calendars do not show by themselves, each on a small
/// calendar read as a lenient reader reads it.
final class MessySeriesRulesTests: XCTestCase {
    /// The occurrences of `lines` (the inside of a VCALENDAR) from `from` to `to`, as `start/end`.
    private func spans(_ lines: [String], from: String, to: String) throws -> [String] {
        let text = (["BEGIN:VCALENDAR"] + lines + ["END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
        var calendar = Component(name: "VCALENDAR")
        var reader = CalendarStreamReader()
        reader.checksWithLibical = false
        try reader.read(InputFile(name: "test.ics", contents: Array(text.utf8))) { event in
            if case .component(let read) = event, let component = read.component { calendar.components.append(component) }
        }
        var expansion = CalendarExpansion(calendar: calendar)
        return try expansion.occurrences(from: DateValue(icalendar: from)!.local, to: DateValue(icalendar: to)!.local, in: nil)
            .map { $0.start.isoText + "/" + $0.end.isoText }
    }

    private func event(_ lines: String...) -> [String] {
        ["BEGIN:VEVENT", "UID:e", "DTSTAMP:20240101T000000Z"] + lines + ["END:VEVENT"]
    }

    func testUntilBeforeStartLeavesNoInstanceButTheRDates() throws {
        let found = try spans(
            event("DTSTART;VALUE=DATE:20240108", "RRULE:FREQ=WEEKLY;UNTIL=20240101", "RDATE;VALUE=DATE:20240120"),
            from: "20240101", to: "20250101")
        XCTAssertEqual(found, ["2024-01-20/2024-01-21"])
    }

    func testAnAllDaySeriesWithAUTCEndEndsEachOccurrenceAsManyDaysLaterInUTC() throws {
        let found = try spans(
            event("DTSTART;VALUE=DATE:20240101", "DTEND:20240102T100000Z", "RRULE:FREQ=DAILY;COUNT=2"),
            from: "20240101", to: "20240201")
        XCTAssertEqual(found, ["2024-01-01/2024-01-02T10:00:00Z", "2024-01-02/2024-01-03T10:00:00Z"])
    }

    func testAnAllDaySeriesExcludesADateTimeExdateByTheDateWrittenInItsZone() throws {
        // London midnight on 2 July is 23:00 UTC on 1 July; Exchange means 2 July.
        let found = try spans(
            event(
                "DTSTART;VALUE=DATE:20240701", "RRULE:FREQ=DAILY;COUNT=3",
                "EXDATE;TZID=Europe/London:20240702T000000"), from: "20240601", to: "20240801")
        XCTAssertEqual(found, ["2024-07-01/2024-07-02", "2024-07-03/2024-07-04"])
    }

    func testAnOverrideOfAnEventThatHappensOnceReplacesIt() throws {
        let found = try spans(
            event("DTSTART:20240101T090000Z", "DURATION:PT1H")
                + event("RECURRENCE-ID:20240101T090000Z", "DTSTART:20240101T150000Z", "DURATION:PT1H"),
            from: "20240101", to: "20240201")
        XCTAssertEqual(found, ["2024-01-01T15:00:00Z/2024-01-01T16:00:00Z"])
    }

    /// khal writes only the transitions near its events: here 2018–2020, the first one a STANDARD
    /// onset, so before it the definition alone would put a winter date in summer time (+02:00).
    func testAPartialZoneIsCompletedByTheDatabaseOutsideTheYearsItDefines() throws {
        let zone = [
            "BEGIN:VTIMEZONE", "TZID:Europe/Berlin",
            "BEGIN:STANDARD", "DTSTART:20181028T030000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "RDATE:20191027T030000", "END:STANDARD",
            "BEGIN:DAYLIGHT", "DTSTART:20190331T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "RDATE:20200329T020000", "END:DAYLIGHT",
            "END:VTIMEZONE",
        ]
        let found = try spans(
            zone
                + event(
                    "DTSTART;TZID=Europe/Berlin:20161203T130000", "RDATE;TZID=Europe/Berlin:20180104T164500",
                    "RDATE;TZID=Europe/Berlin:20190704T120000", "RDATE;TZID=Europe/Berlin:20201104T120000"),
            from: "20160101", to: "20210101")
        XCTAssertEqual(
            found,
            [
                "2016-12-03T13:00:00+01:00/2016-12-03T13:00:00+01:00", "2018-01-04T16:45:00+01:00/2018-01-04T16:45:00+01:00",
                "2019-07-04T12:00:00+02:00/2019-07-04T12:00:00+02:00", "2020-11-04T12:00:00+01:00/2020-11-04T12:00:00+01:00",
            ])
    }

    func testRulesAreExpandedAsTheLenientReadingReadsThem() throws {
        func starts(_ rule: String, from start: String = "DTSTART:20240102T090000Z") throws -> [String] {
            try spans(event(start, rule), from: "20120101", to: "20240201").map { String($0.prefix(10)) }
        }
        XCTAssertEqual(
            try starts("RRULE:FREQ=WEEKLY;BYDAY= TU;COUNT=2"), ["2024-01-02", "2024-01-09"], "blanks around a value are read past")
        XCTAssertEqual(
            try starts("RRULE:FREQ=WEEKLY;COUNT=-3"), ["2024-01-02", "2024-01-09", "2024-01-16", "2024-01-23", "2024-01-30"],
            "a negative COUNT is dropped")
        XCTAssertEqual(try starts("RRULE:FREQ=WEEKLY;UNTL=20240110"), ["2024-01-02"], "an unknown part drops the rule, never its bound")
        XCTAssertEqual(try starts("RRULE:"), ["2024-01-02"])
        XCTAssertEqual(
            try starts("RRULE:RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=8;SKIP=FORWARD"), ["2024-01-02"],
            "a scale other than Gregorian is not expanded")
        XCTAssertEqual(try starts("RRULE:RSCALE=GREGORIAN;FREQ=YEARLY;BYMONTH=5L"), ["2024-01-02"], "Gregorian years have no leap month")
        XCTAssertEqual(
            try starts("RRULE:RSCALE=GREGORIAN;FREQ=YEARLY;SKIP=FORWARD;COUNT=5", from: "DTSTART;VALUE=DATE:20120229"),
            ["2012-02-29", "2013-03-01", "2014-03-01", "2015-03-01", "2016-02-29"], "RFC 7529 §4.3.4")
        XCTAssertEqual(
            try starts("RRULE:RSCALE=GREGORIAN;FREQ=MONTHLY;SKIP=BACKWARD;COUNT=3", from: "DTSTART;VALUE=DATE:20230131"),
            ["2023-01-31", "2023-02-28", "2023-03-31"])
    }
}
