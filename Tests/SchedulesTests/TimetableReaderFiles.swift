import CalendarModel
import Foundation
import Schedules
import XCTest

/// The timetables in `Timetables/` and `Samples/`, found next to this source file because the test
/// target declares no resources.
enum TimetableReaderFiles {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Timetables")
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples")

    static func bytes(_ url: URL) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url))
    }

    static func json(_ name: String) throws -> Timetable {
        try TimetableReader().read(json: bytes(folder.appendingPathComponent(name)), file: name)
    }

    static func csv(_ name: String, base: Timetable? = nil) throws -> Timetable {
        try TimetableReader().read(csv: bytes(folder.appendingPathComponent(name)), file: name, base: base)
    }

    static func sample(_ name: String, base: Timetable? = nil) throws -> Timetable {
        let bytes = try bytes(samples.appendingPathComponent(name))
        if name.hasSuffix(".csv") { return try TimetableReader().read(csv: bytes, file: name, base: base) }
        return try TimetableReader().read(json: bytes, file: name)
    }

    /// The problems `read` reports, one description each; none when it reads.
    static func problems(
        _ read: () throws -> Timetable, file: StaticString = #filePath,
        line: UInt = #line
    ) -> [String] {
        do {
            let timetable = try read()
            XCTFail("read without problems: \(timetable.lectures.map(\.id))", file: file, line: line)
            return []
        } catch let errors as TimetableErrors {
            return errors.problems.map(\.description)
        } catch {
            XCTFail("not TimetableErrors: \(error)", file: file, line: line)
            return []
        }
    }

    static func jsonProblems(_ name: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        problems({ try json(name) }, file: file, line: line)
    }

    static func csvProblems(
        _ name: String, base: Timetable? = nil, file: StaticString = #filePath,
        line: UInt = #line
    ) -> [String] {
        problems({ try csv(name, base: base) }, file: file, line: line)
    }

    static func textProblems(_ json: String) -> [String] {
        problems { try TimetableReader().read(json: Array(json.utf8), file: "inline.json") }
    }

    static func day(_ year: Int, _ month: Int, _ day: Int) -> CalendarDate {
        CalendarDate(year: year, month: month, day: day)
    }

    static func time(_ date: CalendarDate, _ hour: Int, _ minute: Int) -> LocalDateTime {
        LocalDateTime(date: date, hour: hour, minute: minute)
    }

    /// `Timetables/valid-minimal.json` as the model it must read into.
    static let minimal = Timetable(
        calendar: .init(id: "mini", name: "Mini", color: nil, timeZone: "Europe/Berlin"),
        term: .init(start: day(2026, 10, 12), end: day(2026, 11, 6)),
        breaks: [.init(start: day(2026, 10, 26), end: day(2026, 10, 30), name: "Herbstpause")],
        lectures: [
            .init(
                id: "A", title: "Analysis", kind: nil, lecturer: nil, room: nil, weekday: .monday,
                start: 8 * 60 + 15, end: 9 * 60 + 45, weeks: .all),
            .init(
                id: "B", title: "Biologie", kind: "Praktikum", lecturer: nil, room: "L1", weekday: .wednesday,
                start: 10 * 60, end: 11 * 60 + 30, weeks: .odd),
        ],
        changes: [.init(lecture: "A", date: day(2026, 10, 19), kind: .cancelled, note: "Krankheit")])
}
