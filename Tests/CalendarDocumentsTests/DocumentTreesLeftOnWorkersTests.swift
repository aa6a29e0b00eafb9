import CalendarDocuments
import CalendarModel
import Foundation
import ICalendar
import XCTest

/// convert to .ics of an xCal or jCal input lets each item's tree die on the worker that built it,
/// as of an .ics input: only a VTIMEZONE, which goes into the calendar whole, and an item given a
/// made UID, which a repeat of it renumbers, come back with theirs; what is written stays the same.
final class DocumentTreesLeftOnWorkersTests: XCTestCase {
    private static let jCal = """
        ["vcalendar",[["version",{},"text","2.0"],["prodid",{},"text","-//t//EN"]],[\
        ["vtimezone",[["tzid",{},"text","My Zone"]],[["standard",[["dtstart",{},"date-time","2020-01-01T00:00:00"],\
        ["tzoffsetfrom",{},"utc-offset","+05:00"],["tzoffsetto",{},"utc-offset","+05:00"]],[]]]],\
        ["vevent",[["uid",{},"text","a"],["dtstamp",{},"date-time","2026-01-01T00:00:00Z"],\
        ["dtstart",{"tzid":"My Zone"},"date-time","2026-07-15T10:00:00"]],[]],\
        ["vevent",[["dtstart",{},"date-time","2026-07-15T10:00:00Z"],["summary",{},"text","Twice"]],[]],\
        ["vevent",[["dtstart",{},"date-time","2026-07-15T10:00:00Z"],["summary",{},"text","Twice"]],[]]]]
        """

    private static func element(_ name: String, _ type: String, _ value: String, tzid: String? = nil) -> String {
        let parameters = tzid.map { "<parameters><tzid><text>\($0)</text></tzid></parameters>" } ?? ""
        return "<\(name)>\(parameters)<\(type)>\(value)</\(type)></\(name)>"
    }

    private static let xCal: String = {
        func component(_ name: String, _ properties: [String], _ components: [String] = []) -> String {
            "<\(name)><properties>\(properties.joined())</properties>"
                + (components.isEmpty ? "" : "<components>\(components.joined())</components>") + "</\(name)>"
        }
        let zone = component(
            "vtimezone", [element("tzid", "text", "My Zone")],
            [
                component(
                    "standard",
                    [
                        element("dtstart", "date-time", "2020-01-01T00:00:00"), element("tzoffsetfrom", "utc-offset", "+05:00"),
                        element("tzoffsetto", "utc-offset", "+05:00"),
                    ])
            ])
        let zoned = component(
            "vevent",
            [
                element("uid", "text", "a"), element("dtstamp", "date-time", "2026-01-01T00:00:00Z"),
                element("dtstart", "date-time", "2026-07-15T10:00:00", tzid: "My Zone"),
            ])
        let twice = component("vevent", [element("dtstart", "date-time", "2026-07-15T10:00:00Z"), element("summary", "text", "Twice")])
        let calendar = component(
            "vcalendar", [element("version", "text", "2.0"), element("prodid", "text", "-//t//EN")],
            [zone, zoned, twice, twice])
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?><icalendar xmlns=\"urn:ietf:params:xml:ns:icalendar-2.0\">\(calendar)</icalendar>"
    }()

    /// What each component goes out as, and which were handed on with their tree.
    private func convert(_ text: String, name: String, keepsComponents: Bool) throws -> (encoded: [String], trees: [String?]) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString)-\(name)").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var reader = CalendarStreamReader(encodes: true)
        reader.keepsComponents = keepsComponents
        var result: (encoded: [String], trees: [String?]) = ([], [])
        _ = try CalendarInputs(paths: [path], format: nil).read(with: &reader) { event in
            guard case .component(let read) = event else { return }
            result.encoded.append(String(decoding: read.encoded ?? [], as: UTF8.self))
            result.trees.append(read.component?.name)
        }
        return result
    }

    func testAnItemsTreeDiesOnItsWorkerAndAZoneAndAMadeUIDKeepTheirs() throws {
        for (text, name) in [(Self.xCal, "calendar.xcs"), (Self.jCal, "calendar.jcal")] {
            let kept = try convert(text, name: name, keepsComponents: true)
            let left = try convert(text, name: name, keepsComponents: false)
            XCTAssertEqual(left.encoded, kept.encoded, name)
            XCTAssertEqual(kept.trees, ["VTIMEZONE", "VEVENT", "VEVENT", "VEVENT"], name)
            XCTAssertEqual(left.trees, ["VTIMEZONE", nil, "VEVENT", "VEVENT"], name)
            XCTAssertTrue(left.encoded[0].contains("TZID:My Zone\r\n"), left.encoded[0])
            XCTAssertTrue(left.encoded[1].contains("DTSTART;TZID=My Zone:20260715T100000\r\n"), left.encoded[1])
            let uids = left.encoded[2...].map { $0.split(separator: "\r\n").first { $0.hasPrefix("UID:") } }
            XCTAssertEqual(uids[0].map { $0 + "-2" }, uids[1], "\(name): the repeat gets a UID of its own")
        }
    }
}
