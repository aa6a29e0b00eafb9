import CalbridgeKit
import Foundation
import XCTest

/// The face as an app uses it: open a file of any format in one call, list a week's occurrences
/// with Foundation's types, move one, write the calendar back.
final class OpeningAndExpandingTests: XCTestCase {
    private let berlin = TimeZone(identifier: "Europe/Berlin")!
    private let newYork = TimeZone(identifier: "America/New_York")!

    func testTheSemesterSampleOpensWithItsTitleColourAndLectures() throws {
        let calendar = try EventCalendar(contentsOf: samples.appendingPathComponent("semester-informatik.ics"))
        XCTAssertEqual(calendar.title, "Informatik 3. Semester")
        XCTAssertEqual(calendar.color, "#1E90FF")
        XCTAssertEqual(calendar.events.count, 31)
        let databases = try XCTUnwrap(calendar.events.first)
        XCTAssertEqual(databases.title, "Datenbanken (Vorlesung)")
        XCTAssertEqual(databases.timeZone, berlin)
        XCTAssertEqual(databases.startDate, date("2026-10-12T06:15:00Z"))
        XCTAssertEqual(databases.interval?.duration, 90 * 60)
        XCTAssertEqual(databases.recurrenceRules.first?.frequency, .weekly)
        XCTAssertEqual(
            databases.recurrenceRules.first?.recurrenceEnd,
            .until(.utc(LocalDateTime(date: CalendarDate(year: 2027, month: 2, day: 5), hour: 22, minute: 59, second: 59))))
    }

    func testAWeekOfOccurrencesHasTheOverridesRoomsAndStartsInOrder() throws {
        let calendar = try EventCalendar(contentsOf: samples.appendingPathComponent("semester-informatik.ics"))
        // The week of 23 November 2026: Datenbanken's Monday lecture moved to Friday in H2.01.
        let week = DateInterval(start: date("2026-11-23T00:00:00+01:00"), duration: 7 * 86_400)
        let found = Array(calendar.occurrences(in: week, zone: newYork))
        XCTAssertEqual(found.map(\.startDate), found.map(\.startDate).sorted())
        let databases = found.filter { $0.title == "Datenbanken (Vorlesung)" }
        XCTAssertEqual(databases.map(\.startDate), [date("2026-11-27T07:15:00Z")])
        XCTAssertEqual(databases.map(\.location), ["H2.01"])
        XCTAssertEqual(
            databases.first?.recurrenceID,
            .zoned(LocalDateTime(date: CalendarDate(year: 2026, month: 11, day: 23), hour: 8, minute: 15), tzid: "Europe/Berlin"))
        XCTAssertEqual(found.count, Array(calendar.occurrences(in: week, zone: berlin)).count)
    }

    func testOccurrencesAreComputedAsTheyAreAskedForAcrossWeeksWithoutRepeats() throws {
        let calendar = try EventCalendar(contentsOf: samples.appendingPathComponent("semester-informatik.ics"))
        let semester = DateInterval(start: date("2026-10-01T00:00:00Z"), end: date("2027-03-01T00:00:00Z"))
        let all = Array(calendar.occurrences(in: semester, zone: berlin))
        let keys = all.map { "\($0.uid ?? "") \($0.startDate.timeIntervalSince1970)" }
        XCTAssertEqual(Set(keys).count, keys.count)
        XCTAssertEqual(all.map(\.startDate), all.map(\.startDate).sorted())
        // Week by week, the same occurrences as the whole semester at once.
        var weekly: [String] = []
        var start = semester.start
        while start < semester.end {
            let end = min(start + 7 * 86_400, semester.end)
            weekly += calendar.occurrences(in: DateInterval(start: start, end: end), zone: berlin)
                .filter { $0.startDate >= start }.map { "\($0.uid ?? "") \($0.startDate.timeIntervalSince1970)" }
            start = end
        }
        XCTAssertEqual(weekly, keys)
        XCTAssertEqual(
            Array(calendar.occurrences(in: semester, zone: berlin).prefix(2)).map(\.title),
            ["Datenbanken (Vorlesung)", "Betriebssysteme (Vorlesung)"])
    }

