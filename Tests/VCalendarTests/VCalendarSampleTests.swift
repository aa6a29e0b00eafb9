import CalendarModel
import ICalendar
import Occurrences
import XCTest
import VCalendar

/// The samples under Resources, made the way phones and Outlook write vCalendar 1.0 (see the README
/// there), read as iCalendar 2.0: their text decoded, their rules expanded to the dates worked out
/// by hand, their alarms made VALARMs, each kind of translation reported once.
final class VCalendarSampleTests: XCTestCase {
    private func read(_ name: String) throws -> VCalendarReader.Reading {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "Resources/" + name, withExtension: nil))
        return VCalendarReader.read(Array(try Data(contentsOf: url)), file: name)
    }

    private func items(_ reading: VCalendarReader.Reading) -> [Component] {
        reading.calendars.flatMap(\.components)
    }

    private func starts(_ calendar: Component, from: String, to: String) throws -> [String] {
        var expansion = CalendarExpansion(calendar: calendar)
        return try expansion.occurrences(
            from: XCTUnwrap(DateValue(icalendar: from)).local,
            to: XCTUnwrap(DateValue(icalendar: to)).local, in: nil
        ).map(\.start.isoText)
    }

    func testNokiaQuotedPrintableUTF8WithSoftBreaksIsDecodedAndEscaped() throws {
        let reading = try read("nokia-s60.vcs")
        let event = try XCTUnwrap(items(reading).first)
        XCTAssertEqual(event["SUMMARY"]?.text, "Besprechung mit Frau Müller")
        XCTAssertEqual(event["DESCRIPTION"]?.value, "Erste Zeile\\nZweite Zeile: Größe\\, Pläne\\; Kosten")
        XCTAssertEqual(event["LOCATION"]?.text, "Büro 3")
        XCTAssertNil(event["SUMMARY"]?[parameter: "ENCODING"])
        XCTAssertNil(event["SUMMARY"]?[parameter: "CHARSET"])
        XCTAssertEqual(reading.calendars.first?["VERSION"]?.value, "2.0")
    }

    func testNokiaWeeklyRuleExpandsOnMondaysAndThursdaysTenTimes() throws {
        let calendar = try XCTUnwrap(try read("nokia-s60.vcs").calendars.first)
        XCTAssertEqual(
            try starts(calendar, from: "20260101", to: "20270101").filter { $0.hasPrefix("2026-01") || $0.hasPrefix("2026-02") },
            [
                "2026-01-12T08:00:00Z", "2026-01-15T08:00:00Z", "2026-01-19T08:00:00Z", "2026-01-22T08:00:00Z",
                "2026-01-26T08:00:00Z", "2026-01-29T08:00:00Z", "2026-02-02T08:00:00Z", "2026-02-05T08:00:00Z",
                "2026-02-09T08:00:00Z", "2026-02-12T08:00:00Z",
            ])
    }

    func testNokiaAlarmIsAnAudioAlarmAtItsUTCTimeAndTheToDoStatusIsRFC5545s() throws {
        let found = items(try read("nokia-s60.vcs"))
        let alarm = try XCTUnwrap(found.first?.components.first)
        XCTAssertEqual(alarm.name, "VALARM")
        XCTAssertEqual(alarm["ACTION"]?.value, "AUDIO")
        XCTAssertEqual(alarm["TRIGGER"]?.value, "20260112T074500Z")
        XCTAssertEqual(alarm["TRIGGER"]?[parameter: "VALUE"], "DATE-TIME")
        XCTAssertEqual(found.last?["STATUS"]?.value, "NEEDS-ACTION")
        XCTAssertEqual(found.last?["DTSTAMP"]?.value, "20260105T101600Z", "DTSTAMP is taken from LAST-MODIFIED")
    }

    func testSonyEricssonLatin1AndFloatingTimesWithARelativeAlarm() throws {
        let reading = try read("sony-ericsson.vcs")
        let events = items(reading)
        XCTAssertEqual(events[0]["SUMMARY"]?.text, "Zahnarzt Köln")
        XCTAssertEqual(events[0]["LOCATION"]?.text, "Hohe Straße 5")
        XCTAssertEqual(events[0]["CATEGORIES"]?.value, "APPOINTMENT,PERSONAL")
        XCTAssertEqual(events[0]["DTSTART"]?.value, "20260302T090000", "no TZ: the time stays floating")
        XCTAssertEqual(events[0].components.first?["TRIGGER"]?.value, "-PT15M")
        XCTAssertEqual(events[0]["CREATED"]?.value, "20260215T120000Z")
        let calendar = try XCTUnwrap(reading.calendars.first)
        XCTAssertEqual(
            try starts(calendar, from: "20260101", to: "20260601").filter { $0.hasSuffix("09:00:00") },
            ["2026-03-02T09:00:00", "2026-03-16T09:00:00", "2026-04-02T09:00:00", "2026-04-16T09:00:00"])
        XCTAssertTrue(
            reading.diagnostics.contains { $0.severity == .violation && $0.message.contains("CREATED") },
            "a local DCREATED without TZ is read as UTC, and said so")
    }

    func testOutlookWindows1252QuotedPrintableAndAttendees() throws {
        let event = try XCTUnwrap(items(try read("outlook-2003.vcs")).first)
        XCTAssertEqual(event["LOCATION"]?.text, "Konferenzraum Übersee")
        XCTAssertEqual(event["SUMMARY"]?.text, "Quartalsbesprechung – Team")
        XCTAssertEqual(event["DESCRIPTION"]?.text, "Agenda:\n- Budget\n- Planung für das nächste Quartal, mit allen Abteilungen\n")
        let attendee = try XCTUnwrap(event["ATTENDEE"])
        XCTAssertEqual(attendee.value, "mailto:jan.berg@example.com")
        XCTAssertEqual(attendee[parameter: "CN"], "Jan Berg")
        XCTAssertEqual(attendee[parameter: "PARTSTAT"], "NEEDS-ACTION")
        XCTAssertEqual(attendee[parameter: "ROLE"], "REQ-PARTICIPANT")
        XCTAssertEqual(attendee[parameter: "RSVP"], "TRUE")
        XCTAssertEqual(event["ORGANIZER"]?.value, "mailto:eva.lind@example.com")
    }

    func testOutlookFortnightlyRuleEndsOnItsDateLessTheExceptedDay() throws {
        let calendar = try XCTUnwrap(try read("outlook-2003.vcs").calendars.first)
        // Every other week from 12 May (a Tuesday): Tue/Thu of the weeks of 12 May, 26 May, 9 June,
        // 23 June; 26 May excepted; UNTIL 30 June 07:00 UTC.
        XCTAssertEqual(
            try starts(calendar, from: "20260501", to: "20260801"),
            [
                "2026-05-12T07:00:00Z", "2026-05-14T07:00:00Z", "2026-05-28T07:00:00Z", "2026-06-09T07:00:00Z",
                "2026-06-11T07:00:00Z", "2026-06-23T07:00:00Z", "2026-06-25T07:00:00Z",
            ])
    }

    func testSamsungLocalTimesAreMadeUTCByTZAndDaylight() throws {
        let reading = try read("samsung.vcs")
        let event = try XCTUnwrap(items(reading).first)
        // 19:00 on 14 April falls in the stated daylight stretch: +02:00.
        XCTAssertEqual(event["DTSTART"]?.value, "20260414T170000Z")
        XCTAssertEqual(event["LAST-MODIFIED"]?.value, "20260401T081010Z")
        XCTAssertEqual(event["SUMMARY"]?.text, "Elternabend – Klasse 3b")
        XCTAssertEqual(event["TRANSP"]?.value, "OPAQUE")
        XCTAssertEqual(event.components.map { $0["ACTION"]?.value }, ["DISPLAY", "AUDIO"])
        XCTAssertEqual(event.components.first?["DESCRIPTION"]?.value, "Elternabend")
        XCTAssertEqual(event.components.first?["TRIGGER"]?.value, "20260414T163000Z")
        XCTAssertEqual(event.components.first?["REPEAT"]?.value, "2")
        XCTAssertEqual(event.components.first?["DURATION"]?.value, "PT5M")
        let calendar = try XCTUnwrap(reading.calendars.first)
        XCTAssertNil(calendar["TZ"])
        // The second Tuesday of April, May and June.
        XCTAssertEqual(
            try starts(calendar, from: "20260101", to: "20270101"),
            ["2026-04-14T17:00:00Z", "2026-05-12T17:00:00Z", "2026-06-09T17:00:00Z"])
    }

    func testEachKindOfTranslationIsReportedOnceWithItsCountAndFirstPlace() throws {
        let reading = try read("samsung.vcs")
        let messages = reading.diagnostics.map(\.message)
        XCTAssertEqual(messages.filter { $0.contains("alarm") }.count, 1)
        let alarms = try XCTUnwrap(reading.diagnostics.first { $0.message.contains("alarm") })
        XCTAssertTrue(alarms.message.hasPrefix("2 vCalendar alarms"), alarms.message)
        XCTAssertEqual(alarms.location?.line, 12)
        let zone = try XCTUnwrap(reading.diagnostics.first { $0.message.contains("zone") })
        XCTAssertTrue(zone.message.contains("+01:00") && zone.message.contains("times"), zone.message)
        XCTAssertEqual(reading.diagnostics.filter { $0.severity != .notice }, [], "a clean file is not warned about")
    }

    func testAVersionOneFileNamedIcsIsTold() throws {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "Resources/version-one.ics", withExtension: nil))
        XCTAssertTrue(VCalendarReader.isVCalendar(Array(try Data(contentsOf: url))))
        XCTAssertFalse(VCalendarReader.isVCalendar(Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n".utf8)))
        XCTAssertFalse(VCalendarReader.isVCalendar(Array("BEGIN:VCARD\r\nVERSION:1.0\r\n".utf8)))
    }

    private func readText(_ lines: [String]) -> VCalendarReader.Reading {
        VCalendarReader.read(Array(lines.map { $0 + "\r\n" }.joined().utf8), file: "t.vcs")
    }

    func testAFloatingToDosAlarmIsSetFromItsDueWhenItHasNoStart() {
        let reading = readText([
            "BEGIN:VCALENDAR", "VERSION:1.0", "BEGIN:VTODO", "UID:t", "DUE:20260430T170000",
            "AALARM:20260430T160000;;;", "END:VTODO", "END:VCALENDAR",
        ])
        let trigger = reading.calendars.first?.components.first?.components.first?["TRIGGER"]
        XCTAssertEqual(trigger?.value, "-PT1H")
        XCTAssertEqual(trigger?[parameter: "RELATED"], "END")
    }

    func testDTSTAMPComesOnlyFromALastModifiedThatIsATime() {
        let reading = readText([
            "BEGIN:VCALENDAR", "VERSION:1.0", "BEGIN:VEVENT", "UID:e", "DTSTART:20260105T090000Z",
            "LAST-MODIFIED:yesterday", "END:VEVENT", "BEGIN:VEVENT", "UID:f", "DTSTART:20260105T090000Z",
            "LAST-MODIFIED:20260101T120000Z", "END:VEVENT", "END:VCALENDAR",
        ])
        XCTAssertEqual(reading.calendars.first?.components.map { $0["DTSTAMP"]?.value }, ["19700101T000000Z", "20260101T120000Z"])
    }

    func testATZThatIsNoOffsetLeavesTimesFloatingAndSaysSo() {
        let reading = readText([
            "BEGIN:VCALENDAR", "VERSION:1.0", "TZ:EST", "BEGIN:VEVENT", "UID:e", "DTSTART:20260105T090000",
            "END:VEVENT", "END:VCALENDAR",
        ])
        XCTAssertEqual(reading.calendars.first?.components.first?["DTSTART"]?.value, "20260105T090000")
        XCTAssertEqual(reading.calendars.first?["X-VCALENDAR-TZ"]?.value, "EST")
        let warning = reading.diagnostics.first { $0.severity == .violation }
        XCTAssertEqual(warning?.location, SourceLocation(line: 3, column: 1))
        XCTAssertTrue(warning?.message.hasPrefix("TZ:EST is not a UTC offset") == true, "\(reading.diagnostics)")
    }

    func testComponentsNestedBeyondTheBoundStopTheReadingWithAnError() {
        let deep = ["BEGIN:VCALENDAR", "VERSION:1.0"] + Array(repeating: "BEGIN:VEVENT", count: 100_000)
        let reading = readText(deep)
        XCTAssertEqual(reading.calendars.count, 1)
        let error = reading.diagnostics.first { $0.message.contains("nested deeper") }
        XCTAssertEqual(error?.location, SourceLocation(line: 34, column: 1))
    }

    func testAnICalendarTwoCalendarAfterAVCalendarOneIsCarriedAsWritten() {
        let reading = readText([
            "BEGIN:VCALENDAR", "VERSION:1.0", "BEGIN:VEVENT", "UID:a", "DTSTART:20260105T090000Z", "RRULE:D1 #3",
            "END:VEVENT", "END:VCALENDAR", "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//x//EN", "BEGIN:VEVENT",
            "UID:b", "DTSTAMP:20260101T000000Z", "DTSTART:20260105T090000Z", "RRULE:FREQ=DAILY;COUNT=3",
            "SUMMARY:a\\, b", "END:VEVENT", "END:VCALENDAR",
        ])
        XCTAssertEqual(reading.calendars.map { $0.components.first?["RRULE"]?.value }, ["FREQ=DAILY;COUNT=3", "FREQ=DAILY;COUNT=3"])
        XCTAssertEqual(reading.calendars.last?.components.first?["SUMMARY"]?.value, "a\\, b")
        XCTAssertFalse(reading.diagnostics.contains { $0.severity != .notice }, "\(reading.diagnostics)")
    }

    func testAnUntranslatableRuleIsKeptAndWarnedAbout() {
        let text =
            "BEGIN:VCALENDAR\r\nVERSION:1.0\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTART:20260101T090000Z\r\nRRULE:D1 0800 1200 #5\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let reading = VCalendarReader.read(Array(text.utf8), file: "t.vcs")
        let event = reading.calendars.first?.components.first
        XCTAssertNil(event?["RRULE"])
        XCTAssertEqual(event?["X-VCALENDAR-RRULE"]?.value, "D1 0800 1200 #5")
        let warning = reading.diagnostics.first { $0.severity == .violation }
        XCTAssertEqual(warning?.location, SourceLocation(line: 6, column: 1))
    }
}
