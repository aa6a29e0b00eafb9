import CalendarModel
import ICalendar
import Platform
import XCTest

/// A reader that writes only the encoded bytes gets consecutive items back joined, one per share
/// of each batch, with the same bytes, notes and diagnostics in the same order as item by item; an item
/// the merge must see by itself (a VTIMEZONE, one given a made UID) breaks the run.
final class JoinedItemsTests: XCTestCase {
    private static func event(_ index: Int) -> [String] {
        // Every fifth has a stamp not in UTC, which is reported on its line.
        [
            "BEGIN:VEVENT", "UID:e\(index)", index % 5 == 0 ? "DTSTAMP:20260101T000000" : "DTSTAMP:20260101T000000Z",
            "DTSTART;TZID=Zone \(index % 3):20260715T100000", "SUMMARY:Item \(index)", "END:VEVENT",
        ]
    }

    private struct Handed {
        var components = 0
        var encoded: [UInt8] = []
        var notes: [String] = []
        var diagnostics: [String] = []
    }

    private func read(_ path: String, keepsComponents: Bool) throws -> Handed {
        var reader = CalendarStreamReader(encodes: true)
        reader.keepsComponents = keepsComponents
        reader.batchSize = 64
        // Each item's note is its TZIDs; joined notes are the items' in order.
        reader.study = { component in component.properties.compactMap { $0[parameter: "TZID"] } }
        reader.joinsNotes = { joined, later in joined = ((joined as? [String]) ?? []) + (later as! [String]) }
        var handed = Handed()
        try reader.read(try InputFile(path: path)) { event in
            guard case .component(let read) = event else { return }
            handed.components += 1
            handed.encoded += read.encoded ?? []
            handed.notes += read.notes as? [String] ?? []
        }
        handed.diagnostics = reader.diagnostics.map(\.description)
        return handed
    }

    func testConsecutiveItemsComeBackJoinedWithTheirBytesNotesAndDiagnosticsInOrder() throws {
        let zone = [
            "BEGIN:VTIMEZONE", "TZID:Zone 1", "BEGIN:STANDARD", "DTSTART:20200101T000000",
            "TZOFFSETFROM:+0100", "TZOFFSETTO:+0100", "END:STANDARD", "END:VTIMEZONE",
        ]
        let noUID = ["BEGIN:VEVENT", "DTSTART:20260715T100000Z", "SUMMARY:No UID", "END:VEVENT"]
        let items = (0..<300).flatMap { index in Self.event(index) + (index == 100 ? zone : index == 200 ? noUID : []) }
        let text = crlf(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//calbridge//tests//EN"] + items + ["END:VCALENDAR"])
        let path = try temporaryFile(text)
        let whole = try read(path, keepsComponents: true)
        let joined = try read(path, keepsComponents: false)
        XCTAssertEqual(whole.components, 302)
        XCTAssertEqual(String(decoding: joined.encoded, as: UTF8.self), String(decoding: whole.encoded, as: UTF8.self))
        XCTAssertEqual(joined.notes, whole.notes)
        XCTAssertEqual(joined.diagnostics, whole.diagnostics)
        XCTAssertEqual(
            whole.diagnostics.filter { $0.contains("DTSTAMP") && $0.contains("UTC") }.count, 60, whole.diagnostics.joined(separator: "\n"))
        // Five batches of 64 items, each joined per share, and the zone and the item given a UID by themselves.
        XCTAssertLessThanOrEqual(joined.components, 5 * OrderedParallelMap<Int, Int, Void>.shares(for: 64) + 2 * 2)
    }

    /// Reads `paths` as `validate` does: whole-calendar checks on, nothing encoded.
    private func check(_ paths: [String], keepsComponents: Bool) throws -> Handed {
        var reader = CalendarStreamReader()
        reader.checksWholeCalendar = true
        reader.keepsComponents = keepsComponents
        reader.batchSize = 64
        reader.study = { component in component.properties.compactMap { $0[parameter: "TZID"] } }
        reader.joinsNotes = { joined, later in joined = ((joined as? [String]) ?? []) + (later as! [String]) }
        var handed = Handed()
        for path in paths {
            try reader.read(try InputFile(path: path)) { event in
                guard case .component(let read) = event else { return }
                handed.components += 1
                handed.notes += read.notes as? [String] ?? []
            }
        }
        try reader.finishWholeCalendarChecks()
        handed.diagnostics = reader.diagnostics.map(\.description)
        return handed
    }

    func testJoinedItemsKeepEachSeriesFindingInItsPlace() throws {
        let zone = { (offset: String) in
            [
                "BEGIN:VTIMEZONE", "TZID:Zone 1", "BEGIN:STANDARD", "DTSTART:20200101T000000",
                "TZOFFSETFROM:\(offset)", "TZOFFSETTO:\(offset)", "END:STANDARD", "END:VTIMEZONE",
            ]
        }
        // Every seventh item repeats an earlier UID: a second master, reported after its own diagnostics.
        let items = { (first: Int, offset: String) in
            zone(offset)
                + (first..<(first + 300)).flatMap { index in
                    Self.event(index).map { $0 == "UID:e\(index)" && index % 7 == 0 ? "UID:e\(index / 2)" : $0 }
                }
        }
        let header = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//calbridge//tests//EN"]
        let first = try temporaryFile(crlf(header + items(0, "+0100") + ["END:VCALENDAR"]))
        // The second input's Zone 1 differs from the first's, so the merge renames it there.
        let second = try temporaryFile(crlf(header + items(150, "+0200") + ["END:VCALENDAR"]))
        let whole = try check([first, second], keepsComponents: true)
        let joined = try check([first, second], keepsComponents: false)
        XCTAssertEqual(whole.components, 602)
        XCTAssertLessThan(joined.components, whole.components)
        XCTAssertEqual(joined.notes, whole.notes)
        XCTAssertEqual(joined.diagnostics, whole.diagnostics)
        XCTAssertGreaterThan(whole.diagnostics.filter { $0.contains("two masters") }.count, 100, whole.diagnostics.joined(separator: "\n"))
    }
}
