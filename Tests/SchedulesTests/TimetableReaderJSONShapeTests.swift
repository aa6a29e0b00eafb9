import Schedules
import XCTest

/// JSON of the wrong shape: unknown or repeated keys, values of the wrong kind, hostile nesting.
final class TimetableReaderJSONShapeTests: XCTestCase {
    private typealias Files = TimetableReaderFiles

    private func timetable(
        calendar: String = #""id": "x", "timezone": "Europe/Berlin""#,
        lecture: String = #""id": "A", "title": "T", "weekday": "MO", "start": "08:00", "end": "09:00""#,
        change: String? = nil
    ) -> String {
        #"{"calendar": {\#(calendar)}, "term": {"start": "2026-10-12", "end": "2026-11-06"}, "lectures": [{\#(lecture)}]"#
            + (change.map { #", "changes": [{\#($0)}]"# } ?? "") + "}"
    }

    func testMisspeltOptionalFieldIsAnErrorNotSilentlyDropped() {
        XCTAssertEqual(
            Files.textProblems(timetable(calendar: ##""id": "x", "timezone": "Europe/Berlin", "colour": "#FF0000""##)),
            [
                "inline.json: $.calendar.colour: unknown field; the fields here are id, name, color, timezone"
            ])
    }

    func testNumberWhereATimeStringBelongs() {
        XCTAssertEqual(
            Files.textProblems(timetable(lecture: #""id": "A", "title": "T", "weekday": "MO", "start": 815, "end": "09:00""#)),
            [
                "inline.json: $.lectures[0].start: expected a string, found a number"
            ])
    }

    func testWeekListOfStringsOrAnEmptyWeekList() {
        let lecture = #""id": "A", "title": "T", "weekday": "MO", "start": "08:00", "end": "09:00", "weeks": "#
        XCTAssertEqual(
            Files.textProblems(timetable(lecture: lecture + #"["43", "45"]"#)),
            [
                "inline.json: $.lectures[0].weeks: expected whole ISO week numbers such as [43, 45, 47]"
            ])
        XCTAssertEqual(
            Files.textProblems(timetable(lecture: lecture + "[]")),
            [
                "inline.json: $.lectures[0].weeks: the week list is empty, so the lecture would never take place"
            ])
    }

    func testNullAndEmptyStringCountAsMissing() throws {
        let json = timetable(
            lecture: #""id": "A", "title": "T", "kind": null, "room": "", "weekday": "mo", "start": "8:00", "end": "09:00""#)
        let lecture = try XCTUnwrap(TimetableReader().read(json: Array(json.utf8), file: "inline.json").lectures.first)
        XCTAssertEqual(
            lecture,
            .init(
                id: "A", title: "T", kind: nil, lecturer: nil, room: nil, weekday: .monday,
                start: 480, end: 540, weeks: .all))
    }

    func testImpossibleDateAndTimeInAMovedChange() {
        let change = #""lecture": "A", "date": "2026-10-19", "type": "moved", "start": "2026-02-30T10:00", "end": "2026-10-20 11:00""#
        XCTAssertEqual(
            Files.textProblems(timetable(change: change)),
            [
                #"inline.json: $.changes[0].start: "2026-02-30" is not a day of the calendar"#,
                #"inline.json: $.changes[0].end: "2026-10-20 11:00" is not a date and time YYYY-MM-DDTHH:MM"#,
            ])
    }

    func testRoomChangeWithoutRoomAndCancellationWithTimes() {
        XCTAssertEqual(
            Files.textProblems(timetable(change: #""lecture": "A", "date": "2026-10-19", "type": "room""#)),
            [
                "inline.json: $.changes[0].room: required for a room change"
            ])
        let cancelled = #""lecture": "A", "date": "2026-10-19", "type": "cancelled", "start": "2026-10-19T10:00""#
        XCTAssertEqual(
            Files.textProblems(timetable(change: cancelled)),
            [
                "inline.json: $.changes[0].type: start and end belong to a moved change only"
            ])
    }

    func testTwoChangesOfOneOccurrence() {
        let json = timetable(
            change:
                #""lecture": "A", "date": "2026-10-19", "type": "cancelled"}, {"lecture": "A", "date": "2026-10-19", "type": "room", "room": "H1""#
        )
        XCTAssertEqual(
            Files.textProblems(json),
            [
                "inline.json: $.changes[1].date: A on 2026-10-19 is already changed at $.changes[0]"
            ])
    }

    func testRepeatedKeyAndTopLevelArray() {
        XCTAssertEqual(
            Files.textProblems(#"{"calendar": {"id": "a", "id": "b"}}"#),
            [
                #"inline.json: line 1, column 26: the key "id" appears twice in this object"#
            ])
        XCTAssertEqual(Files.textProblems("[]"), ["inline.json: $: expected an object, found an array"])
    }

    func testDeepNestingStopsAtSixtyFourLevels() {
        XCTAssertEqual(
            Files.textProblems(String(repeating: "[", count: 100_000)),
            [
                "inline.json: line 1, column 65: nested more than 64 levels deep"
            ])
    }

    func testEscapesAndByteOrderMarkAreRead() throws {
        let json = timetable(
            lecture: #""id": "A", "title": "Gr\u00fc\u00dfe \ud83d\ude00 \"Q\"", "weekday": "MO", "start": "08:00", "end": "09:00""#)
        let timetable = try TimetableReader().read(json: [0xEF, 0xBB, 0xBF] + Array(json.utf8), file: "inline.json")
        XCTAssertEqual(timetable.lectures.first?.title, "Grüße 😀 \"Q\"")
    }
}