    func testMovingOneLectureAddsAnOverrideAndLeavesTheRestOfTheSeries() throws {
        var calendar = try EventCalendar(contentsOf: samples.appendingPathComponent("semester-informatik.ics"))
        let week = DateInterval(start: date("2026-10-19T00:00:00+02:00"), duration: 7 * 86_400)
        let lecture = try XCTUnwrap(calendar.occurrences(in: week).first { $0.title == "Betriebssysteme (Vorlesung)" })
        XCTAssertEqual(lecture.startDate, date("2026-10-19T08:00:00Z"))
        XCTAssertTrue(calendar.move(lecture, to: lecture.startDate + 2 * 3600))
        let reopened = try EventCalendar(data: calendar.data(as: .ics), format: .ics)
        let after = Array(reopened.occurrences(in: week)).filter { $0.title == "Betriebssysteme (Vorlesung)" }
        XCTAssertEqual(after.map(\.startDate), [date("2026-10-19T10:00:00Z")])
        XCTAssertEqual(after.map(\.endDate), [date("2026-10-19T11:30:00Z")])
        let override = try XCTUnwrap(reopened.events.first { $0.uid == lecture.uid && $0.recurrenceID != nil })
        XCTAssertEqual(override.component["DTSTART"]?.value, "20261019T120000")
        XCTAssertEqual(override.component["DTSTART"]?[parameter: "TZID"], "Europe/Berlin")
        XCTAssertEqual(override.sequence, 1)
        XCTAssertNil(override.component["RRULE"])
        let nextWeek = DateInterval(start: week.end, duration: 7 * 86_400)
        XCTAssertEqual(
            reopened.occurrences(in: nextWeek).filter { $0.title == "Betriebssysteme (Vorlesung)" }.map(\.startDate),
            [date("2026-10-26T09:00:00Z")])
    }

    func testMovingAMovedLectureMovesItsOverrideInsteadOfAddingOne() throws {
        var calendar = try EventCalendar(contentsOf: samples.appendingPathComponent("semester-informatik.ics"))
        let week = DateInterval(start: date("2026-11-23T00:00:00+01:00"), duration: 7 * 86_400)
        let moved = try XCTUnwrap(calendar.occurrences(in: week).first { $0.title == "Datenbanken (Vorlesung)" })
        let before = calendar.events.count
        calendar.move(moved, to: moved.startDate - 3600)
        XCTAssertEqual(calendar.events.count, before)
        XCTAssertEqual(
            calendar.occurrences(in: week).filter { $0.title == "Datenbanken (Vorlesung)" }.map(\.startDate),
            [date("2026-11-27T06:15:00Z")])
    }

    func testEveryFormatOpensInOneCall() throws {
        let ics = try EventCalendar(contentsOf: samples.appendingPathComponent("semester-informatik.ics"))
        for format in [CalendarFileFormat.xCal, .jCal, .modelJSON] {
            let again = try EventCalendar(data: ics.data(as: format), name: "semester." + format.rawValue)
            XCTAssertEqual(again.events.count, 31, format.rawValue)
            XCTAssertEqual(again.name, "Informatik 3. Semester", format.rawValue)
        }
        let timetable = try EventCalendar(contentsOf: samples.appendingPathComponent("semester-informatik.json"))
        XCTAssertEqual(Set(timetable.events.compactMap(\.uid)), Set(ics.events.compactMap(\.uid)))
        let birthdays = try EventCalendar(contentsOf: samples.appendingPathComponent("contacts-google.vcf"))
        XCTAssertFalse(birthdays.events.isEmpty)
        XCTAssertTrue(birthdays.events.allSatisfy { $0.isAllDay && $0.recurrenceRules.first?.frequency == .yearly })
        XCTAssertTrue(birthdays.events.allSatisfy { $0.birthdayContact != nil })
    }

    func testAnInputWithNoCalendarThrowsTheProblemsWithTheirPlaces() {
        XCTAssertThrowsError(try EventCalendar(data: Data("just some text\n".utf8), name: "notes.ics")) { error in
            XCTAssertEqual((error as? CalendarReadingError)?.problems.first?.file, "notes.ics")
        }
        XCTAssertThrowsError(try EventCalendar(data: Data("<vcalendar><oops".utf8), name: "broken.xcs")) { error in
            let problems = (error as? CalendarReadingError)?.problems ?? []
            XCTAssertEqual(problems.count, 1)
            XCTAssertEqual(problems.first?.file, "broken.xcs")
            XCTAssertTrue(problems.first?.isError == true)
        }
        XCTAssertThrowsError(try EventCalendar(contentsOfFile: "/nonexistent/calendar.ics")) { error in
            XCTAssertEqual((error as? CalendarReadingError)?.problems.first?.file, "/nonexistent/calendar.ics")
        }
    }

    func testMessyInputIsReadPastWithWarningsAndRefusedWhenStrict() throws {
        let messy = Data(
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:INVALID\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
                .utf8)
        let reading = try EventCalendar.reading(data: messy, name: "messy.ics")
        XCTAssertEqual(reading.calendar.events.count, 1)
        XCTAssertEqual(reading.problems.map(\.line), [7])
        XCTAssertEqual(reading.problems.first?.isError, false)
        XCTAssertEqual(reading.calendar.events.first?.component["DTSTART"]?.value, "INVALID")
        XCTAssertThrowsError(try EventCalendar(data: messy, name: "messy.ics", strict: true)) { error in
            XCTAssertEqual((error as? CalendarReadingError)?.problems.first?.line, 7)
        }
    }
}

/// The repository's Samples folder.
let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Samples")

/// An ISO 8601 date-time with its offset.
func date(_ text: String) -> Date {
    guard let date = ISO8601DateFormatter().date(from: text) else { preconditionFailure("not ISO 8601: \(text)") }
    return date
}
