import CalendarModel
import ICalendar
import Platform
import XCTest

final class ReaderTests: XCTestCase {
    func testUnknownPropertiesComponentsAndParametersAreKeptAsWritten() throws {
        let path = try temporaryFile(
            crlf([
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN",
                "BEGIN:VEVENT", "UID:1", "DTSTAMP:20260101T000000Z",
                "summary;language=de:Hallo\\, Welt", "CONFERENCE;VALUE=URI;FEATURE=AUDIO:https://example.org/call",
                "CATEGORIES:Work,Team\\, Berlin", "X-ALT;X-P=\"a:b;c\":v",
                "BEGIN:X-CUSTOM", "X-A:1", "END:X-CUSTOM",
                "END:VEVENT", "BEGIN:X-TOP", "X-B:2", "END:X-TOP", "END:VCALENDAR",
            ]))
        let (calendar, diagnostics) = try readCalendar(path: path)
        XCTAssertEqual(diagnostics, [])
        let event = try XCTUnwrap(calendar.components.first)
        XCTAssertEqual(event["SUMMARY"]?.value, "Hallo\\, Welt")
        XCTAssertEqual(event["SUMMARY"]?[parameter: "LANGUAGE"], "de")
        XCTAssertEqual(event["CONFERENCE"]?.parameters, [Parameter("VALUE", "URI"), Parameter("FEATURE", "AUDIO")])
        XCTAssertEqual(event["CATEGORIES"]?.value, "Work,Team\\, Berlin")
        XCTAssertEqual(event["X-ALT"]?[parameter: "X-P"], "a:b;c")
        XCTAssertEqual(event.components.map(\.name), ["X-CUSTOM"])
        XCTAssertEqual(calendar.components.map(\.name), ["VEVENT", "X-TOP"])
        XCTAssertEqual(try readCalendar(path: temporaryFile(bytes: written(calendar))).0.canonicalForm, calendar.canonicalForm)
    }

    func testFoldedLinesWithLFEndingsUnfoldAndKeepTheirLineNumbers() throws {
        let path = try temporaryFile(
            [
                "BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:1", "DTSTAMP:20260101T000000Z",
                "DESCRIPTION:first part", "  and second", "DTSTART:20260230T100000", "END:VEVENT", "END:VCALENDAR", "",
            ].joined(separator: "\n"))
        let (calendar, diagnostics) = try readCalendar(path: path)
        XCTAssertEqual(calendar.components.first?["DESCRIPTION"]?.value, "first part and second")
        XCTAssertEqual(calendar.components.first?["DESCRIPTION"]?.location, SourceLocation(line: 5, column: 1))
        XCTAssertEqual(diagnostics.map(\.location), [SourceLocation(line: 7, column: 9)])
        XCTAssertEqual(diagnostics.first?.severity, .error)
        XCTAssertTrue(diagnostics.first?.message.contains("20260230") ?? false)
    }

    func testValuesOnlyLibicalRefusesAreReportedOnTheirLine() throws {
        let path = try temporaryFile(
            crlf([
                "BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:1", "DTSTAMP:20260101T000000Z", "REQUEST-STATUS:garbage", "END:VEVENT",
                "END:VCALENDAR",
            ]))
        let diagnostics = try readCalendar(path: path).1
        XCTAssertEqual(diagnostics.count, 1)
        XCTAssertEqual(diagnostics.first?.location?.line, 5)
        XCTAssertTrue(diagnostics.first?.message.contains("libical") ?? false, diagnostics.first?.message ?? "")
    }

    /// GEO is a FLOAT pair in the design table, so calbridge checks it itself, as xCal and jCal inputs are.
    func testACoordinateThatIsNoNumberIsReportedByCalbridgesOwnCheck() throws {
        let path = try temporaryFile(
            crlf([
                "BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:1", "DTSTAMP:20260101T000000Z", "GEO:north;east", "END:VEVENT", "END:VCALENDAR",
            ]))
        let diagnostics = try readCalendar(path: path).1
        XCTAssertEqual(diagnostics.map(\.message), ["GEO:north;east is not a latitude and a longitude (two numbers separated by ';')"])
        XCTAssertEqual(diagnostics.first?.location, SourceLocation(line: 5, column: 5))
    }

    func testMissingRequiredPropertiesAreViolationsWithARepair() throws {
        let path = try temporaryFile(crlf(["BEGIN:VCALENDAR", "BEGIN:VEVENT", "SUMMARY:x", "END:VEVENT", "END:VCALENDAR"]))
        let diagnostics = try readCalendar(path: path).1
        XCTAssertEqual(diagnostics.map(\.severity), [.violation, .violation])
        XCTAssertTrue(diagnostics.allSatisfy { $0.repair != nil && $0.location?.line == 2 })
    }

    func testLoneCarriageReturnsAreReadAsLineEndsAndReported() throws {
        let path = try temporaryFile("BEGIN:VCALENDAR\rBEGIN:VEVENT\rUID:1\rDTSTAMP:20260101T000000Z\rEND:VEVENT\rEND:VCALENDAR\r")
        let (calendar, diagnostics) = try readCalendar(path: path)
        XCTAssertEqual(calendar.components.first?["UID"]?.value, "1")
        XCTAssertEqual(diagnostics.map(\.severity), [.violation])
        XCTAssertEqual(diagnostics.first?.location?.line, 1)
    }

    func testALineThatLostItsFoldSpaceIsJoinedToTheLineAboveAsARecoveredError() throws {
        let path = try temporaryFile(
            crlf([
                "BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:1", "DTSTAMP:20260101T000000Z",
                "DESCRIPTION:a sentence that", "goes on here", "END:VEVENT", "END:VCALENDAR",
            ]))
        let (calendar, diagnostics) = try readCalendar(path: path)
        XCTAssertEqual(calendar.components.first?["DESCRIPTION"]?.value, "a sentence thatgoes on here")
        XCTAssertEqual(diagnostics.map(\.severity), [.error])
        XCTAssertEqual(diagnostics.first?.location, SourceLocation(line: 6, column: 1))
        XCTAssertEqual(diagnostics.first?.repair, "joins it to the line above")
    }

    func testSeveralInputsMergeWithZonesDeduplicatedAndFirstCalendarPropertiesWinning() throws {
        func calendar(_ name: String, _ uid: String) -> String {
            crlf([
                "BEGIN:VCALENDAR", "VERSION:2.0", "X-WR-CALNAME:\(name)",
                "BEGIN:VTIMEZONE", "TZID:Europe/Berlin", "BEGIN:STANDARD", "DTSTART:19701025T030000",
                "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "END:STANDARD", "END:VTIMEZONE",
                "BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20260101T000000Z", "END:VEVENT", "END:VCALENDAR",
            ])
        }
        var reader = CalendarStreamReader()
        var merged = Component(name: "VCALENDAR")
        for (name, uid) in [("A", "a-1"), ("B", "b-1")] {
            try reader.read(try InputFile(path: temporaryFile(calendar(name, uid)))) { event in
                switch event {
                case .property(let p): merged.properties.append(p)
                case .component(let c): merged.components.append(c.component!)
                }
            }
        }
        XCTAssertEqual(merged.all("X-WR-CALNAME").map(\.value), ["A"])
        XCTAssertEqual(merged.components.map(\.name), ["VTIMEZONE", "VEVENT", "VEVENT"])
        XCTAssertEqual(merged.components.compactMap { $0["UID"]?.value }, ["a-1", "b-1"])
    }
}
