import Foundation
import XCTest

/// `--quiet`, `--json` diagnostics and progress on a terminal (issue 20).
final class ReportingTests: XCTestCase {
    private let messy = sampleCalendar.replacingOccurrences(of: "LOCATION:H1.12", with: "DUE:20261332")

    func testQuietKeepsOnlyErrors() throws {
        let loud = try Calbridge.run(["convert", "-"], input: messy)
        XCTAssertTrue(loud.standardError.contains("<stdin>:"), loud.standardError)
        let quiet = try Calbridge.run(["convert", "-", "--quiet"], input: messy)
        XCTAssertEqual(quiet.status, 0)
        XCTAssertEqual(quiet.standardError, "")
        let refused = try Calbridge.run(["convert", "-", "--quiet", "--strict"], input: messy)
        XCTAssertEqual(refused.status, 65)
        XCTAssertTrue(refused.standardError.contains("error:"), refused.standardError)
        let valid = try Calbridge.run(["validate", "-", "--quiet"], input: sampleCalendar)
        XCTAssertEqual(valid.standardError, "", "a summary is no error")
    }

    func testJSONDiagnosticsAreOneObjectPerProblem() throws {
        for (command, stream) in [
            ("validate", \CommandResult.standardOutput), ("convert", \CommandResult.standardError),
            ("expand", \CommandResult.standardError),
        ] {
            let window = command == "expand" ? ["--from", "2026-10-01", "--to", "2026-11-01"] : []
            let result = try Calbridge.run([command, "-", "--json"] + window, input: messy)
            let lines = result[keyPath: stream].split(separator: "\n").filter { $0.hasPrefix("{") }
            XCTAssertFalse(lines.isEmpty, command + ": " + result.standardError)
            for line in lines {
                let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], command)
                XCTAssertEqual(Set(object.keys), ["kind", "file", "line", "column", "severity", "message", "repair"], command)
                XCTAssertEqual(object["kind"] as? String, "diagnostic", command)
                XCTAssertEqual(object["file"] as? String, "<stdin>")
                XCTAssertNotNil(object["line"] as? Int, command)
            }
        }
    }

    func testProgressIsDrawnOnATerminalOnly() throws {
        let directory = try scratchDirectory()
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//calbridge tests//progress//EN"]
        for index in 0..<20_000 {
            lines += [
                "BEGIN:VEVENT", "UID:\(index)@progress.example.org", "DTSTAMP:20260101T000000Z",
                "DTSTART:20260301T\(String(format: "%02d", index % 24))0000Z", "SUMMARY:Event \(index)", "END:VEVENT",
            ]
        }
        try crlf(lines + ["END:VCALENDAR"]).write(to: directory.appendingPathComponent("big.ics"), atomically: true, encoding: .utf8)
        // Drawn from the first block on, however fast this machine reads it.
        let onTerminal = try runOnTerminal(
            ["env", "CALBRIDGE_PROGRESS_AFTER=0", Calbridge.binary.path, "convert", "big.ics", "-o", "out.ics"],
            in: directory)
        XCTAssertTrue(onTerminal.contains("\rreading") || onTerminal.contains("\r\u{1B}[Kreading"), onTerminal)
        XCTAssertTrue(onTerminal.contains("MB/s") && onTerminal.contains(" left"), onTerminal)
        let piped = try Calbridge.run(["convert", "big.ics", "-o", "out.ics"], directory: directory)
        XCTAssertEqual(piped.status, 0)
        XCTAssertEqual(piped.standardError, "")
        let quiet = try runOnTerminal(
            ["env", "CALBRIDGE_PROGRESS_AFTER=0", Calbridge.binary.path, "convert", "big.ics", "-o", "out.ics", "--quiet"],
            in: directory)
        XCTAssertFalse(quiet.contains("reading"), quiet)
    }

    /// What a command wrote to a pseudo-terminal (`script` gives it one for standard error).
    private func runOnTerminal(_ command: [String], in directory: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command.map { "'\($0)'" }.joined(separator: " "), "/dev/null"]
        process.currentDirectoryURL = directory
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, text)
        return text
    }
}
