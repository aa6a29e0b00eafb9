@testable import CalendarWebFormats
import CalendarModel
import Foundation
import XCTest

/// xCal and jCal are read and written one top-level component at a time; these pin what that
/// promises: the bytes of the whole-document writers, events handed on as they complete, errors
/// placed where they are, and bounds that hold before a component is whole.
final class XCalJCalStreamingTests: XCTestCase {
    private func fixture(_ name: String) throws -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/streaming/" + name)
        return [UInt8](try Data(contentsOf: url))
    }

    /// `escapes.xml` and `escapes.jcal` were written by the libxml2 tree writer and the JSONValue
    /// writer that the streaming writers replaced.
    func testStreamingWritersGiveTheBytesOfTheWholeDocumentWritersTheyReplaced() throws {
        let calendar = try readICalendar(
            URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("Fixtures/streaming/escapes.ics"))
        XCTAssertEqual(
            String(decoding: XCalWriter().document(for: calendar), as: UTF8.self),
            String(decoding: try fixture("escapes.xml"), as: UTF8.self))
        XCTAssertEqual(
            String(decoding: JCalWriter().document(for: calendar), as: UTF8.self),
            String(decoding: try fixture("escapes.jcal"), as: UTF8.self))
    }

    func testEmptyCalendarAndEmptyComponentAreSelfClosingInXCal() {
        let empty = String(decoding: XCalWriter().document(for: Component(name: "VCALENDAR")), as: UTF8.self)
        XCTAssertEqual(
            empty,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<icalendar xmlns=\"\(XCalWriter.namespace)\">\n  <vcalendar/>\n</icalendar>\n")
        let bare = String(
            decoding: XCalWriter().document(for: Component(name: "VCALENDAR", components: [Component(name: "VEVENT")])),
            as: UTF8.self)
        XCTAssertTrue(bare.contains("  <vcalendar>\n    <components>\n      <vevent/>\n    </components>\n  </vcalendar>\n"), bare)
        XCTAssertEqual(String(decoding: JCalWriter().document(for: Component(name: "VCALENDAR")), as: UTF8.self), "[\"vcalendar\",[],[]]\n")
    }

    func testReadersGiveTheSameCalendarsFromOneByteChunksAsFromTheWholeDocument() throws {
        for (name, read) in [("escapes.xml", XCalReader().read), ("escapes.jcal", JCalReader().read)] {
            let bytes = try fixture(name)
            var next = 0
            let byByte = try CalendarDocumentEvent.calendars { handle in
                try read(
                    { () -> [UInt8]? in
                        defer { next += 1 }
                        return next < bytes.count ? [bytes[next]] : nil
                    }, handle)
            }
            let whole = name.hasSuffix(".xml") ? try XCalReader().calendars(from: bytes) : try JCalReader().calendars(from: bytes)
            XCTAssertEqual(byByte.map(\.canonicalForm), whole.map(\.canonicalForm), name)
            XCTAssertEqual(whole.first?.components.map(\.name), ["VEVENT", "VTODO", "X-CUSTOM"], name)
            XCTAssertEqual(whole.first?.components.first?["UID"]?.value, "a<b>&c\"d'e", name)
        }
    }

    private let xcalWithBadThirdEvent = """
        <?xml version="1.0" encoding="UTF-8"?>
        <icalendar xmlns="urn:ietf:params:xml:ns:icalendar-2.0">
        <vcalendar>
        <properties><version><text>2.0</text></version></properties>
        <components>
        <vevent><properties><uid><text>one</text></uid></properties></vevent>
        <vevent><properties><uid><text>two</text></uid></properties></vevent>
        <vevent><properties><uid><text>three</text></uid></properties>  <location><text>H1</text></location></vevent>
        </components>
        </vcalendar>
        </icalendar>
        """

    func testXCalErrorInTheThirdComponentComesAfterTheFirstTwoWithItsLineAndColumn() {
        var uids: [String] = []
        var pending: [UInt8]? = Array(xcalWithBadThirdEvent.utf8)
        XCTAssertThrowsError(
            try XCalReader().read(chunks: {
                defer { pending = nil }; return pending
            }) { event in
                if case .component(let read) = event { uids.append(try read.component()["UID"]?.value ?? "") }
            }
        ) { error in
            let error = error as? DocumentError
            XCTAssertEqual(error?.line, 8)
            XCTAssertEqual(error?.column, 65)
            XCTAssertEqual(error?.message, "<location> inside <vevent>: only <properties> and <components> belong there")
        }
        XCTAssertEqual(uids, ["one", "two"])
    }

    func testJCalErrorInTheThirdComponentComesAfterTheFirstTwoWithItsLineAndColumn() {
        let jcal = """
            ["vcalendar", [["version", {}, "text", "2.0"]], [
              ["vevent", [["uid", {}, "text", "one"]], []],
              ["vevent", [["uid", {}, "text", "two"]], []],
              ["vevent", {"uid": "three"}, []]
            ]]
            """
        var uids: [String] = []
        var pending: [UInt8]? = Array(jcal.utf8)
        XCTAssertThrowsError(
            try JCalReader().read(chunks: {
                defer { pending = nil }; return pending
            }) { event in
                if case .component(let read) = event { uids.append(try read.component()["UID"]?.value ?? "") }
            }
        ) { error in
            let error = error as? DocumentError
            XCTAssertEqual(error?.line, 4)
            XCTAssertEqual(error?.column, 3)
            XCTAssertEqual(error?.message, "$[2][2]: a component must be [name, [properties], [components]]")
        }
        XCTAssertEqual(uids, ["one", "two"])
    }

    func testJCalSyntaxErrorInALaterComponentIsPlacedInTheWholeText() {
        let jcal = "[\"vcalendar\", [],\n [[\"vevent\", [], []],\n  [\"vevent\", [[\"uid\", {}, \"text\" \"x\"]], []]]]"
        XCTAssertThrowsError(try JCalReader().calendars(from: Array(jcal.utf8))) { error in
            XCTAssertEqual((error as? DocumentError)?.line, 3)
            XCTAssertEqual((error as? DocumentError)?.column, 34)
        }
    }

    /// jCal is read by the reader timetables use, so it refuses what they refuse, placed in the whole text.
    func testJCalRefusesWhatTheOneJSONReaderRefusesAtItsPlaceAfterAByteOrderMark() {
        let cases = [
            (#"["x-count", {}, "integer", +1]"#, 42, "expected a value (object, array, string, number, true, false or null)"),
            (#"["summary", {"language": "de", "language": "en"}, "text", "a"]"#, 46, #"the key "language" appears twice in this object"#),
            (#"["summary", {}, "text", "a\ud83d"]"#, 41, "\\u escape of a lone surrogate (half of a UTF-16 pair without the other half)"),
        ]
        for (property, column, message) in cases {
            let jcal = [0xEF, 0xBB, 0xBF] + Array("[\"vcalendar\", [],\n [[\"vevent\", [\(property)], []]]]".utf8)
            XCTAssertThrowsError(try JCalReader().calendars(from: jcal), property) { error in
                XCTAssertEqual((error as? DocumentError)?.description, ":2:\(column): \(message)")
            }
        }
    }

    /// The oversized component arrives in 64 KiB chunks and is refused once it passes the bound,
    /// before the rest of it is read.
    func testComponentLargerThanTheBoundIsRefusedBeforeItIsReadWhole() {
        let bound = 1 << 20
        let text = [UInt8](repeating: UInt8(ascii: "a"), count: 64 << 10)
        for (opening, read) in [
            (
                "<icalendar xmlns=\"urn:ietf:params:xml:ns:icalendar-2.0\"><vcalendar><components><vevent><properties>"
                    + "<description><text>", XCalReader(maximumComponentBytes: bound).read
            ),
            ("[\"vcalendar\",[],[[\"vevent\",[[\"description\",{},\"text\",\"", JCalReader(maximumComponentBytes: bound).read),
        ] {
            var chunks = 0
            XCTAssertThrowsError(
                try read(
                    { () -> [UInt8]? in
                        chunks += 1
                        return chunks == 1 ? Array(opening.utf8) : chunks < 1_000 ? text : nil
                    }, { _ in })
            ) { error in
                XCTAssertTrue("\(error)".contains("larger than 1 MiB"), "\(error)")
                XCTAssertEqual((error as? DocumentError)?.line, 1, "\(error)")
            }
            XCTAssertLessThan(chunks, 20, "reading stops at the bound, not at the end of the document")
        }
    }
}
