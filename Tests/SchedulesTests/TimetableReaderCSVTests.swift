import Schedules
import XCTest

/// CSV timetables: settings lines, a base timetable, spreadsheet habits, and every problem by row and column.
final class TimetableReaderCSVTests: XCTestCase {
    private typealias Files = TimetableReaderFiles

    func testCSVWithSettingsIsTheJSONWithoutChanges() throws {
        var expected = Files.minimal
        expected.changes = []
        XCTAssertEqual(try Files.csv("valid-minimal.csv"), expected)
    }

    func testRowsReplaceBaseLecturesByIdInPlaceAndAddNewOnesAtTheEnd() throws {
        var expected = Files.minimal
        expected.lectures[1] = .init(
            id: "B", title: "Biologie", kind: nil, lecturer: nil, room: "L2", weekday: .wednesday,
            start: 600, end: 690, weeks: .list([43, 45]))
        expected.lectures.append(
            .init(
                id: "C", title: "Chemie", kind: nil, lecturer: nil, room: "H1", weekday: .friday,
                start: 855, end: 945, weeks: .even))
        XCTAssertEqual(try Files.csv("lectures-only.csv", base: Files.minimal), expected)
    }

    func testBaseChangeOnTheOldWeekdayOfAMovedLecture() {
        XCTAssertEqual(
            Files.csvProblems("csv-moves-changed-lecture.csv", base: Files.minimal),
            [
                "csv-moves-changed-lecture.csv: base $.changes[0].date: 2026-10-19 is a MO, but A takes place on TU"
            ])
    }

    func testSemicolonExcelFileWithByteOrderMarkCRLFQuotesAndAnEmptyRow() throws {
        let lectures = try Files.csv("csv-semicolon-excel.csv").lectures
        XCTAssertEqual(
            lectures,
            [
                .init(
                    id: "A", title: "Analysis", kind: nil, lecturer: "Müller; Anja", room: nil, weekday: .monday,
                    start: 495, end: 585, weeks: .list([43, 45])),
                .init(
                    id: "B", title: #"Biologie "Grundlagen""#, kind: nil, lecturer: nil, room: nil, weekday: .wednesday,
                    start: 600, end: 690, weeks: .all),
            ])
    }

    func testEveryRowProblemWithRowAndColumn() {
        XCTAssertEqual(
            Files.csvProblems("csv-row-errors.csv"),
            [
                #"csv-row-errors.csv: row 6, column weekday: "MI" is not a weekday; use MO, TU, WE, TH, FR, SA or SU"#,
                #"csv-row-errors.csv: row 7, column start: "8.15" is not a time HH:MM"#,
                "csv-row-errors.csv: row 8, column end: the lecture ends at 09:00, not after it starts at 10:00",
                #"csv-row-errors.csv: row 9, column weeks: "biweekly" is not a weeks value; use all, odd, even or a list of ISO week numbers"#,
                "csv-row-errors.csv: row 10, column weeks: week 0 is outside the ISO weeks 1…53",
                "csv-row-errors.csv: row 11, column title: required field is missing",
                "csv-row-errors.csv: row 13: 7 fields, but the header names 6 columns",
                #"csv-row-errors.csv: row 12, column id: the lecture id "A" is already used at row 6"#,
            ])
    }

    func testWithoutBaseTheRequiredSettingsMustBeThere() {
        let hint = "or read the CSV with a base timetable"
        XCTAssertEqual(
            Files.csvProblems("csv-missing-settings.csv"),
            [
                "csv-missing-settings.csv: # calendar.id: required setting is missing; add a line `# calendar.id=…` before the header \(hint)",
                "csv-missing-settings.csv: # calendar.timezone: required setting is missing; add a line `# calendar.timezone=…` before the header \(hint)",
                "csv-missing-settings.csv: # term.start: required setting is missing; add a line `# term.start=…` before the header \(hint)",
                "csv-missing-settings.csv: # term.end: required setting is missing; add a line `# term.end=…` before the header \(hint)",
            ])
    }

    func testUnknownRepeatedAndWrongSettings() {
        XCTAssertEqual(
            Files.csvProblems("csv-bad-settings.csv"),
            [
                "csv-bad-settings.csv: row 2, calendar.colour: unknown setting; the settings are calendar.id, calendar.name, calendar.color, calendar.timezone, term.start, term.end, term.name, term.break",
                "csv-bad-settings.csv: row 4, calendar.id: given again; the first is in row 1",
                #"csv-bad-settings.csv: row 7, term.break: "2026-12-21 Weihnachtsferien" is not a break START/END NAME such as 2026-12-21/2027-01-03 Weihnachtsferien"#,
                "csv-bad-settings.csv: row 6, term.end: the term ends (2026-10-01) before it starts (2026-10-12)",
                "csv-bad-settings.csv: row 8, term.break: the break ends (2026-10-19) before it starts (2026-10-20)",
            ])
        XCTAssertEqual(
            Files.csvProblems("csv-break-outside-term.csv"),
            [
                "csv-break-outside-term.csv: row 5, term.break: the break 2026-11-02 … 2026-11-13 is not within the term 2026-10-12 … 2026-11-06"
            ])
    }

    func testUnknownAndMissingColumnsStopBeforeTheRows() {
        let columns = "id, title, kind, lecturer, room, weekday, start, end, weeks"
        XCTAssertEqual(
            Files.csvProblems("csv-bad-header.csv"),
            [
                "csv-bad-header.csv: row 5, column lecturor: unknown column; the columns are \(columns)",
                "csv-bad-header.csv: row 5, column day: unknown column; the columns are \(columns)",
                "csv-bad-header.csv: row 5, column weekday: required column is missing from the header",
            ])
    }

    func testUnclosedQuoteAndLatin1TextStopReadingAtTheirRow() {
        XCTAssertEqual(
            Files.csvProblems("csv-unclosed-quote.csv"),
            [
                "csv-unclosed-quote.csv: row 6: a quoted field is not closed before the end of the file"
            ])
        XCTAssertEqual(
            Files.csvProblems("csv-not-utf8.csv"),
            [
                "csv-not-utf8.csv: row 6: the line is not UTF-8 (save the file as UTF-8)"
            ])
    }

    func testErrorDescriptionIsFilePlaceMessage() {
        let error = TimetableError(file: "plan.csv", place: "row 7, column weekday", message: "\"MI\" is not a weekday")
        XCTAssertEqual(error.description, "plan.csv: row 7, column weekday: \"MI\" is not a weekday")
        XCTAssertEqual(TimetableErrors(problems: [error, error]).description, error.description + "\n" + error.description)
    }
}
