import Schedules
import XCTest

/// A calendar id goes into the UID of every event a timetable makes, so an id of thousands of
/// characters made work grow with ids × lectures (a 140 KB CSV with a 60 KB id took over a minute):
/// ids longer than 200 characters are refused where they are written, in CSV and JSON alike.
final class TimetableCalendarIDTests: XCTestCase {
    private let message = "the calendar id is 201 characters long; use at most 200 (it is part of every event's UID)"

    func testACSVCalendarIDLongerThan200CharactersIsRefusedAtItsRow() {
        let csv =
            "# calendar.id=\(String(repeating: "a", count: 201))\n# calendar.timezone=Europe/Berlin\n"
            + "# term.start=2026-10-12\n# term.end=2027-02-05\nid,title,weekday,start,end\nL1,Datenbanken,MO,08:15,09:45\n"
        let problems = TimetableReaderFiles.problems { try TimetableReader().read(csv: Array(csv.utf8), file: "long.csv", base: nil) }
        XCTAssertEqual(problems, ["long.csv: row 1, calendar.id: \(message)"])
    }

    func testAJSONCalendarIDLongerThan200CharactersIsRefusedAtItsPath() {
        let json =
            #"{"calendar":{"id":"\#(String(repeating: "a", count: 201))","timezone":"Europe/Berlin"},"#
            + #""term":{"start":"2026-10-12","end":"2027-02-05"},"lectures":[]}"#
        XCTAssertEqual(TimetableReaderFiles.textProblems(json), ["inline.json: $.calendar.id: \(message)"])
    }

    func testACalendarIDOf200CharactersIsRead() throws {
        let id = String(repeating: "a", count: 200)
        let json =
            #"{"calendar":{"id":"\#(id)","timezone":"Europe/Berlin"},"term":{"start":"2026-10-12","end":"2027-02-05"},"lectures":[]}"#
        XCTAssertEqual(try TimetableReader().read(json: Array(json.utf8), file: "ok.json").calendar.id, id)
    }
}
