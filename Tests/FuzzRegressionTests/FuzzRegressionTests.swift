import Foundation
import FuzzTargets
import XCTest

/// Every input a fuzzer once broke a reader with (saved by `Scripts/fuzz` under `Findings/<target>/`)
/// goes through its target again and must now keep every promise; and the sample files, the fuzzers'
/// first seeds, keep them too.
final class FuzzRegressionTests: XCTestCase {
    private static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    private static let findings = here.appendingPathComponent("Findings")
    private static let samples = here.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples")

    private func files(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0) }
    }

    func testEveryFindingIsFiledUnderATargetThatExists() {
        for folder in files(in: Self.findings) {
            XCTAssertNotNil(FuzzTarget.named(folder.lastPathComponent), "\(folder.lastPathComponent) names no fuzz target")
        }
    }

    func testEverySavedFindingNowKeepsItsTargetsPromises() throws {
        var replayed = 0
        for folder in files(in: Self.findings) {
            guard let target = FuzzTarget.named(folder.lastPathComponent) else { continue }
            for file in files(in: folder) {
                let fault = target.check(Array(try Data(contentsOf: file)))
                XCTAssertNil(fault, "\(target.name)/\(file.lastPathComponent)")
                replayed += 1
            }
        }
        XCTAssertGreaterThan(replayed, 0, "no finding was replayed")
    }

    func testTheSamplesKeepEveryPromiseOfTheirFormatsTargets() throws {
        let targets = [
            "ics": ["ics-scanner", "ics", "ics-lines"], "vcf": ["vcard"],
            "json": ["timetable-json", "model-json", "jcal"], "csv": ["timetable-csv", "calendar-csv"],
        ]
        var checked = 0
        for file in files(in: Self.samples) {
            for name in targets[file.pathExtension] ?? [] {
                let target = try XCTUnwrap(FuzzTarget.named(name))
                XCTAssertNil(target.check(Array(try Data(contentsOf: file))), "\(name): \(file.lastPathComponent)")
                checked += 1
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 20)
    }
}
