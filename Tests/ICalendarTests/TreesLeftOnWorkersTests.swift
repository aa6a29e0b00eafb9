import CalendarModel
import ICalendar
import Platform
import XCTest

/// A reader that writes only the encoded bytes lets each item's tree die on the worker that built
/// it, and still renames the TZIDs of a later calendar whose zone differs, as when it kept the tree.
final class TreesLeftOnWorkersTests: XCTestCase {
    private static func calendar(_ uid: String, offset: String) -> String {
        crlf([
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//calbridge//tests//EN",
            "BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20260101T000000Z", "DTSTART;TZID=My Zone:20260715T100000",
            "SUMMARY:Lunch", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Lunch",
            "TRIGGER;VALUE=DATE-TIME;TZID=My Zone:20260715T090000", "END:VALARM", "END:VEVENT",
            "BEGIN:VTIMEZONE", "TZID:My Zone", "BEGIN:STANDARD", "DTSTART:20200101T000000",
            "TZOFFSETFROM:\(offset)", "TZOFFSETTO:\(offset)", "END:STANDARD", "END:VTIMEZONE", "END:VCALENDAR",
        ])
    }

    /// What each input's components go out as, and which were handed on with their tree.
    private func convert(_ texts: [String], keepsComponents: Bool) throws -> (encoded: [String], trees: [String]) {
        var reader = CalendarStreamReader(encodes: true)
        reader.keepsComponents = keepsComponents
        var encoded: [String] = []
        var trees: [String] = []
        for (index, text) in texts.enumerated() {
            let path = try temporaryFile(text, name: "calendar\(index).ics")
            try reader.foresee { try InputFile(path: path) }
            try reader.read(try InputFile(path: path)) { event in
                guard case .component(let read) = event else { return }
                encoded.append(String(decoding: read.encoded ?? [], as: UTF8.self))
                if let component = read.component { trees.append(component.name) }
            }
        }
        return (encoded, trees)
    }

    func testAnEventsTreeIsLeftOnItsWorkerAndItsZoneReferencesAreStillRenamed() throws {
        let texts = [Self.calendar("a", offset: "+0500"), Self.calendar("b", offset: "-0300")]
        let kept = try convert(texts, keepsComponents: true)
        let left = try convert(texts, keepsComponents: false)
        XCTAssertEqual(left.encoded, kept.encoded)
        XCTAssertTrue(left.encoded[2].contains("DTSTART;TZID=My Zone-2:20260715T100000"), left.encoded[2])
        XCTAssertTrue(left.encoded[2].contains("TRIGGER;VALUE=DATE-TIME;TZID=My Zone-2:20260715T090000"), left.encoded[2])
        XCTAssertEqual(kept.trees, ["VEVENT", "VTIMEZONE", "VEVENT", "VTIMEZONE"])
        XCTAssertEqual(left.trees, ["VTIMEZONE", "VEVENT", "VTIMEZONE"], "only the renamed event is read again whole")
    }

    func testAnItemGivenAMadeUIDKeepsItsTreeForTheRepeatsToBeToldApart() throws {
        let event = ["BEGIN:VEVENT", "DTSTART:20260715T100000Z", "SUMMARY:Twice", "END:VEVENT"]
        let text = crlf(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//calbridge//tests//EN"] + event + event + ["END:VCALENDAR"])
        let left = try convert([text], keepsComponents: false)
        XCTAssertEqual(left.encoded, try convert([text], keepsComponents: true).encoded)
        XCTAssertEqual(left.trees, ["VEVENT", "VEVENT"])
        XCTAssertNotEqual(left.encoded[0], left.encoded[1], "the second gets a UID of its own")
    }
}
