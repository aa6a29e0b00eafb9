import CalendarModel
import ICalendar
import Platform
import XCTest

/// A file of which nothing usable survives is refused; a calendar written with no event (an empty
/// calendar, a file of zones) or one that loses an item among others is read.
final class UnusableInputTests: XCTestCase {
    /// The scanner's findings on `text`, read as a file a person handed a command.
    private func scan(_ text: String, refusing: Bool = true) throws -> (items: Int, diagnostics: [Diagnostic]) {
        var scanner = CalendarScanner(input: InputFile(name: "input.ics", contents: Array(text.utf8)))
        scanner.refusesUnusableInput = refusing
        var items = 0
        while let item = try scanner.next() {
            if case .component = item { items += 1 }
        }
        return (items, scanner.diagnostics)
    }

    private let googleHeader = [
        "BEGIN:VCALENDAR", "PRODID:-//Google Inc//Google Calendar 70.9054//EN", "VERSION:2.0", "CALSCALE:GREGORIAN",
    ]
    private let berlin = [
        "BEGIN:VTIMEZONE", "TZID:Europe/Berlin", "BEGIN:STANDARD", "DTSTART:19701025T030000",
        "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "END:STANDARD", "END:VTIMEZONE",
    ]

    func testAFileCutInsideItsOnlyEventIsRefusedWithoutARepair() throws {
        let cut = crlf(
            googleHeader + berlin + [
                "BEGIN:VEVENT", "DTSTART;TZID=Europe/Berlin:20260105T090000",
                "UID:0c2rb3ue4m@google.com", "SUMM",
            ])
        let (_, found) = try scan(cut)
        XCTAssertEqual(
            found.map(\.description),
            [
                "input.ics:17:1: error: the file ends inside the VEVENT begun on line 14 (UID 0c2rb3ue4m@google.com), its only item; "
                    + "it looks truncated (missing END:VEVENT, END:VCALENDAR), so nothing usable survives: "
                    + "get the whole file again (export the calendar anew) and run again"
            ])
        XCTAssertTrue(ReadingPolicy.lenient.refuses(found))
    }

    func testAFileCutAfterAWholeEventKeepsItAndDropsOnlyTheCutOne() throws {
        let cut = crlf(
            googleHeader + [
                "BEGIN:VEVENT", "UID:a@google.com", "DTSTART:20260105T090000Z", "END:VEVENT",
                "BEGIN:VEVENT", "UID:b@google.com", "DTST",
            ])
        let (items, found) = try scan(cut)
        XCTAssertEqual(items, 1)
        XCTAssertEqual(found.map(\.repair), ["drops the unfinished VEVENT and closes the calendar"])
        XCTAssertFalse(ReadingPolicy.lenient.refuses(found))
    }

    func testAStoreResourceCutInsideItsOnlyEventIsDroppedNotRefused() throws {
        let cut = crlf(googleHeader + ["BEGIN:VEVENT", "UID:a@google.com", "DTST"])
        let (_, found) = try scan(cut, refusing: false)
        XCTAssertEqual(found.map(\.repair), ["drops the unfinished VEVENT and closes the calendar"])
    }

    func testAnEmptyCalendarAndAFileOfZonesAreReadAsWritten() throws {
        XCTAssertEqual(try scan(crlf(googleHeader + ["END:VCALENDAR"])).diagnostics, [])
        XCTAssertEqual(try scan(crlf(["BEGIN:VCALENDAR", "END:VCALENDAR"])).diagnostics, [])
        XCTAssertEqual(try scan(crlf(["BEGIN:VCALENDAR"] + berlin + ["END:VCALENDAR"])).diagnostics, [])
    }

    func testAnEmptyFileIsSaidToBeEmpty() throws {
        let (_, found) = try scan("", refusing: false)
        XCTAssertEqual(
            found.map(\.description),
            ["input.ics:1:1: error: the file is empty: there is no calendar in it; check that the export or download finished"])
    }
}
