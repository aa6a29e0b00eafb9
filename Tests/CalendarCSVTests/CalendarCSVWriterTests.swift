import CalendarModel
import XCTest
@testable import CalendarCSV

/// Writing events as Google's and Outlook's CSV, recurring series as their occurrences in a window,
/// and the round trip calendar → CSV → calendar of what the spreadsheet forms can hold.
final class CalendarCSVWriterTests: XCTestCase {
    private func event(_ uid: String, _ properties: [(String, String)], alarm trigger: String? = nil) -> Component {
        var event = Component(
            name: "VEVENT", properties: [Property(name: "UID", value: uid), Property(name: "DTSTAMP", value: "20260101T000000Z")])
        for (name, value) in properties {
            let parts = name.split(separator: ";")
            let parameters = parts.dropFirst().map { part in
                let pair = part.split(separator: "=")
                return Parameter(String(pair[0]), String(pair[1]))
            }
            event.properties.append(Property(name: String(parts[0]), parameters: parameters, value: value))
        }
        if let trigger {
            event.components.append(
                Component(
                    name: "VALARM",
                    properties: [
                        Property(name: "ACTION", value: "DISPLAY"), Property(name: "TRIGGER", value: trigger),
                        Property(name: "DESCRIPTION", value: "x"),
                    ]))
        }
        return event
    }

    private func calendar(_ events: [Component]) -> Component {
        Component(name: "VCALENDAR", properties: [Property(name: "VERSION", value: "2.0")], components: events)
    }

    private var events: [Component] {
        [
            event(
                "meeting",
                [
                    ("SUMMARY", "Team meeting\\, weekly"), ("DTSTART", "20260316T090000"), ("DTEND", "20260316T103000"),
                    ("DESCRIPTION", "Agenda:\\nbudget \"Q2\""), ("LOCATION", "Room 4"), ("CLASS", "PRIVATE"),
                    ("CATEGORIES", "Business,Planning"), ("PRIORITY", "1"), ("TRANSP", "TRANSPARENT"),
                ], alarm: "-PT15M"),
            event("holiday", [("SUMMARY", "Easter break"), ("DTSTART;VALUE=DATE", "20260403"), ("DTEND;VALUE=DATE", "20260407")]),
            event(
                "late",
                [("SUMMARY", "Late show"), ("DTSTART", "20260420T233000"), ("DTEND", "20260421T010000"), ("CLASS", "CONFIDENTIAL")],
                alarm: "-P1D"),
        ]
    }

    private func text(_ written: CalendarCSVWriter.Written) -> String {
        String(decoding: written.bytes, as: UTF8.self)
    }

    func testGoogleFormHasItsNineColumnsTwelveHourTimesAndTheLastDayOfAnAllDayEvent() throws {
        let written = try CalendarCSVWriter.write(calendar(events), options: CalendarCSVOptions(style: .google))
        XCTAssertEqual(
            text(written).components(separatedBy: "\r\n"),
            [
                "Subject,Start Date,Start Time,End Date,End Time,All Day Event,Description,Location,Private",
                "\"Team meeting, weekly\",03/16/2026,9:00 AM,03/16/2026,10:30 AM,False,\"Agenda:\nbudget \"\"Q2\"\"\",Room 4,True",
                "Easter break,04/03/2026,,04/06/2026,,True,,,False",
                "Late show,04/20/2026,11:30 PM,04/21/2026,1:00 AM,False,,,False",
                "",
            ])
        XCTAssertEqual(written.report, [])
    }

    func testOutlookFormsQuoteEveryFieldInTheirLanguage() throws {
        let english = text(try CalendarCSVWriter.write(calendar(events), options: CalendarCSVOptions(style: .outlook)))
        let lines = english.components(separatedBy: "\r\n")
        XCTAssertTrue(
            lines[0].hasPrefix("\"Subject\",\"Start Date\",\"Start Time\",\"End Date\",\"End Time\",\"All day event\",\"Reminder on/off\""))
        // Empty fields stay unquoted, as in Outlook's export (the reminder's date and time here).
        XCTAssertTrue(
            english.contains("\"Easter break\",\"4/3/2026\",\"12:00:00 AM\",\"4/7/2026\",\"12:00:00 AM\",\"True\",\"False\",,,"), english)
        XCTAssertTrue(
            english.contains(
                "\"Late show\",\"4/20/2026\",\"11:30:00 PM\",\"4/21/2026\",\"1:00:00 AM\",\"False\",\"True\",\"4/19/2026\",\"11:30:00 PM\""),
            english)
        let german = text(try CalendarCSVWriter.write(calendar(events), options: CalendarCSVOptions(style: .outlook, language: .german)))
        XCTAssertTrue(german.hasPrefix("\"Betreff\",\"Beginnt am\",\"Beginnt um\""))
        XCTAssertTrue(german.contains("\"Easter break\",\"3.4.2026\",\"00:00:00\",\"7.4.2026\",\"00:00:00\",\"Ein\",\"Aus\""), german)
        XCTAssertTrue(german.contains("\"Business;Planning\""), german)
    }

