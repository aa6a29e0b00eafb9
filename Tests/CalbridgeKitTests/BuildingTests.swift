import CalbridgeKit
import Foundation
import XCTest

/// Calendars made in code, without raw properties: a birthday, a lecture series with an alarm and
/// attendees, written and read back with every field as set.
final class BuildingTests: XCTestCase {
    private let berlin = TimeZone(identifier: "Europe/Berlin")!

    func testABirthdayIsAYearlyAllDayEventThatComesBackEveryYear() throws {
        var calendar = EventCalendar()
        calendar.name = "Birthdays"
        calendar.color = "#FF9500"
        var birthday = Event(title: "Ada Lovelace", allDayOn: CalendarDate(year: 1815, month: 12, day: 10), uid: "ada@example.org")
        birthday.recurrenceRules = [RecurrenceRule(.yearly)]
        birthday.availability = .free
        birthday.alarms = [Alarm(relativeOffset: -9 * 3600)]
        calendar.add(birthday)
        let again = try EventCalendar(data: calendar.data(as: .ics))
        XCTAssertEqual(again.name, "Birthdays")
        XCTAssertEqual(again.color, "#FF9500")
        let read = try XCTUnwrap(again.events.first)
        XCTAssertTrue(read.isAllDay)
        XCTAssertEqual(read.availability, .free)
        XCTAssertEqual(read.alarms.first?.relativeOffset, -9 * 3600)
        XCTAssertEqual(read.alarms.first?.trigger, "-PT9H")
        let year2026 = DateInterval(start: date("2026-01-01T00:00:00Z"), end: date("2027-01-01T00:00:00Z"))
        let utc = TimeZone(identifier: "UTC")!
        XCTAssertEqual(
            again.occurrences(in: year2026, zone: utc).map(\.interval),
            [DateInterval(start: date("2026-12-10T00:00:00Z"), end: date("2026-12-11T00:00:00Z"))])
    }

    func testALectureSeriesKeepsItsZoneRuleRoomAttendeesAndAlarm() throws {
        var lecture = Event(
            title: "Compilerbau", startDate: date("2026-10-13T10:00:00+02:00"), endDate: date("2026-10-13T11:30:00+02:00"),
            timeZone: berlin, uid: "compilers@example.org")
        lecture.location = "H1.12"
        lecture.recurrenceRules = [RecurrenceRule(.weekly, daysOfTheWeek: [.init(.tuesday)], end: .count(14))]
        lecture.organizer = Attendee(address: "mailto:lehrstuhl@example.org", name: "Lehrstuhl")
        lecture.attendees = [
            Attendee(address: "mailto:ada@example.org", name: "Ada", role: "REQ-PARTICIPANT", participationStatus: "ACCEPTED")
        ]
        lecture.alarms = [Alarm(relativeOffset: -15 * 60), Alarm(absoluteDate: date("2026-10-12T18:00:00Z"))]
        lecture.categories = ["Vorlesung", "Pflicht, 5 ECTS"]
        var calendar = EventCalendar()
        calendar.add(lecture)
        let text = String(decoding: try calendar.data(as: .ics), as: UTF8.self)
        XCTAssertTrue(text.contains("DTSTART;TZID=Europe/Berlin:20261013T100000\r\n"), text)
        XCTAssertTrue(text.contains("RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=14\r\n"), text)
        XCTAssertTrue(text.contains("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n"), "a VTIMEZONE is added for the zone used")
        for format in [CalendarFileFormat.ics, .xCal, .jCal, .modelJSON] {
            let again = try XCTUnwrap(EventCalendar(data: calendar.data(as: format), format: format).events.first, format.rawValue)
            XCTAssertEqual(again.title, "Compilerbau", format.rawValue)
            XCTAssertEqual(again.timeZone, berlin, format.rawValue)
            XCTAssertEqual(again.startDate, date("2026-10-13T08:00:00Z"), format.rawValue)
            XCTAssertEqual(again.endDate, date("2026-10-13T09:30:00Z"), format.rawValue)
            XCTAssertEqual(again.recurrenceRules.first?.daysOfTheWeek, [.init(.tuesday)], format.rawValue)
            XCTAssertEqual(again.recurrenceRules.first?.recurrenceEnd, .count(14), format.rawValue)
            XCTAssertEqual(again.organizer?.name, "Lehrstuhl", format.rawValue)
            XCTAssertEqual(again.attendees.map(\.participationStatus), ["ACCEPTED"], format.rawValue)
            XCTAssertEqual(again.alarms.map(\.relativeOffset), [-900, nil], format.rawValue)
            XCTAssertEqual(again.alarms.map(\.absoluteDate), [nil, date("2026-10-12T18:00:00Z")], format.rawValue)
            XCTAssertEqual(again.categories, ["Vorlesung", "Pflicht, 5 ECTS"], format.rawValue)
        }
        let semester = DateInterval(start: date("2026-10-01T00:00:00Z"), end: date("2027-03-01T00:00:00Z"))
        let starts = calendar.occurrences(in: semester, zone: berlin).map(\.startDate)
        XCTAssertEqual(starts.count, 14)
        // Across the end of summer time the lecture stays at 10:00 in Berlin.
        XCTAssertEqual(starts[2], date("2026-10-27T09:00:00Z"))
    }

    func testSettingTimesKeepsTheirKind() throws {
        var event = Event(
            title: "x", start: .zoned(LocalDateTime(date: CalendarDate(year: 2026, month: 3, day: 29), hour: 10), tzid: "Europe/Berlin"),
            end: .zoned(LocalDateTime(date: CalendarDate(year: 2026, month: 3, day: 29), hour: 11), tzid: "Europe/Berlin"))
        event.startDate = date("2026-03-29T07:00:00Z")
        XCTAssertEqual(
            event.start, .zoned(LocalDateTime(date: CalendarDate(year: 2026, month: 3, day: 29), hour: 9), tzid: "Europe/Berlin"))
        var allDay = Event(title: "y", allDayOn: CalendarDate(year: 2026, month: 3, day: 29))
        allDay.startDate = DateValue.date(CalendarDate(year: 2026, month: 4, day: 2)).date()
        XCTAssertEqual(allDay.start, .date(CalendarDate(year: 2026, month: 4, day: 2)))
        var floating = Event(title: "z", start: .floating(LocalDateTime(date: CalendarDate(year: 2026, month: 3, day: 29), hour: 10)))
        floating.startDate = DateValue.floating(LocalDateTime(date: CalendarDate(year: 2026, month: 5, day: 1), hour: 8)).date()
        XCTAssertEqual(floating.start, .floating(LocalDateTime(date: CalendarDate(year: 2026, month: 5, day: 1), hour: 8)))
    }

    func testEditingEventsInPlaceKeepsWhatTheViewsHaveNoFieldFor() throws {
        var calendar = try EventCalendar(contentsOf: samples.appendingPathComponent("semester-informatik.ics"))
        let before = calendar.component
        calendar.events[0].title = "Datenbanksysteme (Vorlesung)"
        XCTAssertEqual(calendar.component.components.count, before.components.count)
        XCTAssertEqual(calendar.component.components[0], before.components[0], "the VTIMEZONE stays first")
        XCTAssertEqual(calendar.events[0].component["X-NONE"], nil)
        var expected = before
        expected.components[1].set("SUMMARY", Property(name: "SUMMARY", value: "Datenbanksysteme (Vorlesung)"))
        XCTAssertEqual(calendar.component, expected)
    }
}
