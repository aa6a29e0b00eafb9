import Foundation
import XCTest

/// A merge the user asked for is silent (issue 29): converting, importing and exporting the
/// samples says nothing about calendar properties left out, and what calbridge merged carries its
/// own PRODID, with the version `--version` prints.
final class QuietMergeCommandTests: XCTestCase {
    private static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples")

    private static func sample(_ name: String) -> String {
        samples.appendingPathComponent(name).path
    }

    /// `1.2.3` of `calbridge 1.2.3 (libical …)`.
    private func version() throws -> String {
        let result = try Calbridge.run(["--version"])
        XCTAssertEqual(result.status, 0, result.standardError)
        return String(result.standardOutput.dropFirst("calbridge ".count).prefix { $0 != " " })
    }

    func testConvertOfAGoogleAndAnOutlookExportWarnsNothingAndIsCalbridgesMaking() throws {
        let output = try scratchDirectory().appendingPathComponent("merged.ics").path
        let result = try Calbridge.run(["convert", Self.sample("google-export.ics"), Self.sample("outlook-export.ics"), "-o", output])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardError, "")
        let lines = try String(contentsOfFile: output, encoding: .utf8).components(separatedBy: "\r\n")
        XCTAssertEqual(lines.filter { $0.hasPrefix("PRODID:") }, ["PRODID:-//calbridge//calbridge \(try version())//EN"])
        XCTAssertEqual(lines.filter { $0.hasPrefix("X-WR-CALNAME:") }, ["X-WR-CALNAME:Familie Brandt"], "the first input's name")
    }

    func testConvertOfOneInputKeepsItsOwnProductIdentifier() throws {
        let result = try Calbridge.run(["convert", Self.sample("apple-export.ics")])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.contains("PRODID:-//Apple Inc.//macOS 14.0//EN\r\n"), result.standardOutput)
    }

    func testImportedResourcesKeepTheirOwnInputsProductIdentifier() throws {
        let store = try scratchDirectory().appendingPathComponent("store")
        let result = try Calbridge.run(["import", Self.sample("google-export.ics"), Self.sample("outlook-export.ics"), "--to", store.path])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertFalse(result.standardError.contains("warning"), result.standardError)
        var producers: [String: Int] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: store.path) where name.hasSuffix(".ics") {
            let text = try String(contentsOf: store.appendingPathComponent(name), encoding: .utf8)
            let lines = text.components(separatedBy: "\r\n")
            XCTAssertEqual(lines.filter { $0.hasPrefix("PRODID:") }.count, 1, text)
            XCTAssertFalse(lines.contains { $0.hasPrefix("X-WR-CALNAME:") || $0.hasPrefix("X-CALSTART:") }, text)
            for line in lines where line.hasPrefix("PRODID:") { producers[line, default: 0] += 1 }
        }
        XCTAssertEqual(
            producers,
            [
                "PRODID:-//Google Inc//Google Calendar 70.9054//EN": 3,
                "PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN": 3,
            ])
    }

    func testExportOfAStoreOfManyResourcesPrintsNothingAndIsCalbridgesMaking() throws {
        let directory = try scratchDirectory()
        let store = directory.appendingPathComponent("store")
        let samples = ["google-export.ics", "outlook-export.ics", "apple-export.ics", "team-calendar.ics", "university-courses.ics"]
        let imported = try Calbridge.run(["import"] + samples.map(Self.sample) + ["--to", store.path])
        XCTAssertEqual(imported.status, 0, imported.standardError)
        let resources = try FileManager.default.contentsOfDirectory(atPath: store.path).filter { $0.hasSuffix(".ics") }
        XCTAssertGreaterThan(resources.count, 10)
        let output = directory.appendingPathComponent("everything.ics").path
        let exported = try Calbridge.run(["export", store.path, "-o", output])
        XCTAssertEqual(exported.status, 0, exported.standardError)
        XCTAssertEqual(exported.standardError, "")
        let lines = try String(contentsOfFile: output, encoding: .utf8).components(separatedBy: "\r\n")
        XCTAssertEqual(lines.filter { $0.hasPrefix("PRODID:") }, ["PRODID:-//calbridge//calbridge \(try version())//EN"])
        XCTAssertFalse(lines.contains { $0.contains("Berlin-2") })
    }
}
