import CalendarModel
import Foundation
import ICalendar
@testable import JSCalendar
import Platform
import XCTest

/// ics → JSCalendar → ics on every real-world calendar the tests hold. "Lossless" means: the same
/// components (compared as a collection, since a Group puts overrides with their master and carried
/// components first), each with the same properties — name, parameters in their order, values as
/// written — where properties of one name keep their order and properties of different names may
/// come back in another (`Component.losslessForm`).
final class CorpusRoundTripTests: XCTestCase {
    func testEveryRealWorldCalendarComesBackFromJSCalendarUnchanged() throws {
        let files = realWorldCalendars
        XCTAssertGreaterThanOrEqual(files.count, 90)
        var passed = 0
        for url in files {
            let original = try readICalendar(url)
            let json = JSCalendarDocument.bytes(of: original)
            let back = try JSCalendarReading.read(json, path: url.lastPathComponent).calendar
            if back.losslessForm == original.losslessForm {
                passed += 1
            } else {
                XCTFail("\(url.path): " + firstDifference(back.losslessForm, original.losslessForm))
            }
        }
        XCTAssertEqual(passed, files.count)
    }

    func testAConvertedEventSaysItsTimesRulesAndPeopleInJSCalendarTerms() throws {
        let url = realWorldCalendars.first { $0.lastPathComponent == "google-export.ics" }
        let json = JSCalendarDocument.object(for: try readICalendar(try XCTUnwrap(url)))
        XCTAssertEqual(json["@type"], .string("Group"))
        guard case .array(let entries)? = json["entries"] else { return XCTFail("no entries") }
        XCTAssertTrue(entries.contains { $0["recurrenceRules"] != nil })
        XCTAssertTrue(entries.allSatisfy { $0["start"] != nil && $0["uid"] != nil })
    }
}

/// Every .ics the tests hold that came from a calendar program or was made to look like one.
var realWorldCalendars: [URL] {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    let folders = [
        "ICalendarTests/Corpus", "OccurrencesTests/MessySeries", "CalendarWebFormatsTests/Fixtures/rfc6321",
        "CalendarWebFormatsTests/Fixtures/rfc7265", "CalendarWebFormatsTests/Fixtures/streaming", "../Samples",
    ]
    return folders.flatMap { folder -> [URL] in
        let directory = tests.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".ics") }.sorted().map { directory.appendingPathComponent($0) }
    }
}

/// A file read through calbridge's iCalendar reader into one VCALENDAR.
func readICalendar(_ url: URL) throws -> Component {
    var calendar = Component(name: "VCALENDAR")
    var reader = CalendarStreamReader()
    try reader.read(try InputFile(path: url.path)) { event in
        switch event {
        case .property(let property): calendar.properties.append(property)
        case .component(let read): if let component = read.component { calendar.components.append(component) }
        }
    }
    return calendar
}

func firstDifference(_ a: LosslessComponent, _ b: LosslessComponent) -> String {
    if a.name != b.name { return "component \(a.name) vs \(b.name)" }
    for (x, y) in zip(a.properties, b.properties) where x != y { return "\(a.name): \(x) vs \(y)" }
    if a.properties.count != b.properties.count {
        return "\(a.name): \(a.properties.count) vs \(b.properties.count) properties: "
            + "\(a.properties.filter { !b.properties.contains($0) }) / \(b.properties.filter { !a.properties.contains($0) })"
    }
    for (x, y) in zip(a.components, b.components) where x != y { return firstDifference(x, y) }
    return "\(a.name): \(a.components.count) vs \(b.components.count) components"
}
