import CalendarModel
import Foundation
import ICalendar
import Occurrences
import Platform
import XCTest

/// The messy series in `MessySeries/` (see its README): each calendar read leniently with the .ics
/// reader (its diagnostics aside, folds repaired), expanded through the library over 2000–2031 and
/// compared with `expected.json` occurrence for occurrence: UID, start and end as UTC instants or dates.
final class MessySeriesConformanceTests: XCTestCase {
    private static let folder = Bundle.module.resourceURL!.appendingPathComponent("MessySeries")

    private struct Expectations: Decodable {
        var window: [String]
        var cases: [String: Case]
    }

    private struct Case: Decodable {
        var expected: [Listed]
        var rule: String
    }

    /// One occurrence as expected.json lists it; an end of `null` means none was written.
    private struct Listed: Decodable, Equatable, CustomStringConvertible {
        var uid: String
        var start: String
        var end: String?

        var description: String { "\(uid) \(start)–\(end ?? "nil")" }
    }

    func testEveryMessySeriesExpandsAsExpected() throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent("expected.json"))
        let expectations = try JSONDecoder().decode(Expectations.self, from: data)
        XCTAssertEqual(expectations.cases.count, 20)
        var agreeing = 0
        for (name, expected) in expectations.cases.sorted(by: { $0.key < $1.key }) {
            let found = try listed(name, window: expectations.window)
            let wanted = expected.expected.map(Self.endingAtStartWhenNoneWritten)
            if found == wanted { agreeing += 1 }
            XCTAssertEqual(found, wanted, "\(name): \(expected.rule)")
        }
        XCTAssertEqual(agreeing, 20)
    }

    /// RFC 5545 §3.6.1: an event with a DATE-TIME DTSTART and neither DTEND nor DURATION "will end on
    /// the same calendar date and time of day specified by the DTSTART property".
    private static func endingAtStartWhenNoneWritten(_ occurrence: Listed) -> Listed {
        var ending = occurrence
        ending.end = occurrence.end ?? occurrence.start
        return ending
    }

    private func listed(_ name: String, window: [String]) throws -> [Listed] {
        var calendar = Component(name: "VCALENDAR")
        var reader = CalendarStreamReader()
        reader.checksWithLibical = false
        try reader.read(InputFile(path: Self.folder.appendingPathComponent(name + ".ics").path)) { event in
            switch event {
            case .property(let property): calendar.properties.append(property)
            case .component(let read): read.component.map { calendar.components.append($0) }
            }
        }
        var expansion = CalendarExpansion(calendar: calendar)
        let bounds = window.map { DateValue(icalendar: $0.replacing("-", with: ""))!.local }
        return try expansion.occurrences(from: bounds[0], to: bounds[1], in: nil).map { occurrence in
            Listed(uid: occurrence.uid, start: Self.text(occurrence.start), end: Self.text(occurrence.end))
        }
    }

    /// A date as written, anything else as its UTC instant.
    private static func text(_ time: OccurrenceTime) -> String {
        if case .date = time { return time.isoText }
        return OccurrenceTime.utc(time.orderingSecond(floatingZone: nil)).isoText
    }
}
