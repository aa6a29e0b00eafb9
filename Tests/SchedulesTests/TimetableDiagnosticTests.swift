import CalendarModel
import Schedules
import XCTest

/// Timetable problems become Diagnostics at their line where the input has lines: a CSV row is a
/// line of the file, text that stops being JSON has a line and column; a JSON path stays in the message.
final class TimetableDiagnosticTests: XCTestCase {
    private func diagnostics(_ read: () throws(TimetableErrors) -> Timetable) -> [String] {
        do {
            _ = try read()
            return []
        } catch {
            return error.problems.map { Diagnostic(timetableProblem: $0).description }
        }
    }

    func testACSVProblemIsAtItsRowAndNamesItsColumn() {
        let csv = """
            # calendar.id=maths
            # calendar.timezone=Europe/Berlin
            # term.start=2026-10-01
            # term.end=2027-02-01
            id,title,weekday,start,end
            A,Algebra,XX,10:00,12:00
            """
        XCTAssertEqual(
            diagnostics { () throws(TimetableErrors) in try TimetableReader().read(csv: Array(csv.utf8), file: "plan.csv", base: nil) },
            ["plan.csv:6:1: error: column weekday: \"XX\" is not a weekday; use MO, TU, WE, TH, FR, SA or SU"])
    }

    func testTextThatIsNotJSONIsAtItsLineAndColumnAndAJSONPathStaysInTheMessage() {
        XCTAssertEqual(
            diagnostics { () throws(TimetableErrors) in
                try TimetableReader().read(json: Array("{\n  \"calendar\": {,}".utf8), file: "t.json")
            },
            ["t.json:2:16: error: expected a key in double quotes"])
        XCTAssertEqual(
            diagnostics { () throws(TimetableErrors) in try TimetableReader().read(json: Array("[]".utf8), file: "t.json") }.first?
                .hasPrefix("t.json: error: $: "), true)
    }
}