    func testZonedTimesAreWrittenOnTheirOwnClockOrInTheZoneGiven() throws {
        let call = event(
            "call",
            [
                ("SUMMARY", "Call"), ("DTSTART;TZID=Europe/Berlin", "20260310T090000"),
                ("DTEND;TZID=Europe/Berlin", "20260310T093000"),
            ])
        let own = try CalendarCSVWriter.write(calendar([call]), options: CalendarCSVOptions())
        XCTAssertTrue(text(own).contains("Call,03/10/2026,9:00 AM,03/10/2026,9:30 AM,"), text(own))
        XCTAssertEqual(own.report, ["1 event with times in a zone or UTC written on that zone's wall clock, as a CSV names no zone"])
        let shown = try CalendarCSVWriter.write(calendar([call]), options: CalendarCSVOptions(zone: "America/New_York"))
        // On 10 March 2026 New York keeps summer time already (UTC-4), Berlin not yet (UTC+1).
        XCTAssertTrue(text(shown).contains("Call,03/10/2026,4:00 AM,03/10/2026,4:30 AM,"), text(shown))
        XCTAssertEqual(shown.report, [])
    }

    func testGermanHeadersGoWithOutlooksFormOnly() {
        XCTAssertThrowsError(try CalendarCSVWriter.write(calendar(events), options: CalendarCSVOptions(style: .google, language: .german)))
        {
            XCTAssertTrue(($0 as? UsageProblem)?.message.contains("--csv-style outlook") ?? false)
        }
    }

    func testARecurringSeriesWithoutAWindowIsAUsageProblem() {
        let series = event(
            "weekly", [("SUMMARY", "Yoga"), ("DTSTART", "20260302T180000"), ("DTEND", "20260302T190000"), ("RRULE", "FREQ=WEEKLY")])
        XCTAssertThrowsError(try CalendarCSVWriter.write(calendar([series]), options: CalendarCSVOptions())) { error in
            XCTAssertEqual((error as? UsageProblem)?.kind, .usage)
            XCTAssertTrue((error as? UsageProblem)?.message.contains("--window-start DATE --window-end DATE") ?? false)
        }
    }

    func testASeriesIsWrittenAsItsOccurrencesInTheWindowAndTheRunSaysSoInOneLine() throws {
        let series = event(
            "weekly",
            [
                ("SUMMARY", "Yoga"), ("DTSTART", "20260302T180000"), ("DTEND", "20260302T190000"),
                ("RRULE", "FREQ=WEEKLY"), ("EXDATE", "20260316T180000"),
            ])
        let moved = event(
            "weekly",
            [
                ("SUMMARY", "Yoga (hall B)"), ("RECURRENCE-ID", "20260309T180000"),
                ("DTSTART", "20260310T180000"), ("DTEND", "20260310T190000"),
            ])
        let outside = event("once", [("SUMMARY", "Trip"), ("DTSTART;VALUE=DATE", "20260501")])
        let window = CalendarCSVOptions.Window(
            start: LocalDateTime(date: CalendarDate(year: 2026, month: 3, day: 1)),
            end: LocalDateTime(date: CalendarDate(year: 2026, month: 3, day: 31)))
        let written = try CalendarCSVWriter.write(calendar([series, moved, outside]), options: CalendarCSVOptions(window: window))
        let rows = text(written).components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty }
        XCTAssertEqual(
            rows.map { $0.split(separator: ",").prefix(3).joined(separator: ",") },
            [
                "Yoga,03/02/2026,6:00 PM", "Yoga (hall B),03/10/2026,6:00 PM", "Yoga,03/23/2026,6:00 PM", "Yoga,03/30/2026,6:00 PM",
            ])
        XCTAssertEqual(
            written.report,
            [
                "1 recurring series written as 4 occurrences from 2026-03-01 to 2026-03-31 (exclusive); 1 single event outside the window left out"
            ])
    }

    /// What a spreadsheet form holds: summary, start, end, all-day, description, location and
    /// privacy in both; Outlook adds categories, the first reminder, priority high or low, free time.
    func testRoundTripsKeepWhatEachFormCanHold() throws {
        let google: Set<String> = ["SUMMARY", "DTSTART", "DTEND", "DESCRIPTION", "LOCATION"]
        let outlook = google.union(["CATEGORIES", "CLASS", "PRIORITY", "TRANSP"])
        for (options, kept) in [
            (CalendarCSVOptions(style: .google), google), (CalendarCSVOptions(style: .outlook), outlook),
            (CalendarCSVOptions(style: .outlook, language: .german), outlook),
        ] {
            let csv = try CalendarCSVWriter.write(calendar(events), options: options).bytes
            let read = try CalendarCSVReader.read(csv, file: "round.csv", options: CalendarCSVOptions(dateOrder: .mdy)).calendar
            XCTAssertEqual(read.components.count, events.count)
            for (original, again) in zip(events, read.components) {
                for name in kept {
                    XCTAssertEqual(again[name]?.value, original[name]?.value, "\(name) in \(options.style) \(options.language)")
                    XCTAssertEqual(again[name]?[parameter: "VALUE"], original[name]?[parameter: "VALUE"])
                }
                if options.style == .outlook {
                    XCTAssertEqual(
                        again.children(named: "VALARM").first?["TRIGGER"]?.value,
                        original.children(named: "VALARM").first?["TRIGGER"]?.value)
                }
            }
            // Google's Private column is a yes or no: CONFIDENTIAL has no place there.
            XCTAssertEqual(
                read.components.map { $0["CLASS"]?.value },
                options.style == .google ? ["PRIVATE", nil, nil] : ["PRIVATE", nil, "CONFIDENTIAL"])
        }
    }
}
