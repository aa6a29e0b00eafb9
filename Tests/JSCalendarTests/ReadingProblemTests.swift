import CalendarModel
@testable import JSCalendar
import XCTest

/// JSCalendar that cannot be read is refused with a Diagnostic that says where: JSON syntax at its
/// line and column, anything else at its JSON path.
final class ReadingProblemTests: XCTestCase {
    func testJSONThatDoesNotParseIsPlacedAtItsLineAndColumn() {
        let text = "{\n  \"@type\": \"Event\",\n  \"title\": \"Lunch\"\n  \"start\": \"2026-01-05T12:00:00\"\n}\n"
        XCTAssertThrowsError(try JSCalendarReading.read(Array(text.utf8), path: "lunch.jscal.json")) { error in
            let diagnostics = (error as? InvalidCalendarData)?.diagnostics ?? []
            XCTAssertEqual(diagnostics.count, 1)
            XCTAssertEqual(diagnostics.first?.location, SourceLocation(line: 4, column: 3))
            XCTAssertEqual(diagnostics.first?.severity, .error)
            XCTAssertEqual(diagnostics.first?.file, "lunch.jscal.json")
        }
    }

    func testAMemberThatCannotBeWhatItSaysIsNamedByItsJSONPath() {
        let text = #"{"@type": "Event", "start": "2026-01-05T12:00:00", "recurrenceOverrides": {"next monday": {"title": "x"}}}"#
        XCTAssertThrowsError(try JSCalendarReading.read(Array(text.utf8), path: "x.jscal")) { error in
            let message = (error as? InvalidCalendarData)?.diagnostics.first?.message ?? ""
            XCTAssertTrue(message.hasPrefix("$.recurrenceOverrides: \"next monday\" is not a LocalDateTime"), message)
        }
        XCTAssertThrowsError(try JSCalendarReading.read(Array(#"{"@type": "Meeting"}"#.utf8), path: "x.jscal")) { error in
            XCTAssertEqual(
                (error as? InvalidCalendarData)?.diagnostics.first?.message,
                "$.@type: a JSCalendar document is an object whose \"@type\" is Event, Task or Group")
        }
        let onlyBad = #"{"@type": "Group", "entries": [{"@type": "Note"}]}"#
        XCTAssertThrowsError(try JSCalendarReading.read(Array(onlyBad.utf8), path: "x.jscal"), "nothing usable is left")
    }

    func testAnEntryThatCannotBeReadIsSkippedAndSaidWhileTheOthersAreRead() throws {
        let entries = #"{"@type": "Group", "entries": [{"@type": "Event", "uid": "a"}, {"@type": "Note"}]}"#
        let read = try JSCalendarReading.read(Array(entries.utf8), path: "x.jscal")
        XCTAssertEqual(read.calendar.children(named: "VEVENT").map { $0["UID"]?.value }, ["a"])
        XCTAssertEqual(read.diagnostics.count, 1)
        XCTAssertTrue(read.diagnostics[0].message.hasPrefix("$.entries[1].@type:"), read.diagnostics[0].message)
        XCTAssertEqual(read.diagnostics[0].repair, "skips the entry; the others are read")
        XCTAssertTrue(read.diagnostics[0].isRecovered, "a warning unless --strict")
    }

    func testOnlyAnObjectWhoseOwnTypeIsAJSCalendarObjectIsSniffed() {
        XCTAssertTrue(JSCalendarReading.sniffs(#"{"@type": "Event", "uid": "a"}"#))
        XCTAssertTrue(JSCalendarReading.sniffs("{\n  \"uid\": \"a\",\n  \"@type\" : \"Group\""))
        XCTAssertFalse(JSCalendarReading.sniffs(#"{"alerts": {"1": {"@type": "Event"}}}"#), "a nested @type is not the document's")
        XCTAssertFalse(JSCalendarReading.sniffs(#"{"title": "\"@type\": \"Event\""}"#), "text inside a string is not a member")
        XCTAssertFalse(JSCalendarReading.sniffs(#"["vcalendar", [], []]"#))
        XCTAssertFalse(JSCalendarReading.sniffs(#"{"@type": "Location"}"#))
    }
}
