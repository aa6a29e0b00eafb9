import Schedules
import XCTest

/// Each mistake a JSON timetable can have is reported as `FILE: JSON path: message`, and all of
/// them at once.
final class TimetableReaderJSONErrorTests: XCTestCase {
    private typealias Files = TimetableReaderFiles

    func testValidMinimalTimetableReadsIntoItsModel() throws {
        XCTAssertEqual(try Files.json("valid-minimal.json"), Files.minimal)
    }

    func testUnknownWeekdayNamesTheLectureField() {
        XCTAssertEqual(
            Files.jsonProblems("unknown-weekday.json"),
            [
                #"unknown-weekday.json: $.lectures[1].weekday: "MI" is not a weekday; use MO, TU, WE, TH, FR, SA or SU"#
            ])
    }

    func testTimeWithADotIsNotHHMM() {
        XCTAssertEqual(
            Files.jsonProblems("time-not-hhmm.json"),
            [
                #"time-not-hhmm.json: $.lectures[0].start: "8.15" is not a time HH:MM"#
            ])
    }

    func testLectureEndingBeforeOrWhenItStartsIsRefused() {
        XCTAssertEqual(
            Files.jsonProblems("end-before-start.json"),
            [
                "end-before-start.json: $.lectures[1].end: the lecture ends at 09:30, not after it starts at 10:00"
            ])
        XCTAssertEqual(
            Files.jsonProblems("end-equals-start.json"),
            [
                "end-equals-start.json: $.lectures[0].end: the lecture ends at 08:15, not after it starts at 08:15"
            ])
    }

    func testUnknownWeeksValueAndWeekFiftyFour() {
        XCTAssertEqual(
            Files.jsonProblems("unknown-weeks.json"),
            [
                #"unknown-weeks.json: $.lectures[1].weeks: "weekly" is not a weeks value; use all, odd, even or a list of ISO week numbers"#
            ])
        XCTAssertEqual(
            Files.jsonProblems("week-outside-range.json"),
            [
                "week-outside-range.json: $.lectures[1].weeks: week 54 is outside the ISO weeks 1…53"
            ])
    }

    func testTermEndingBeforeItStartsIsReportedOnceWithoutBreakAndChangeNoise() {
        XCTAssertEqual(
            Files.jsonProblems("term-end-before-start.json"),
            [
                "term-end-before-start.json: $.term.end: the term ends (2026-10-01) before it starts (2026-10-12)"
            ])
    }

    func testBreakReachingPastTheTermOrReversed() {
        XCTAssertEqual(
            Files.jsonProblems("break-outside-term.json"),
            [
                "break-outside-term.json: $.term.breaks[0]: the break 2026-10-26 … 2026-11-13 is not within the term 2026-10-12 … 2026-11-06"
            ])
        XCTAssertEqual(
            Files.jsonProblems("break-reversed.json"),
            [
                "break-reversed.json: $.term.breaks[0].end: the break ends (2026-10-23) before it starts (2026-10-26)"
            ])
    }

    func testChangeOfAnUnknownLectureOutsideTheTermOrOnAnotherWeekday() {
        XCTAssertEqual(
            Files.jsonProblems("change-unknown-lecture.json"),
            [
                #"change-unknown-lecture.json: $.changes[0].lecture: no lecture has the id "C""#
            ])
        XCTAssertEqual(
            Files.jsonProblems("change-outside-term.json"),
            [
                "change-outside-term.json: $.changes[0].date: 2026-11-16 is outside the term 2026-10-12 … 2026-11-06"
            ])
        XCTAssertEqual(
            Files.jsonProblems("change-wrong-weekday.json"),
            [
                "change-wrong-weekday.json: $.changes[0].date: 2026-10-20 is a TU, but A takes place on MO"
            ])
    }

    func testMovedChangeNeedsStartAndEndWithEndAfterStart() {
        XCTAssertEqual(
            Files.jsonProblems("moved-without-times.json"),
            [
                "moved-without-times.json: $.changes[0].start: required for a moved change",
                "moved-without-times.json: $.changes[0].end: required for a moved change",
            ])
        XCTAssertEqual(
            Files.jsonProblems("moved-end-before-start.json"),
            [
                "moved-end-before-start.json: $.changes[0].end: the moved lecture ends (2026-10-20T09:00) no later than it starts (2026-10-20T10:00)"
            ])
    }

    func testUnknownChangeType() {
        XCTAssertEqual(
            Files.jsonProblems("unknown-change-type.json"),
            [
                #"unknown-change-type.json: $.changes[0].type: "postponed" is not a change type; use cancelled, moved or room"#
            ])
    }

    func testDuplicateLectureIdNamesTheFirstUse() {
        XCTAssertEqual(
            Files.jsonProblems("duplicate-lecture-ids.json"),
            [
                #"duplicate-lecture-ids.json: $.lectures[1].id: the lecture id "A" is already used at $.lectures[0]"#
            ])
    }

    func testEveryMissingRequiredFieldIsNamed() {
        XCTAssertEqual(
            Files.jsonProblems("missing-calendar-fields.json"),
            [
                "missing-calendar-fields.json: $.calendar.id: required field is missing",
                "missing-calendar-fields.json: $.calendar.timezone: required field is missing",
            ])
        XCTAssertEqual(
            Files.jsonProblems("missing-term-fields.json"),
            [
                "missing-term-fields.json: $.term.start: required field is missing",
                "missing-term-fields.json: $.term.end: required field is missing",
            ])
        XCTAssertEqual(
            Files.jsonProblems("missing-lecture-fields.json"),
            [
                "missing-lecture-fields.json: $.lectures[1].id: required field is missing",
                "missing-lecture-fields.json: $.lectures[1].title: required field is missing",
                "missing-lecture-fields.json: $.lectures[1].weekday: required field is missing",
                "missing-lecture-fields.json: $.lectures[1].start: required field is missing",
                "missing-lecture-fields.json: $.lectures[1].end: required field is missing",
            ])
    }

    func testSeveralErrorsInOneFileAreAllReportedFieldsFirstThenCrossChecks() {
        XCTAssertEqual(
            Files.jsonProblems("several-errors.json"),
            [
                #"several-errors.json: $.lectures[0].weekday: "Mo." is not a weekday; use MO, TU, WE, TH, FR, SA or SU"#,
                #"several-errors.json: $.lectures[1].end: "25:00" is not a time HH:MM"#,
                #"several-errors.json: $.lectures[2].weeks: "biweekly" is not a weeks value; use all, odd, even or a list of ISO week numbers"#,
                "several-errors.json: $.changes[2].end: required for a moved change",
                #"several-errors.json: $.changes[1].lecture: no lecture has the id "Z""#,
            ])
    }

    func testTextThatIsNotJSONNamesLineAndColumn() {
        XCTAssertEqual(
            Files.jsonProblems("not-json.json"),
            [
                "not-json.json: line 3, column 34: expected ',' or '}' after a member"
            ])
    }
}
