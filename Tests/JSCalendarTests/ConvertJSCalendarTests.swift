import CalendarModel
import Foundation
@testable import JSCalendar
import XCTest

/// `calbridge convert` with JSCalendar as the built binary runs it: the format is taken from
/// `.jscal.json` (two extensions deep), from a `.json` file's `@type`, or from `--to jscal`, and
/// unreadable JSCalendar exits 65 with the place of the problem.
final class ConvertJSCalendarTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else { throw XCTSkip("calbridge is not built at \(binary.path)") }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("jscal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    func testAJSCalendarFileNamedSoIsWrittenAndReadBackToTheSameCalendar() throws {
        let sample = try XCTUnwrap(realWorldCalendars.first { $0.lastPathComponent == "team-calendar.ics" })
        let json = folder.appendingPathComponent("team.jscal.json").path, back = folder.appendingPathComponent("back.ics").path
        let written = try run(["convert", sample.path, "-o", json])
        XCTAssertEqual(written.status, 0, written.errors)
        XCTAssertEqual(written.errors, "", "a clean calendar converts without a word")
        XCTAssertTrue(try String(contentsOfFile: json, encoding: .utf8).hasPrefix("{\n  \"@type\": \"Group\""))
        let read = try run(["convert", json, "-o", back])
        XCTAssertEqual(read.status, 0, read.errors)
        XCTAssertEqual(try readICalendar(URL(fileURLWithPath: back)).losslessForm, try readICalendar(sample).losslessForm)
    }

    func testAJSONFileWhoseTypeIsAnEventIsReadAsJSCalendar() throws {
        let path = folder.appendingPathComponent("lunch.json").path
        try
            #"{"@type": "Event", "uid": "lunch-1", "title": "Lunch", "start": "2026-01-05T12:00:00", "timeZone": "Europe/Berlin", "duration": "PT1H"}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let result = try run(["convert", path, "--to", "ics"])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertTrue(result.output.contains("DTSTART;TZID=Europe/Berlin:20260105T120000\r\n"), result.output)
        XCTAssertTrue(result.output.contains("DURATION:PT1H\r\n"), result.output)
    }

    func testUnreadableJSCalendarExits65WithTheLineAndColumn() throws {
        let path = folder.appendingPathComponent("broken.jscal.json").path
        try "{\n  \"@type\": \"Event\",\n  \"title\": \"Lunch\"\n  \"start\": \"2026-01-05T12:00:00\"\n}\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        let result = try run(["convert", path, "--to", "ics"])
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(result.errors.contains("broken.jscal.json:4:3: error:"), result.errors)
        XCTAssertEqual(result.output, "", "nothing is written")
    }

    private var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("calbridge")
    }

    private func run(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile(), err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }
}
