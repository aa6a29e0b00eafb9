import CalendarModel
import Foundation
import ICalendar
import Occurrences
import Recurrence
import Schedules
import XCTest

/// The sample semester (Samples/semester-informatik.json) as a calendar: each occurrence where it belongs.
final class ScheduleCalendarTests: XCTestCase {
    private var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    private func semester() throws -> Timetable {
        let path = root.appendingPathComponent("Samples/semester-informatik.json").path
        return try TimetableReader().read(json: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), file: path)
    }

    private func occurrences(_ timetable: Timetable) throws -> [Occurrence] {
        let schedule = try ScheduleCalendar(timetable: timetable)
        let stamps = Dictionary(
            uniqueKeysWithValues: schedule.resources().map {
                ($0.uid, ScheduleStamp(sequence: 0, timestamp: LocalDateTime(date: CalendarDate(year: 2026, month: 10, day: 1))))
            })
        var expansion = CalendarExpansion(calendar: schedule.calendar(stamps: stamps))
        return try expansion.occurrences(
            from: LocalDateTime(date: CalendarDate(year: 2026, month: 10, day: 1)),
            to: LocalDateTime(date: CalendarDate(year: 2027, month: 3, day: 1)), in: nil)
    }

    private func starts(_ all: [Occurrence], _ uid: String) -> [String] {
        all.filter { $0.uid == uid }.map(\.start.isoText)
    }

    func testWeeklyLectureKeepsItsLocalTimeAcrossTheOctoberChangeAndSkipsTheBreak() throws {
        let rn = starts(try occurrences(try semester()), "hs-inf-3-rn-v@calbridge")
        XCTAssertEqual(rn.first, "2026-10-13T08:15:00+02:00")
        XCTAssertTrue(rn.contains("2026-10-27T08:15:00+01:00"), "after the change to winter time, still 08:15")
        XCTAssertFalse(rn.contains { $0.hasPrefix("2026-12-22") || $0.hasPrefix("2026-12-29") }, "Weihnachtsferien")
        XCTAssertEqual(rn.last, "2027-02-02T08:15:00+01:00")
        XCTAssertEqual(rn.count, 15)
    }

    func testOddWeeksFollowISOWeekNumbersAcrossWeek53() throws {
        let timetable = try semester()
        let odd = try XCTUnwrap(timetable.lectures.first { $0.weeks == .odd })
        let uid = "hs-inf-3-" + UIDSlug.make(odd.id) + "@calbridge"
        let iso = WeekNumbering(weekStart: .monday)
        let weeks = starts(try occurrences(timetable), uid).map { text -> Int in
            iso.week(of: DateValue(icalendar: String(text.prefix(10)).replacingOccurrences(of: "-", with: ""))!.local.date)
        }
        XCTAssertFalse(weeks.isEmpty)
        XCTAssertTrue(weeks.allSatisfy { $0 % 2 == 1 }, "\(weeks)")
        XCTAssertTrue(weeks.contains(53) || weeks.contains(1) || weeks.contains(3), "the term crosses 2026's week 53: \(weeks)")
    }

    func testChangesBecomeOverridesOfTheirOccurrences() throws {
        let all = try occurrences(try semester())
        let db = all.filter { $0.uid == "hs-inf-3-db-v@calbridge" }
        let cancelled = try XCTUnwrap(db.first { $0.recurrenceID?.isoText == "2026-11-16T08:15:00+01:00" })
        XCTAssertEqual(cancelled.status, "CANCELLED")
        XCTAssertTrue(cancelled.component["DESCRIPTION"]?.text.contains("Krankheit") ?? false)
        let moved = try XCTUnwrap(db.first { $0.recurrenceID?.isoText == "2026-11-23T08:15:00+01:00" })
        XCTAssertEqual(moved.start.isoText, "2026-11-27T08:15:00+01:00")
        XCTAssertEqual(moved.component["LOCATION"]?.text, "H2.01")
        let thi = try XCTUnwrap(
            all.first { $0.uid == "hs-inf-3-thi-v@calbridge" && $0.recurrenceID?.isoText == "2026-10-26T11:45:00+01:00" })
        XCTAssertEqual(thi.start.isoText, "2026-10-23T16:00:00+02:00", "moved across the change to winter time")
    }

    func testTheSampleCalendarIsWhatCalbridgeWrites() throws {
        let expected = try String(contentsOf: root.appendingPathComponent("Samples/semester-informatik.ics"), encoding: .utf8)
        let schedule = try ScheduleCalendar(timetable: try semester())
        let stamp = LocalDateTime(date: CalendarDate(year: 2026, month: 1, day: 1))
        let stamps = Dictionary(uniqueKeysWithValues: schedule.resources().map { ($0.uid, ScheduleStamp(sequence: 0, timestamp: stamp)) })
        var writer = ICalendarWriter()
        writer.write(schedule.calendar(stamps: stamps))
        let written = String(decoding: writer.bytes, as: UTF8.self)
        func withoutStamps(_ text: String) -> [Substring] { text.split(separator: "\r\n").filter { !$0.hasPrefix("DTSTAMP:") } }
        XCTAssertEqual(withoutStamps(written), withoutStamps(expected))
    }
}
