import CalendarModel
import ICalendar
import Platform
import XCTest

/// A VTIMEZONE text the merge has settled (its form is a variant kept) plans a later calendar
/// without being parsed again, with the decision `decide` would make; a text that was contested, or
/// whose variant went elsewhere, is judged afresh.
final class ZoneSettlingTests: XCTestCase {
    private static func zone(_ offset: String) -> [String] {
        [
            "BEGIN:VTIMEZONE", "TZID:My Zone", "BEGIN:STANDARD", "DTSTART:20200101T000000",
            "TZOFFSETFROM:\(offset)", "TZOFFSETTO:\(offset)", "END:STANDARD", "END:VTIMEZONE",
        ]
    }

    private static func event(_ uid: String) -> [String] {
        ["BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20260101T000000Z", "DTSTART;TZID=My Zone:20260715T100000", "END:VEVENT"]
    }

    private static func calendar(_ lines: [String]) -> [String] {
        ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//calbridge//tests//EN"] + lines + ["END:VCALENDAR"]
    }

    /// A component's text as the scanner cuts it out (lines ending in LF).
    private static func text(_ lines: [String]) -> [UInt8] {
        Array(lines.map { $0 + "\n" }.joined().utf8)
    }

    /// Looks ahead at each file and reads it, as a store's export does resource by resource: the
    /// TZID each component goes out with.
    private static func export(_ files: [[String]], into reader: inout CalendarStreamReader) throws -> [String] {
        var tzids: [String] = []
        for (index, lines) in files.enumerated() {
            let path = try temporaryFile(crlf(lines), name: "resource\(index).ics")
            try reader.foresee { try InputFile(path: path) }
            try reader.read(try InputFile(path: path)) { event in
                guard case .component(let read) = event, let component = read.component else { return }
                tzids.append(component["TZID"]?.text ?? component["DTSTART"]?[parameter: "TZID"] ?? "")
            }
        }
        return tzids
    }

    func testAnUncontestedDefinitionsTextPlansALaterCalendarWithoutItsParse() throws {
        var reader = CalendarStreamReader()
        XCTAssertFalse(reader.zones.plan(input: "a", settledTexts: [[Self.text(Self.zone("+0500"))]]), "nothing settled yet")
        _ = try Self.export([Self.calendar(Self.zone("+0500") + Self.event("a"))], into: &reader)
        XCTAssertTrue(reader.zones.plan(input: "b", settledTexts: [[Self.text(Self.zone("+0500"))]]))
        XCTAssertFalse(reader.zones.plan(input: "c", settledTexts: [[Self.text(Self.zone("-0300"))]]), "another text is parsed")
    }

    func testAResourcesEventsBeforeASettledRenamedZoneAreRenamedFromTheStart() throws {
        // The -0300 definition is renamed My Zone-2 in the second file, contested there; the fourth file
        // meets it uncontested and settles it, and its text then plans the fifth, whose event comes
        // before its VTIMEZONE and must take the new name too.
        let files = [
            Self.calendar(Self.zone("+0500") + Self.event("a")), Self.calendar(Self.zone("-0300") + Self.event("b")),
            Self.calendar(Self.zone("+0500") + Self.event("c")), Self.calendar(Self.event("d") + Self.zone("-0300")),
            Self.calendar(Self.event("e") + Self.zone("-0300")),
        ]
        var reader = CalendarStreamReader()
        let tzids = try Self.export(files, into: &reader)
        XCTAssertEqual(tzids, ["My Zone", "My Zone", "My Zone-2", "My Zone-2", "My Zone", "My Zone-2", "My Zone-2"])
        XCTAssertTrue(reader.zones.plan(input: "next", settledTexts: [[Self.text(Self.zone("-0300"))]]), "the fourth file settled it")
    }
}
