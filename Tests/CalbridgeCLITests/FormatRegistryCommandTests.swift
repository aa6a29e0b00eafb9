import CalendarDocuments
import Foundation
import XCTest

/// What the command says of formats comes from the format registry: convert's help lists every
/// entry, and a format it does not write is refused with the registry's list (exit 64), never
/// written as another.
final class FormatRegistryCommandTests: XCTestCase {
    func testConvertsHelpListsEveryFormatOfTheRegistryWithWhatItCarries() throws {
        let help = try Calbridge.run(["convert", "--help"]).standardOutput
        for descriptor in CalendarFormat.registry {
            let mode = descriptor.writer == nil ? "reads" : "writes"
            let extensions = descriptor.extensions.map { "." + $0 }.joined(separator: " ")
            XCTAssertTrue(
                help.contains("\n  \(descriptor.name) (\(mode)): \(descriptor.title); \(extensions)\n      \(descriptor.carries)\n"),
                descriptor.name)
        }
        // The --to values, as the argument parser wraps them.
        let values = help.components(separatedBy: "--to <format>").dropFirst().first?
            .components(separatedBy: "(values:").dropFirst().first?.prefix { $0 != ")" }
            .split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init)
        XCTAssertEqual(values, CalendarFormat.writable.map(\.rawValue))
    }

    func testAReadOnlyOrUnknownOutputFormatIsAUsageErrorNamingWhatIsWritten() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in CalendarFormat.all.filter({ !$0.isWritable }).map(\.rawValue) + ["pdf"] {
            let asked = try Calbridge.run(["convert", "-", "--to", name], input: sampleCalendar)
            XCTAssertEqual(asked.status, 64, name)
            XCTAssertTrue(
                asked.standardError.contains("The value '\(name)' is invalid for '--to <format>'. Please provide one of"),
                asked.standardError)
            // The argument parser lists the values in a sentence, or one a line when there are many.
            for written in CalendarFormat.writable.map(\.rawValue) {
                XCTAssertTrue(asked.standardError.contains("'\(written)'") || asked.standardError.contains("  - \(written)\n"), written)
            }
            XCTAssertFalse(CalendarFormat.all.filter { !$0.isWritable }.contains { asked.standardError.contains("  - \($0)\n") })
            XCTAssertEqual(asked.standardOutput, "")
        }
        let named = try Calbridge.run(["convert", "-", "-o", "contacts.vcf"], input: sampleCalendar, directory: directory)
        XCTAssertEqual(named.status, 64)
        XCTAssertTrue(
            named.standardError.contains(
                "calbridge reads vcf, contact cards (vCard 2.1, 3.0, 4.0), but does not write it; "
                    + "it writes " + CalendarFormat.listing(CalendarFormat.writable.map(\.rawValue))),
            named.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("contacts.vcf").path))
    }

    func testModelJSONThatIsNotJSONIsPlacedAtItsLineAndColumnAndRefused() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "{\n  \"type\": \"VCALENDAR\",\n  \"components\": [,]\n}\n".write(
            to: directory.appendingPathComponent("broken.json"),
            atomically: true, encoding: .utf8)
        let result = try Calbridge.run(["convert", "broken.json", "-o", "out.ics"], directory: directory)
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(result.standardError.contains("broken.json:3:18: error: not JSON: expected a value"), result.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.ics").path))
    }
}
