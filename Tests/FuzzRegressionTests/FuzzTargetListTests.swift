import CalendarDocuments
import Foundation
import FuzzTargets
import XCTest

/// Every reader of the format registry has a fuzz target, and `Scripts/fuzz` runs every target.
final class FuzzTargetListTests: XCTestCase {
    func testEveryFormatOfTheRegistryHasAFuzzTargetOfItsName() {
        let names = FuzzTarget.all.map(\.name)
        XCTAssertEqual(Set(names).count, names.count, "target names are unique")
        for descriptor in CalendarFormat.registry {
            XCTAssertNotNil(FuzzTarget.named(descriptor.fuzzTarget), descriptor.name)
        }
        // The names the fuzz corpus, findings and HOURS.md have used since before the registry.
        for kept in [
            "ics-scanner", "ics", "ics-lines", "rrule", "recurrence", "vcard", "xcal", "jcal", "multistatus",
            "model-json", "timetable-json", "timetable-csv",
        ] {
            XCTAssertNotNil(FuzzTarget.named(kept), kept)
        }
    }

    func testScriptsFuzzRunsEveryTarget() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let script = try String(contentsOf: root.appendingPathComponent("Scripts/fuzz"), encoding: .utf8)
        let line = try XCTUnwrap(script.split(separator: "\n").first { $0.hasPrefix("targets=(") })
        let listed = Set(line.dropFirst("targets=(".count).dropLast().split(separator: " ").map(String.init))
        XCTAssertEqual(
            listed, Set(FuzzTarget.all.map(\.name)),
            "Scripts/fuzz's targets=(…) and smoke_runs list every FuzzTarget, one for each format of the registry")
    }
}
